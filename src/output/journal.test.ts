import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyWrite } from "./apply-write.js";
import { renderManifest } from "./manifest.js";
import { renderJournal } from "./journal.js";
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

  it("is carried over by the next build, so builds killed one after another lose nothing", () => {
    // A build of v2 is killed after placing patches/b.yaml; a build of v1 is then killed
    // after writing its own journal (without which the next build would not know that
    // patches/b.yaml is talos-hclgen's) and putting main.tf back to v1.
    killedBuildOfV2();
    const second = planWrite(out, v1, { force: false });
    expect(second.conflicts).toEqual([]);
    writeFileSync(join(out, JOURNAL_NAME), renderJournal(second.journal));
    writeFileSync(join(out, "main.tf"), "# v1\n");
    // A build of v3 owns everything it finds and leaves exactly its own tree.
    const third = planWrite(out, v3, { force: false });
    expect(third.conflicts).toEqual([]);
    expect(applyWrite(third)).toEqual({ ok: true });
    expect(readTree(out)).toEqual({ ".talos-hclgen.json": renderManifest(v3), "main.tf": "# v3\n" });
  });

  it("lists the previous manifest's files and the new ones, each with every hash it may have", () => {
    killedBuildOfV2();
    const plan = planWrite(out, v3, { force: false });
    expect([...plan.journal.keys()].sort()).toEqual(["main.tf", "patches/a.yaml", "patches/b.yaml"]);
    expect(plan.journal.get("main.tf")?.size).toBe(3); // v1 (manifest), v2 (journal), v3 (new)
  });
});
