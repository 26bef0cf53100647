import { chmodSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyWrite, applyWrites } from "./apply-write.js";
import { sha256 } from "./hash.js";
import { MANIFEST_NAME } from "./paths.js";
import { planWrite, type WritePlan } from "./plan-write.js";
import { ageTree, makeTempDir, readTree, removeDir, snapshotTree, writeTree } from "./temp-tree.test-helper.js";

const v1 = [
  { path: "main.tf", contents: "# main v1\n" },
  { path: "modules/node/main.tf", contents: "# node v1\n" },
  { path: "talos/patch.yaml", contents: "# patch v1\n" },
];

let root: string;
let out: string;
beforeEach(() => {
  root = makeTempDir();
  out = join(root, "infra");
});
afterEach(() => removeDir(root));

function build(files: typeof v1, force = false): WritePlan {
  const plan = planWrite(out, files, { force });
  if (plan.conflicts.length === 0) expect(applyWrite(plan)).toEqual({ ok: true });
  return plan;
}

const kinds = (plan: WritePlan): string[] => plan.actions.map((a) => `${a.kind} ${a.path}`);
const onlyFiles = (snapshot: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(snapshot).filter(([path]) => !path.endsWith("/")));

describe("planWrite + applyWrite", () => {
  it("creates the tree and a sorted, timestamp-free manifest", () => {
    const plan = build(v1);
    expect(kinds(plan)).toEqual([`create ${MANIFEST_NAME}`, "create main.tf", "create modules/node/main.tf", "create talos/patch.yaml"]);
    const tree = readTree(out);
    expect(Object.keys(tree)).toEqual([MANIFEST_NAME, "main.tf", "modules/", "modules/node/", "modules/node/main.tf", "talos/", "talos/patch.yaml"]);
    const manifest = JSON.parse(tree[MANIFEST_NAME] ?? "") as {
      version: number;
      files: Record<string, string>;
    };
    expect(manifest.version).toBe(1);
    expect(manifest.files).toEqual(Object.fromEntries(v1.map((f) => [f.path, sha256(f.contents)])));
    expect(Object.keys(manifest.files)).toEqual(["main.tf", "modules/node/main.tf", "talos/patch.yaml"]);
  });

  it("rewrites nothing, not even a folder entry, when nothing changed", () => {
    build(v1);
    ageTree(out);
    const before = snapshotTree(out);
    const plan = build(v1);
    expect(plan.actions.every((a) => a.kind === "unchanged")).toBe(true);
    expect(snapshotTree(out)).toEqual(before);
  });

  it("rewrites only the changed file (and the manifest)", () => {
    build(v1);
    ageTree(out);
    const before = onlyFiles(snapshotTree(out));
    const v2 = v1.map((f) => (f.path === "main.tf" ? { ...f, contents: "# main v2\n" } : f));
    const plan = build(v2);
    expect(plan.actions.filter((a) => a.kind !== "unchanged").map((a) => `${a.kind} ${a.path}`)).toEqual([`update ${MANIFEST_NAME}`, "update main.tf"]);
    const after = onlyFiles(snapshotTree(out));
    for (const path of ["modules/node/main.tf", "talos/patch.yaml"]) expect(after[path]).toBe(before[path]);
    expect(readTree(out)["main.tf"]).toBe("# main v2\n");
  });

  it("deletes stale owned files and the folders they leave empty, keeping the user's", () => {
    build(v1);
    writeTree(out, { "talos/notes.md": "mine\n" });
    const plan = build(v1.filter((f) => f.path === "main.tf"));
    expect(kinds(plan)).toContain("delete modules/node/main.tf");
    expect(Object.keys(readTree(out))).toEqual([MANIFEST_NAME, "main.tf", "talos/", "talos/notes.md"]);
  });

  it("adopts a file with identical contents even when the manifest does not list it", () => {
    writeTree(out, { "main.tf": "# main v1\n" });
    expect(kinds(build(v1))).toContain("unchanged main.tf");
  });

  it("keeps the mode the user gave a file it updates", () => {
    build(v1);
    chmodSync(join(out, "main.tf"), 0o600);
    build([{ path: "main.tf", contents: "# main v2\n" }]);
    expect(statSync(join(out, "main.tf")).mode & 0o777).toBe(0o600);
  });

  it("works through a symlinked output folder", () => {
    mkdirSync(join(root, "real"));
    symlinkSync(join(root, "real"), out);
    build(v1);
    expect(readTree(join(root, "real"))["main.tf"]).toBe("# main v1\n");
  });
});

