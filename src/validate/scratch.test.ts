import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyTree } from "./scratch.js";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(): { from: string; to: string } {
  root = mkdtempSync(join(tmpdir(), "talos-hclgen-scratch-"));
  const from = join(root, "tree");
  mkdirSync(join(from, "modules", "nodes"), { recursive: true });
  writeFileSync(join(from, "main.tf"), 'module "nodes" { source = "./modules/nodes" }\n');
  writeFileSync(join(from, "modules", "nodes", "main.tf"), "# nodes\n");
  return { from, to: join(root, "copy") };
}

describe("the copy validate works on", () => {
  it("follows links to files and folders outside the tree, and leaves state and working data behind", async () => {
    const { from, to } = tree();
    mkdirSync(join(root, "shared"));
    writeFileSync(join(root, "shared", "versions.tf"), "# shared\n");
    symlinkSync(join(root, "shared"), join(from, "modules", "shared"));
    writeFileSync(join(from, "terraform.tfstate"), "{}\n");
    mkdirSync(join(from, ".terraform"));
    expect(await copyTree(from, to)).toEqual({});
    expect(readFileSync(join(to, "modules", "shared", "versions.tf"), "utf8")).toBe("# shared\n");
    expect(readdirSync(to).sort()).toEqual(["main.tf", "modules"]);
  });

  it("returns a link loop instead of following it (two loops would double the copy at each level)", async () => {
    const { from, to } = tree();
    symlinkSync("..", join(from, "modules", "up"));
    symlinkSync("../..", join(from, "modules", "nodes", "top"));
    expect(await copyTree(from, to)).toEqual({ loop: "modules/nodes/top" });
  });

  it("leaves a FIFO behind rather than block on it", async () => {
    const { from, to } = tree();
    spawnSync("mkfifo", [join(from, "pipe.tf")]);
    expect(await copyTree(from, to)).toEqual({});
    expect(readdirSync(to).sort()).toEqual(["main.tf", "modules"]);
  });
});
