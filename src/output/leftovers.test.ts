import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findLeftovers } from "./leftovers.js";
import { TreeWalk } from "./tree-walk.js";

describe("leftovers", () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it("are only what a killed build leaves, named with its pid and 8 hex digits; a user's dotfiles stay", () => {
    const root = mkdtempSync(join(tmpdir(), "talos-hclgen-leftovers-"));
    roots.push(root);
    mkdirSync(join(root, "patches"));
    const ours = [".main.tf.4242-0123abcd.tmp", ".common.yaml.77-deadbeef.bak", ".talos-hclgen.9-aaaaaaaa.tmp"];
    // An editor's swap and backup files, a user's notes, terraform's own backups: not ours to delete.
    const theirs = [
      ".notes.tmp",
      ".main.tf.bak",
      ".terraform.lock.hcl.bak",
      ".x.1-0123abc.tmp",
      ".x.1-0123abcde.tmp",
      ".x.-0123abcd.tmp",
      ".main.tf.4242-0123ABCD.tmp",
      "main.tf.1-0123abcd.tmp",
    ];
    for (const name of [...ours, ...theirs]) writeFileSync(join(root, "patches", name), "");
    expect(findLeftovers(new TreeWalk(root), ["patches"])).toEqual(ours.map((name) => `patches/${name}`).sort());
  });
});
