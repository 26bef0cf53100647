/**
 * The generated reference documents are current: docs/spec-reference.md (from the schema)
 * and docs/diagnostics.md (from the code registry). `npm run docs` rewrites both.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderReference } from "../src/cli/explain/reference.js";
import type { SchemaNode } from "../src/cli/explain/schema-node.js";
import { renderCodesReference } from "../src/diagnostics/reference.js";
import { ROOT } from "./golden-corpus.js";
import { underCI } from "./ci.js";

const update = process.env["UPDATE_DOCS"] === "1" && !underCI;
const schema = JSON.parse(readFileSync(join(ROOT, "schemas/talos-hclgen.schema.json"), "utf8")) as SchemaNode;

describe("generated docs are current (npm run docs)", () => {
  for (const [file, render] of [
    ["docs/spec-reference.md", () => renderReference(schema)],
    ["docs/diagnostics.md", renderCodesReference],
  ] as const) {
    it(file, () => {
      const expected = render();
      if (update) writeFileSync(join(ROOT, file), expected);
      expect(readFileSync(join(ROOT, file), "utf8")).toBe(expected);
    });
  }

  it("documents every field of the schema", () => {
    expect(renderReference(schema)).toContain("## spec.nodes");
    expect(renderReference(schema)).toContain("spec.nodes[].address");
  });
});
