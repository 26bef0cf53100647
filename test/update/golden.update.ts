/**
 * `npm run update` (not part of `npm test`): rewrites golden/ from fixtures/, and
 * rendered/ from the reference tree applied with the real tools when they are built.
 * The tests themselves never write; under CI this refuses to run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { it } from "vitest";
import { underCI } from "../ci.js";
import { buildCase, listCases, ROOT, writeGolden } from "../golden-corpus.js";
import { listImportCases, runImportCase, writeExpected } from "../import-corpus.js";
import { renderedFiles } from "../real/redact.js";
import { tools } from "../real/tools.js";
import { realTree, REFERENCE } from "../real/trees.js";
import { makeMirrors, Workspace } from "../real/workspace.js";

if (underCI) throw new Error("update is refused under CI: goldens are reviewed, not regenerated");

it("rewrites golden/", () => {
  for (const name of listCases()) writeGolden(buildCase(name));
});

it("rewrites test/import/talhelper/*/expected/", () => {
  for (const name of listImportCases()) writeExpected(runImportCase(name));
});

it.skipIf(tools === null)("rewrites rendered/ (needs npm run tools)", async () => {
  if (tools === null) return;
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-rendered-"));
  try {
    const tree = realTree(REFERENCE);
    const workspace = new Workspace(tools, makeMirrors(tools, work), join(work, "tree"), { TESTKIT_DHCP_CIDR: tree.cidr });
    await workspace.write(tree.files);
    await workspace.apply();
    const dir = join(ROOT, "rendered", REFERENCE);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const [file, text] of renderedFiles(workspace.machineConfigurations())) writeFileSync(join(dir, file), text);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
