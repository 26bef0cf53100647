import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyWrite } from "./apply-write.js";
import { planWrite } from "./plan-write.js";
import { makeTempDir, readTree, removeDir } from "./temp-tree.test-helper.js";

const files = [
  { path: "main.tf", contents: "# main\n" },
  { path: "patches/nodes/cp-1.yaml", contents: "# cp-1\n" },
];

let root: string;
beforeEach(() => (root = makeTempDir()));
afterEach(() => removeDir(root));

describe("a first build stages the whole tree inside its folder", () => {
  it("writes the tree and leaves nothing beside it or in it", () => {
    const out = join(root, "infra");
    expect(applyWrite(planWrite(out, files, { force: false }))).toEqual({ ok: true });
    expect(readTree(out)).toEqual({
      ".talos-hclgen.json": expect.any(String),
      "main.tf": "# main\n",
      "patches/": "",
      "patches/nodes/": "",
      "patches/nodes/cp-1.yaml": "# cp-1\n",
    });
    expect(readdirSync(root)).toEqual(["infra"]);
  });

  it("removes the stage a killed build left in the folder, and nothing outside it", () => {
    const out = join(root, "infra");
    const dead = join(out, ".talos-hclgen.999999999-0123abcd.tmp");
    const other = join(root, ".other.999999999-0123abcd.tmp");
    for (const dir of [dead, other]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dead, "main.tf"), "# half");
    expect(applyWrite(planWrite(out, files, { force: false }))).toEqual({ ok: true });
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(other)).toBe(true);
  });
});
