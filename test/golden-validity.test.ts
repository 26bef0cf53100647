/**
 * Goldens must be valid, not just stable, even without the real tools: every .tf parses
 * (@cdktf/hcl2json), every Talos patch document validates against the config schema of the
 * Talos the tree installs (v1.13; v1.14.0-rc.1 for a v1.14 tree's own kinds; test/schemas/). The real `tofu fmt`, `validate` and Talos's own
 * validation of every node's final configuration are in test/real/ (`npm run tools`).
 */
import { parse } from "@cdktf/hcl2json";
import { parseAllDocuments } from "yaml";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildCase, listCases, ROOT } from "./golden-corpus.js";
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

// dry-run.sh runs under the user's /bin/sh (dash on Debian, bash elsewhere): it must parse in both.
describe("golden shell scripts parse in sh and bash", () => {
  for (const tree of trees) {
    it(tree.name, () => {
      const scripts = tree.expected.filter((f) => f.path.endsWith(".sh"));
      expect(scripts.map((f) => f.path)).toEqual(["dry-run.sh"]);
      for (const file of scripts) {
        for (const shell of ["sh", "bash"]) {
          const result = spawnSync(shell, ["-n"], { input: file.contents, encoding: "utf8" });
          expect(result.stderr, `${tree.name}/${file.path} (${shell})`).toBe("");
          expect(result.status, `${tree.name}/${file.path} (${shell})`).toBe(0);
        }
      }
    });
  }
});

describe("Talos patches validate against the config schema of the Talos the tree installs", () => {
  const validate = compileTalosSchema(upstreamSchema("talos-v1.13.config.schema.json") as object);
  // Talos v1.14 trees: their documents of their own kinds against the v1.14.0-rc.1 schema, the
  // newest v1.14 schema there is here (the machinery tier, test/real/machine-configs.test.ts, has
  // v1.14.1's code). Not the v1alpha1 document: the v1.14 schema leaves out the fields
  // it deprecates, which Talos v1.14 still reads (v1alpha1_types.go marks them "docgen:nodoc"
  // and "Deprecated"; upgrading-talos v1.14: "deprecated, but still supported"), and which the
  // v1.13 contract the trees keep sets.
  const validate114 = compileTalosSchema(upstreamSchema("talos-v1.14.0-rc.1.config.schema.json") as object);
  const onTalos114 = (name: string): boolean =>
    /^ {4}version: v1\.14\./m.test(readFileSync(join(ROOT, "fixtures", name, "spec.yaml"), "utf8").split("\n  kubernetes:")[0] ?? "");
  const schemaOf = (name: string, document: unknown) =>
    onTalos114(name) && typeof document === "object" && document !== null && "kind" in document ? validate114 : validate;
  it("reads each tree's Talos version (a v1.14 tree's documents of their own kinds get the v1.14 schema)", () => {
    expect(schemaOf("talos-1.14", { apiVersion: "v1alpha1", kind: "ResolverConfig" })).toBe(validate114);
    expect(schemaOf("talos-1.14", { machine: {} })).toBe(validate);
    expect(schemaOf("ha-proxmox", { apiVersion: "v1alpha1", kind: "ResolverConfig" })).toBe(validate);
  });
  for (const tree of trees) {
    it(tree.name, () => {
      const patches = tree.expected.filter((f) => f.path.startsWith("patches/"));
      expect(patches.length).toBeGreaterThan(0);
      for (const file of patches) {
        for (const [index, document] of parseAllDocuments(file.contents).entries()) {
          const value: unknown = document.toJS();
          const validate = schemaOf(tree.name, value);
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
