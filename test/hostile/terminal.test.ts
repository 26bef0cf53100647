/**
 * Diagnostics quote the spec into terminals and CI logs: whatever the spec, its file name or a
 * value holds, both renderers print no raw control character (C0 but LF, DEL, C1: U+009B is
 * CSI, the start of an escape sequence), no bidi override (CVE-2021-42574) and no lone
 * surrogate. The injection properties check every rejection's plain rendering; this file
 * checks the pretty one (code frame included) on the worst characters.
 */
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { renderPlainOne } from "../../src/diagnostics/render-plain.js";
import { renderPretty } from "../../src/diagnostics/render-pretty.js";
import { compile } from "../../src/index.js";

const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/;
const NASTY = "a\u009b31mb\u001b]0;title\u0007c\u202ed\u2066e\u2028f\u0085g\ud800";

describe("diagnostics on a terminal", () => {
  it("escape what a terminal would act on, in every part of both renderings", () => {
    const file = `specs/${NASTY}.yaml`;
    const source = `name: "${NASTY}"\nrole: x\n`;
    const d: Diagnostic = {
      code: "schema/pattern",
      severity: "error",
      message: `metadata.name must be a DNS label (got ${JSON.stringify(NASTY)})`,
      hint: `did you mean ${NASTY}?`,
      span: { file, start: 6, end: 6 + NASTY.length, pos: { line: 1, col: 7 } },
    };
    for (const text of [renderPlainOne(d), renderPretty(d, { color: true, source: () => source }), renderPretty(d, { color: false })]) {
      // ANSI colour codes are the renderer's own (ESC [ ... m); nothing else may be raw.
      expect(text.replace(/\u001b\[[0-9;]*m/g, ""), text).not.toMatch(UNSAFE);
    }
  });

  it("hold for a compiled spec whose value and file name are hostile", () => {
    const text = `apiVersion: talos-hclgen/v1\nkind: Cluster\nmetadata:\n  name: "${NASTY.replace("\ud800", "")}"\n`;
    const result = compile(text, { specPath: `x${NASTY}.yaml` });
    expect(result.diagnostics.length).toBeGreaterThan(0);
    for (const d of result.diagnostics) {
      expect(renderPlainOne(d)).not.toMatch(UNSAFE);
      expect(renderPretty(d, { color: false, source: () => text })).not.toMatch(UNSAFE);
    }
  });
});