describe("conflicts", () => {
  it("refuses to overwrite a file it did not write, or a hand edit, and writes nothing at all", () => {
    build(v1);
    writeTree(out, {
      "main.tf": "# edited by hand\n",
      "new.tf": "# the user's\n",
    });
    ageTree(out);
    const before = snapshotTree(out);
    const next = [...v1, { path: "extra/x.tf", contents: "x\n" }, { path: "new.tf", contents: "# ours\n" }];
    const plan = planWrite(out, next, { force: false });
    expect(plan.conflicts.map((c) => `${c.kind} ${c.path}`)).toEqual(["hand-edited main.tf", "not-generated new.tf"]);
    expect(() => applyWrite(plan)).toThrow(/conflicts/);
    expect(snapshotTree(out)).toEqual(before);
  });

  it("refuses to delete a stale file that was edited by hand; --force deletes it", () => {
    build(v1);
    writeTree(out, { "talos/patch.yaml": "# edited\n" });
    const remaining = v1.filter((f) => f.path !== "talos/patch.yaml");
    expect(planWrite(out, remaining, { force: false }).conflicts.map((c) => c.kind)).toEqual(["hand-edited-stale"]);
    const plan = build(remaining, true);
    expect(plan.actions).toContainEqual(
      expect.objectContaining({
        kind: "delete",
        path: "talos/patch.yaml",
        forced: true,
      }),
    );
    expect(readTree(out)["talos/"]).toBeUndefined();
  });

  it("--force overwrites hand edits and files it did not write", () => {
    build(v1);
    writeTree(out, {
      "main.tf": "# edited by hand\n",
      "new.tf": "# the user's\n",
    });
    const plan = build([...v1, { path: "new.tf", contents: "# ours\n" }], true);
    expect(plan.actions.filter((a) => a.kind === "update" && a.forced).map((a) => a.path)).toEqual(["main.tf", "new.tf"]);
    expect(readTree(out)["main.tf"]).toBe("# main v1\n");
  });

  it("never lets --force replace a folder", () => {
    mkdirSync(join(out, "main.tf"), { recursive: true });
    expect(planWrite(out, v1, { force: true }).conflicts).toEqual([{ kind: "not-a-file", path: "main.tf", detail: "is a folder" }]);
  });

  it("reports a corrupt manifest; --force treats the tree as unowned", () => {
    build(v1);
    writeTree(out, { [MANIFEST_NAME]: "{ nope" });
    expect(planWrite(out, v1, { force: false }).conflicts.map((c) => c.kind)).toEqual(["unreadable-manifest"]);
    expect(build(v1, true).actions).toContainEqual({
      kind: "update",
      path: MANIFEST_NAME,
      contents: expect.any(String),
      previous: expect.anything(),
      mode: expect.any(Number),
      forced: false,
    });
  });

  it("does not trust a manifest that lists paths outside the tree", () => {
    writeTree(root, { "victim.txt": "keep\n" });
    writeTree(out, {
      [MANIFEST_NAME]: JSON.stringify({
        version: 1,
        files: { "../victim.txt": sha256("keep\n") },
      }),
    });
    const plan = planWrite(out, v1, { force: true });
    expect(plan.actions.some((a) => a.kind === "delete")).toBe(false);
  });

  it("reports an output path that is a file", () => {
    writeTree(root, { infra: "file\n" });
    expect(planWrite(out, v1, { force: true }).conflicts.map((c) => c.kind)).toEqual(["out-dir-not-a-folder"]);
  });
});

describe("protected files", () => {
  const userFiles = {
    "terraform.tfvars": "a = 1\n",
    "prod.auto.tfvars.json": "{}\n",
    ".terraform.lock.hcl": "# lock\n",
    ".terraform/providers/x": "bin\n",
    "terraform.tfstate": "{}\n",
    "terraform.tfstate.backup": "{}\n",
    "terraform.tfstate.d/dev/terraform.tfstate": "{}\n",
  };

  it("are never touched, even with --force and a manifest that claims them", () => {
    build(v1);
    writeTree(out, userFiles);
    ageTree(out);
    const before = onlyFiles(snapshotTree(out));
    build([], true);
    const after = onlyFiles(snapshotTree(out));
    for (const path of Object.keys(userFiles)) expect(after[path]).toBe(before[path]);
  });

  it("cannot be generated: that is a bug", () => {
    for (const path of Object.keys(userFiles)) expect(() => planWrite(out, [{ path, contents: "" }], { force: true })).toThrow(/protected/);
  });
});

describe("generated paths are validated", () => {
  it.each(["", "/abs.tf", "../up.tf", "a/../b.tf", "./a.tf", "a//b.tf", "a\\b.tf", "C:/x.tf", "dir/", MANIFEST_NAME])("throws for %j", (path) => {
    expect(() => planWrite(out, [{ path, contents: "" }], { force: false })).toThrow(/generated path/);
  });

  it("throws for duplicates and for a path that is both a file and a folder", () => {
    expect(() => planWrite(out, [v1[0]!, v1[0]!], { force: false })).toThrow(/twice/);
    expect(() =>
      planWrite(
        out,
        [
          { path: "a", contents: "" },
          { path: "a-b", contents: "" },
          { path: "a/b", contents: "" },
        ],
        { force: false },
      ),
    ).toThrow(/both a file and a folder/);
  });
});

describe("all or nothing", () => {
  it("removes its temp files and new folders when staging fails", () => {
    build(v1);
    ageTree(out);
    const changed = v1.map((f) => (f.path === "main.tf" ? { ...f, contents: "# v2\n" } : f));
    const next = [{ path: "a/new.tf", contents: "new\n" }, ...changed, { path: "z/blocked.tf", contents: "x\n" }];
    const plan = planWrite(out, next, { force: false });
    expect(plan.conflicts).toEqual([]);
    // The tree changes between planning and writing: a file now sits where a folder must go.
    writeFileSync(join(out, "z"), "in the way\n");
    const before = snapshotTree(out);
    const result = applyWrites([plan]);
    expect(result).toMatchObject({
      ok: false,
      path: join(out, "z/blocked.tf"),
      changed: [],
    });
    expect(snapshotTree(out)).toEqual(before);
  });

  it("leaves no temp files behind after a successful write", () => {
    build(v1);
    build(v1.map((f) => ({ ...f, contents: f.contents.replace("v1", "v2") })));
    const names = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String);
    expect(names(out).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });
});
