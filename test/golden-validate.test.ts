/**
 * The real `tofu validate` (or terraform) on every golden tree, offline: schema-only stub
 * providers serve ../shared/provider-schemas (plus test/provider-schemas for the Git forge
 * providers, which have no shared schema). Skips, saying why, when the binary or the shared
 * schemas are missing; never passes silently.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validateTree } from "../src/validate/index.js";
import { buildCase, listCases, ROOT } from "./golden-corpus.js";
import { findTofu, sharedPath } from "./tools.js";

const tofu = findTofu();
const sharedSchemas = process.env["TALOS_HCLGEN_PROVIDER_SCHEMAS"] ?? sharedPath("provider-schemas");
const skipReason =
  tofu === null ? "neither tofu nor terraform is on PATH" : sharedSchemas === null ? "../shared/provider-schemas not found" : null;
if (skipReason !== null) console.warn(`skipped: offline validate tier (${skipReason})`);

const trees = listCases()
  .map(buildCase)
  .filter((c) => !c.hasErrors);
const work = mkdtempSync(join(tmpdir(), "talos-hclgen-golden-validate-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(skipReason !== null)("golden trees pass offline validate", () => {
  const schemas = [sharedSchemas ?? "", join(ROOT, "test", "provider-schemas")].join(delimiter);
  for (const tree of trees) {
    it.concurrent(tree.name, async () => {
      const dir = join(work, tree.name);
      for (const file of tree.expected) {
        mkdirSync(dirname(join(dir, file.path)), { recursive: true });
        writeFileSync(join(dir, file.path), file.contents);
      }
      const result = await validateTree(dir, { providerSchemas: schemas, label: `golden/${tree.name}` });
      const problems = result.diagnostics.map((d) => `${d.severity}: ${d.message}`);
      expect(problems.filter((p) => p.startsWith("error")), problems.join("\n")).toEqual([]);
      expect(result.exitCode).toBe(0);
    });
  }
});
