/**
 * A link below the output folder is never followed: a generated file, a manifest entry and a
 * folder to prune behind one are refused at plan time, even with --force, and a folder swapped
 * for a link after planning stops the write before anything lands outside the tree.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyWrite } from "./apply-write.js";
import { sha256 } from "./hash.js";
import { MANIFEST_NAME } from "./paths.js";
import { planWrite } from "./plan-write.js";
import { makeTempDir, readTree, removeDir, writeTree } from "./temp-tree.test-helper.js";

const files = [
  { path: "main.tf", contents: "# main\n" },
  { path: "patches/common.yaml", contents: "# common\n" },
  { path: "patches/nodes/cp-1.yaml", contents: "# cp-1\n" },
];

let root: string;
let out: string;
let elsewhere: string;
beforeEach(() => {
  root = makeTempDir();
  out = join(root, "infra");
  elsewhere = join(root, "elsewhere");
  writeTree(elsewhere, { "common.yaml": "not yours\n", "nodes/cp-1.yaml": "not yours either\n", "keep/x": "x\n" });
});
afterEach(() => removeDir(root));

const before = () => readTree(elsewhere);

describe("a symbolic link below the output folder", () => {
  it("stops a build that would write through it, with or without --force", () => {
    writeTree(out, { "main.tf": "# main\n" });
    symlinkSync(elsewhere, join(out, "patches"));
    const snapshot = before();
    for (const force of [false, true]) {
      const plan = planWrite(out, files, { force });
      expect(plan.conflicts.map((c) => [c.kind, c.path])).toEqual([["through-link", "patches"]]);
      expect(plan.conflicts[0]?.detail).toContain("2 files");
    }
    expect(before()).toEqual(snapshot);
  });

  it("stops a build whose manifest lists files behind it: their targets are never deleted", () => {
    writeTree(out, {
      [MANIFEST_NAME]: JSON.stringify({
        version: 1,
        files: { "old/common.yaml": sha256("not yours\n"), "old/nodes/cp-1.yaml": sha256("not yours either\n") },
      }),
    });
    symlinkSync(elsewhere, join(out, "old"));
    const snapshot = before();
    const plan = planWrite(out, files, { force: true });
    expect(plan.conflicts.map((c) => [c.kind, c.path])).toEqual([["through-link", "old"]]);
    expect(plan.actions.filter((a) => a.kind === "delete")).toEqual([]);
    expect(before()).toEqual(snapshot);
  });

  it("a link deeper down is found too (patches/nodes -> elsewhere)", () => {
    mkdirSync(join(out, "patches"), { recursive: true });
    symlinkSync(join(elsewhere, "nodes"), join(out, "patches", "nodes"));
    expect(planWrite(out, files, { force: true }).conflicts.map((c) => c.path)).toEqual(["patches/nodes"]);
  });

  it("a folder swapped for a link after planning: the write fails, nothing lands outside, the tree is as it was", () => {
    const first = planWrite(out, files, { force: false });
    expect(applyWrite(first)).toEqual({ ok: true });
    const changed = files.map((f) => ({ ...f, contents: `${f.contents}# v2\n` }));
    const plan = planWrite(out, changed, { force: false });
    expect(plan.conflicts).toEqual([]);
    // Between plan and apply, someone replaces patches/ with a link to another folder.
    renameSync(join(out, "patches"), join(root, "moved"));
    symlinkSync(elsewhere, join(out, "patches"));
    const snapshot = before();
    const result = applyWrite(plan);
    expect(result.ok).toBe(false);
    expect(before()).toEqual(snapshot);
    expect(readFileSync(join(out, "main.tf"), "utf8")).toBe("# main\n");
    expect(readTree(join(root, "moved"))).toEqual({ "common.yaml": "# common\n", "nodes/": "", "nodes/cp-1.yaml": "# cp-1\n" });
    expect(existsSync(join(out, ".talos-hclgen.pending.json"))).toBe(false);
  });

  it("the output folder itself may be a link: that one is the user's choice", () => {
    rmSync(elsewhere, { recursive: true });
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, out);
    expect(applyWrite(planWrite(out, files, { force: false }))).toEqual({ ok: true });
    expect(readTree(elsewhere)["patches/nodes/cp-1.yaml"]).toBe("# cp-1\n");
  });

  it("a link planted as the journal is replaced, never written through", () => {
    writeTree(out, { "main.tf": "# main\n" });
    writeFileSync(join(elsewhere, "victim"), "keep\n");
    symlinkSync(join(elsewhere, "victim"), join(out, ".talos-hclgen.pending.json"));
    const plan = planWrite(out, files, { force: true });
    expect(applyWrite(plan)).toEqual({ ok: true });
    expect(readTree(elsewhere)["victim"]).toBe("keep\n");
    expect(existsSync(join(out, ".talos-hclgen.pending.json"))).toBe(false);
  });
});
