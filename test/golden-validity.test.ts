/**
 * Goldens must be valid, not just stable, even without the real tools: every .tf parses
 * (@cdktf/hcl2json), every Talos patch document validates against the Talos v1.13 config
 * schema (vendored in test/schemas/). The real `tofu fmt`, `validate` and Talos's own
 * validation of every node's final configuration are in test/real/ (`npm run tools`).
 */
import { parse } from "@cdktf/hcl2json";
import { parseAllDocuments } from "yaml";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { buildCase, listCases } from "./golden-corpus.js";
import { upstreamSchema } from "./tools.js";

const trees = listCases()
  .map(buildCase)
  .filter((c) => !c.hasErrors);

describe("golden trees parse as HCL", () => {
  for (const tree of trees) {
    it(tree.name, async () => {
      for (const file of tree.expected.filter((f) => f.path.endsWith(".tf"))) {
        await expect(parse(file.path, file.contents), `${tree.name}/${file.path}`).resolves.toBeTypeOf("object");
      }
    });
  }
});

describe("Talos patches validate against the v1.13 config schema", () => {
  const validate = compileTalosSchema(upstreamSchema("talos-v1.13.config.schema.json") as object);
  for (const tree of trees) {
    it(tree.name, () => {
      const patches = tree.expected.filter((f) => f.path.startsWith("patches/"));
      expect(patches.length).toBeGreaterThan(0);
      for (const file of patches) {
        for (const [index, document] of parseAllDocuments(file.contents).entries()) {
          const value: unknown = document.toJS();
          const ok = validate(value);
          expect(ok ? [] : validate.errors, `${tree.name}/${file.path} document ${index + 1}`).toEqual([]);
        }
      }
    });
  }
  it("rejects a document Talos would refuse (the tier can fail)", () => {
    expect(validate({ apiVersion: "v1alpha1", kind: "HostnameConfig", auto: "sometimes" })).toBe(false);
  });
});

function compileTalosSchema(schema: object) {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true, validateFormats: false });
  return ajv.compile(schema);
}
