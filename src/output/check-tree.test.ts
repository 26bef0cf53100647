import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyWrite } from "./apply-write.js";
import { checkTree } from "./check-tree.js";
import { MANIFEST_NAME } from "./paths.js";
import { planWrite } from "./plan-write.js";
import { ageTree, makeTempDir, removeDir, snapshotTree, writeTree } from "./temp-tree.test-helper.js";

const files = [
  { path: "main.tf", contents: "a\nb\nc\n" },
  { path: "mod/x.tf", contents: "x\n" },
  { path: "old.tf", contents: "old\n" },
];

let root: string;
let out: string;
beforeEach(() => {
  root = makeTempDir();
  out = join(root, "infra");
});
afterEach(() => removeDir(root));

function build(next: typeof files): void {
  const plan = planWrite(out, next, { force: false });
  expect(plan.conflicts).toEqual([]);
  expect(applyWrite(plan)).toEqual({ ok: true });
}

describe("checkTree", () => {
  it("finds nothing in a tree build just wrote", () => {
    build(files);
    const result = checkTree(out, files);
    expect(result).toEqual({
      changed: [],
      missing: [],
      extra: [],
      unchanged: [MANIFEST_NAME, "main.tf", "mod/x.tf", "old.tf"],
      leftover: [],
      diff: "",
      refusals: [],
    });
  });

  it("counts a missing tree as missing files, manifest included, and creates nothing", () => {
    const result = checkTree(out, files);
    expect(result.missing).toEqual([MANIFEST_NAME, "main.tf", "mod/x.tf", "old.tf"]);
    expect(existsSync(out)).toBe(false);
  });

  it("reports every changed, missing and extra file with a unified diff, writing nothing", () => {
    build(files);
    writeTree(out, {
      "main.tf": "a\nB\nc\n",
      "terraform.tfvars": "x = 1\n",
      "notes.md": "mine\n",
    });
    ageTree(out);
    const before = snapshotTree(out);
    const next = [
      { path: "main.tf", contents: "a\nb\nc\n" },
      { path: "mod/x.tf", contents: "x\n" },
      { path: "new.tf", contents: "new\n" },
    ];
    const result = checkTree(out, next, { labelPrefix: "infra/" });
    expect(result.changed).toEqual([MANIFEST_NAME, "main.tf"]);
    expect(result.missing).toEqual(["new.tf"]);
    // Owned and no longer generated; the user's notes.md and terraform.tfvars are not "extra".
    expect(result.extra).toEqual(["old.tf"]);
    expect(result.diff).toContain("--- a/infra/main.tf\n+++ b/infra/main.tf\n@@ -1,3 +1,3 @@\n a\n-B\n+b\n c\n");
    expect(result.diff).toContain("--- /dev/null\n+++ b/infra/new.tf\n@@ -0,0 +1 @@\n+new\n");
    expect(result.diff).toContain("--- a/infra/old.tf\n+++ /dev/null\n@@ -1 +0,0 @@\n-old\n");
    expect(snapshotTree(out)).toEqual(before);
  });

  it("counts a folder where a file goes as changed", () => {
    build(files);
    mkdirSync(join(out, "new.tf"));
    expect(checkTree(out, [...files, { path: "new.tf", contents: "" }]).changed).toContain("new.tf");
  });

  it("reports a binary file without dumping it", () => {
    build(files);
    writeTree(out, { "main.tf": "\0\x01binary" });
    expect(checkTree(out, files, { labelPrefix: "infra/" }).diff).toContain("Binary files a/infra/main.tf and b/infra/main.tf differ\n");
  });
});
