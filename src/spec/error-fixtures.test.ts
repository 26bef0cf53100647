/**
 * Error fixtures: every fixtures/error-<slug>/spec.yaml is a realistic spec with one or a few
 * mistakes, and golden/error-<slug>/diagnostics.txt holds exactly what talos-hclgen says about
 * it, in the plain style (one line per diagnostic, "  hint: ..." under it).
 *
 * Update after an intended change, then read the diff like code:
 *   UPDATE_GOLDEN=1 npx vitest run src/spec/error-fixtures.test.ts
 * Refused when CI is set: CI compares, it never rewrites.
 */
import fg from "fast-glob";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasErrors, sortDiagnostics } from "../diagnostics/diagnostic.js";
import { renderPlain } from "../diagnostics/render-plain.js";
import { checkSpec } from "./index.js";
import { ROOT } from "./spec.test-helper.js";

const update = process.env.UPDATE_GOLDEN === "1";
const cases = fg.sync("error-*/spec.yaml", { cwd: join(ROOT, "fixtures") }).map((p) => p.slice(0, p.indexOf("/"))).sort();

function expectedOutput(name: string): { text: string; failed: boolean } {
  const specPath = `fixtures/${name}/spec.yaml`;
  const { diagnostics, spec } = checkSpec(readFileSync(join(ROOT, specPath), "utf8"), specPath);
  return { text: `${renderPlain(sortDiagnostics(diagnostics)).join("\n")}\n`, failed: spec === undefined && hasErrors(diagnostics) };
}

describe("error fixtures", () => {
  it("exist", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });

  it("are never rewritten under CI", () => {
    if (update && process.env.CI !== undefined && process.env.CI !== "") throw new Error("UPDATE_GOLDEN is refused when CI is set");
  });

  for (const name of cases) {
    it(name, () => {
      const { text, failed } = expectedOutput(name);
      // An error fixture must fail: a spec with only warnings would compile.
      expect(failed, `${name} must produce at least one error`).toBe(true);
      const golden = join(ROOT, "golden", name, "diagnostics.txt");
      if (update && !process.env.CI) {
        mkdirSync(dirname(golden), { recursive: true });
        writeFileSync(golden, text);
      }
      expect(text).toBe(readFileSync(golden, "utf8"));
    });
  }
});
