import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyWrite } from "./apply-write.js";
import { renderManifest } from "./manifest.js";
import { JOURNAL_NAME } from "./paths.js";
import { planWrite } from "./plan-write.js";
import { makeTempDir, readTree, removeDir } from "./temp-tree.test-helper.js";

const v1 = [
  { path: "main.tf", contents: "# v1\n" },
  { path: "patches/a.yaml", contents: "# a v1\n" },
];
const v2 = [
  { path: "main.tf", contents: "# v2\n" },
  { path: "patches/b.yaml", contents: "# b v2\n" },
];
const v3 = [{ path: "main.tf", contents: "# v3\n" }];

let root: string;
let out: string;
beforeEach(() => {
  root = makeTempDir();
  out = join(root, "infra");
  expect(applyWrite(planWrite(out, v1, { force: false }))).toEqual({ ok: true });
});
afterEach(() => removeDir(root));

/** What a build of v2 killed mid-commit leaves: its journal, and some of its files placed. */
function killedBuildOfV2(): void {
  writeFileSync(join(out, JOURNAL_NAME), renderManifest(v2));
  writeFileSync(join(out, "main.tf"), "# v2\n");
  writeFileSync(join(out, "patches", "b.yaml"), "# b v2\n");
}

describe("the commit journal", () => {
  it("lets the next build of another spec take over the files a killed build wrote", () => {
    killedBuildOfV2();
    const plan = planWrite(out, v3, { force: false });
    expect(plan.conflicts).toEqual([]);
    expect(applyWrite(plan)).toEqual({ ok: true });
    expect(readTree(out)).toEqual({ ".talos-hclgen.json": renderManifest(v3), "main.tf": "# v3\n" });
  });

  it("does not vouch for a file whose bytes differ from the journal", () => {
    killedBuildOfV2();
    writeFileSync(join(out, "main.tf"), "# edited by hand\n");
    expect(planWrite(out, v3, { force: false }).conflicts.map((c) => c.kind)).toEqual(["hand-edited"]);
  });

  it("is gone after a successful build", () => {
    killedBuildOfV2();
    expect(applyWrite(planWrite(out, v2, { force: false }))).toEqual({ ok: true });
    expect(existsSync(join(out, JOURNAL_NAME))).toBe(false);
  });
});
