import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyWrite } from "./apply-write.js";
import { checkTree } from "./check-tree.js";
import { matchesHash, sameText } from "./line-endings.js";
import { planWrite } from "./plan-write.js";
import { sha256 } from "./hash.js";
import { ageTree, makeTempDir, readTree, removeDir, snapshotTree } from "./temp-tree.test-helper.js";

const v1 = [
  { path: "main.tf", contents: "# main\nterraform {}\n" },
  { path: "patches/a.yaml", contents: "# a\nx: 1\n" },
];
const v2 = [{ path: "main.tf", contents: "# main v2\nterraform {}\n" }];

let root: string;
let out: string;
beforeEach(() => {
  root = makeTempDir();
  out = join(root, "infra");
  expect(applyWrite(planWrite(out, v1, { force: false }))).toEqual({ ok: true });
});
afterEach(() => removeDir(root));

/** What git's core.autocrlf=true makes of the tree on checkout. */
function toCrlf(): void {
  for (const path of Object.keys(readTree(out)).filter((p) => !p.endsWith("/"))) {
    const file = join(out, path);
    writeFileSync(file, readFileSync(file, "utf8").replace(/\n/g, "\r\n"));
  }
}

describe("a tree checked out with CRLF line endings", () => {
  it("is up to date for --check, and a build rewrites nothing", () => {
    toCrlf();
    ageTree(out);
    const snapshot = snapshotTree(out);
    const check = checkTree(out, v1);
    expect([check.changed, check.missing, check.extra]).toEqual([[], [], []]);
    const plan = planWrite(out, v1, { force: false });
    expect(plan.actions.every((a) => a.kind === "unchanged")).toBe(true);
    expect(applyWrite(plan)).toEqual({ ok: true });
    expect(snapshotTree(out)).toEqual(snapshot);
  });

  it("is still ours: a new spec updates and prunes it without a hand-edit conflict", () => {
    toCrlf();
    const plan = planWrite(out, v2, { force: false });
    expect(plan.conflicts).toEqual([]);
    expect(plan.actions.map((a) => `${a.kind} ${a.path}`)).toEqual(["update .talos-hclgen.json", "update main.tf", "delete patches/a.yaml"]);
    expect(applyWrite(plan)).toEqual({ ok: true });
    expect(readFileSync(join(out, "main.tf"), "utf8")).toBe("# main v2\nterraform {}\n");
  });

  it("a real edit in a CRLF file is still a hand edit", () => {
    toCrlf();
    writeFileSync(join(out, "main.tf"), "# main\r\nterraform { edited = 1 }\r\n");
    expect(planWrite(out, v2, { force: false }).conflicts.map((c) => c.kind)).toEqual(["hand-edited"]);
    expect(statSync(join(out, "main.tf")).size).toBeGreaterThan(0);
  });
});

describe("sameText and matchesHash", () => {
  it("compare modulo CRLF and nothing else", () => {
    const lf = "a\nb\n";
    expect(sameText(Buffer.from("a\r\nb\r\n"), lf)).toBe(true);
    expect(sameText(Buffer.from("a\r\nb\n"), lf)).toBe(true);
    expect(sameText(Buffer.from("a\rb\n"), lf)).toBe(false);
    expect(sameText(Buffer.from("a\nb"), lf)).toBe(false);
    expect(matchesHash(Buffer.from("a\r\nb\r\n"), sha256(lf))).toBe(true);
    expect(matchesHash(Buffer.from("a\r\nc\r\n"), sha256(lf))).toBe(false);
    expect(matchesHash(Buffer.from(lf), undefined)).toBe(false);
  });
});
