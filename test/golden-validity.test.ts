/**
 * Goldens must be valid, not just stable. On every golden tree: every .tf parses
 * (@cdktf/hcl2json), `tofu fmt -check` (or terraform) finds nothing, every Talos patch
 * document validates against the Talos v1.13 config schema. A tier whose tool or schema
 * is missing says that it skipped and why; it never passes silently.
 */
import { parse } from "@cdktf/hcl2json";
import { execa } from "execa";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { hostnameConfig } from "../src/plan/talos/documents.js";
import { buildCase, listCases, ROOT } from "./golden-corpus.js";
import { findTofu, sharedPath } from "./tools.js";

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

const tofu = findTofu();
describe.skipIf(tofu === null)(`golden trees are ${tofu ?? "tofu"} fmt clean`, () => {
  it("fmt -check -recursive reports nothing", async () => {
    // An empty CLI config keeps the binary from warning about a missing ~/.terraformrc.
    const result = await execa(tofu ?? "tofu", ["fmt", "-check", "-recursive", "-diff", join(ROOT, "golden")], {
      reject: false,
      env: { TF_CLI_CONFIG_FILE: "/dev/null", CHECKPOINT_DISABLE: "1" },
    });
    expect(result.stdout, result.stderr).toBe("");
    expect(result.exitCode, result.stderr).toBe(0);
  });
});
if (tofu === null) console.warn("skipped: fmt -check tier (neither tofu nor terraform is on PATH)");

const talosSchemaPath = sharedPath("schemas", "talos-v1.13.config.schema.json");
describe.skipIf(talosSchemaPath === null)("Talos patches validate against the v1.13 config schema", () => {
  const validate = talosSchemaPath === null ? null : compileTalosSchema(talosSchemaPath);
  for (const tree of trees) {
    it(tree.name, () => {
      const patches = tree.expected.filter((f) => f.path.startsWith("patches/"));
      expect(patches.length).toBeGreaterThan(0);
      for (const file of patches) {
        for (const [index, document] of parseAllDocuments(file.contents).entries()) {
          const value: unknown = document.toJS();
          const ok = validate?.(value) ?? false;
          expect(ok ? [] : validate?.errors, `${tree.name}/${file.path} document ${index + 1}`).toEqual([]);
        }
      }
    });
  }
  // The talos-cluster module builds this one per node from the node's name (yamlencode of
  // hostnameConfig(expr("name"))): checked here with real names from the goldens.
  it("the hostname document of every node", () => {
    for (const name of ["cp-1", "wk-12", "node-a"]) {
      const ok = validate?.(hostnameConfig(name)) ?? false;
      expect(ok ? [] : validate?.errors, name).toEqual([]);
    }
  });
});
if (talosSchemaPath === null) console.warn("skipped: Talos schema tier (../shared/schemas/talos-v1.13.config.schema.json not found)");

function compileTalosSchema(path: string) {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true, validateFormats: false });
  return ajv.compile(JSON.parse(readFileSync(path, "utf8")) as object);
}
