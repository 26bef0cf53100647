/**
 * The product's own offline validate (`talos-hclgen validate --offline`: schema-only stub
 * providers on Node, the schemas the package ships) on every golden tree, with the real
 * OpenTofu. Needs tofu: `npm run tools` builds it; without it this tier says it skipped, and
 * under CI it fails instead. test/real/validate.test.ts runs the real providers as well.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validateTree } from "../src/validate/index.js";
import { buildCase, listCases } from "./golden-corpus.js";
import { findProviderSchemas, skipReason } from "./validate/helpers.js";
import { findTofu } from "./tools.js";

const reason = skipReason();
if (reason !== undefined) console.warn(`skipped: offline validate tier (${reason})`);

const trees = listCases()
  .map(buildCase)
  .filter((c) => !c.hasErrors);
const work = mkdtempSync(join(tmpdir(), "talos-hclgen-golden-validate-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(reason !== undefined)("golden trees pass the offline validate of talos-hclgen", () => {
  const binary = findTofu() ?? "tofu";
  const schemas = findProviderSchemas() ?? "";
  for (const tree of trees) {
    it.concurrent(tree.name, async () => {
      const dir = join(work, tree.name);
      for (const file of tree.expected) {
        mkdirSync(dirname(join(dir, file.path)), { recursive: true });
        writeFileSync(join(dir, file.path), file.contents);
      }
      const result = await validateTree(dir, { providerSchemas: schemas, binary, label: `golden/${tree.name}` });
      const problems = result.diagnostics.map((d) => `${d.severity}: ${d.message}`);
      expect(
        problems.filter((p) => p.startsWith("error")),
        problems.join("\n"),
      ).toEqual([]);
      expect(result.exitCode).toBe(0);
    });
  }
});
