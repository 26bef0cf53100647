/**
 * The launcher's up-to-date fast path (src/launcher/up-to-date.ts) through the real binary. It
 * answers a hook's build of an unchanged tree without loading the CLI, so it must answer only
 * when the full build would find nothing to do, and then print exactly what the full build
 * prints. Each case sets up a folder, runs the build with TALOS_HCLGEN_DEBUG=up-to-date (which
 * says whether the fast path answered), and compares stdout and the exit code with an uncached
 * run of the full build (TALOS_HCLGEN_NO_CACHE=1) on an identical copy of the folder.
 */
import { appendFileSync, cpSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, runBin, workspace, type RunResult } from "./harness.js";

let dir = "";
beforeAll(async () => {
  await ensureBuilt();
  dir = workspace({ "spec.yaml": "ha-proxmox" });
  expect((await runBin(["build", "spec.yaml", "-o", "infra", "-q"], { cwd: dir })).exitCode).toBe(0);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let copies = 0;
/** A copy of the built workspace (cache included, keyed on the new folder), disturbed by `setup`. */
async function copy(setup: (root: string) => void): Promise<string> {
  const root = join(dir, "..", `${dir.split("/").pop() ?? ""}-case-${copies++}`);
  cpSync(dir, root, { recursive: true, verbatimSymlinks: true });
  // The cache entry is keyed on the absolute output folder: build once, quietly, to key it here.
  expect((await runBin(["build", "spec.yaml", "-o", "infra", "-q"], { cwd: root })).exitCode).toBe(0);
  setup(root);
  return root;
}

async function both(setup: (root: string) => void, args: readonly string[]): Promise<{ fast: RunResult; full: RunResult; answered: boolean }> {
  const a = await copy(setup);
  const b = await copy(setup);
  try {
    const fast = await runBin(args, { cwd: a, env: { TALOS_HCLGEN_DEBUG: "up-to-date" } });
    const full = await runBin(args, { cwd: b, env: { TALOS_HCLGEN_NO_CACHE: "1" } });
    const answered = fast.stderr.includes("up-to-date fast path: answered");
    return { fast: { ...fast, stderr: fast.stderr.replace(/^up-to-date fast path: .*\n/m, "") }, full, answered };
  } finally {
    rmSync(a, { recursive: true, force: true });
    rmSync(b, { recursive: true, force: true });
  }
}

const BUILD = ["build", "spec.yaml", "-o", "infra"];
const same = (r: { fast: RunResult; full: RunResult }): void => {
  expect(r.fast.exitCode).toBe(r.full.exitCode);
  expect(r.fast.stdout.replaceAll(/-case-\d+/g, "")).toBe(r.full.stdout.replaceAll(/-case-\d+/g, ""));
};

describe("the up-to-date fast path", () => {
  it.each([
    ["build", BUILD],
    ["build --check", [...BUILD, "--check"]],
    ["build --quiet", [...BUILD, "--quiet"]],
    ["build --out=infra --no-color -q", ["build", "spec.yaml", "--out=infra", "--no-color", "-q"]],
    ["build ./spec.yaml -o ./infra/", ["build", "./spec.yaml", "-o", "./infra/"]],
  ])("answers %s of an unchanged tree with what the full build prints", async (_name, args) => {
    const r = await both(() => undefined, args);
    expect(r.answered).toBe(true);
    same(r);
    expect(r.full.exitCode).toBe(0);
    expect(r.fast.stderr).toBe("");
  });

  const infra = (root: string, path: string) => join(root, "infra", path);
  it.each<[string, (root: string) => void, readonly string[]]>([
    ["the spec was edited", (root) => appendFileSync(join(root, "spec.yaml"), "# a comment\n"), BUILD],
    ["a generated file was edited by hand", (root) => appendFileSync(infra(root, "main.tf"), "# edited\n"), BUILD],
    ["a generated file was edited by hand (--check)", (root) => appendFileSync(infra(root, "main.tf"), "# edited\n"), [...BUILD, "--check"]],
    ["a generated file is gone", (root) => rmSync(infra(root, "patches/nodes/cp-2.yaml")), [...BUILD, "--check"]],
    [
      "a killed build's lock is there",
      (root) =>
        writeFileSync(
          infra(root, ".talos-hclgen.lock"),
          `${JSON.stringify({ pid: 999999, host: hostname(), started: "2026-01-01T00:00:00Z", nonce: "00" })}\n`,
        ),
      [...BUILD, "--check"],
    ],
    ["a killed build's backup is there", (root) => writeFileSync(infra(root, "patches/nodes/.cp-1.yaml.4242-0badcafe.bak"), "old\n"), [...BUILD, "--check"]],
    ["a killed build's backup is there (build cleans it)", (root) => writeFileSync(infra(root, "patches/.common.yaml.4242-0badcafe.tmp"), "new\n"), BUILD],
    [
      "a generated folder is a link",
      (root) => {
        renameSync(infra(root, "patches"), join(root, "elsewhere"));
        symlinkSync(join(root, "elsewhere"), infra(root, "patches"));
      },
      BUILD,
    ],
    ["other options", () => undefined, [...BUILD, "--json"]],
    ["a spec pattern", () => undefined, ["build", "spec.y?ml", "-o", "infra"]],
    ["a placeholder in the folder", () => undefined, ["build", "spec.yaml", "-o", "{stem}-infra"]],
  ])("leaves it to the full build when %s", async (_name, setup, args) => {
    const r = await both(setup, args);
    expect(r.answered).toBe(false);
    same(r);
  });

  describe("by the files' stats, once they are settled", () => {
    const debug = { TALOS_HCLGEN_DEBUG: "up-to-date" };
    /**
     * A copy whose record is settled: files written more than RACY_MS (2 s) before a run that
     * hashed them and recorded their stats; a file written closer to its record is hashed.
     */
    async function settled(): Promise<string> {
      const root = await copy(() => undefined);
      await new Promise((done) => setTimeout(done, 2_100));
      const first = await runBin(BUILD, { cwd: root, env: debug });
      expect(first.stderr).toContain("answered (by hash)");
      const second = await runBin(BUILD, { cwd: root, env: debug });
      expect(second.stderr).toContain("answered (by stat)");
      return root;
    }
    /** Rewrites a file with other bytes of the same length and puts its mtime back (to the ns, with touch -r). */
    function sneakyEdit(path: string): void {
      const reference = `${path}.reference`;
      execFileSync("cp", ["-p", path, reference]);
      const before = statSync(path, { bigint: true });
      const text = readFileSync(path, "utf8");
      const i = text.indexOf("a");
      writeFileSync(path, `${text.slice(0, i)}b${text.slice(i + 1)}`);
      execFileSync("touch", ["-m", "-r", reference, path]);
      rmSync(reference);
      const after = statSync(path, { bigint: true });
      expect([after.size, after.ino, after.mtimeNs]).toEqual([before.size, before.ino, before.mtimeNs]);
    }

    it("sees a generated file rewritten with the same size and mtime (its ctime moved)", async () => {
      const root = await settled();
      try {
        sneakyEdit(join(root, "infra", "main.tf"));
        const fast = await runBin(BUILD, { cwd: root, env: debug });
        expect(fast.stderr).toContain("declined (main.tf changed)");
        expect(fast.exitCode).toBe(2);
        expect(fast.stderr).toContain("output/hand-edited");
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });

    it("sees a spec rewritten with the same size and mtime", async () => {
      const root = await settled();
      try {
        sneakyEdit(join(root, "spec.yaml"));
        const fast = await runBin([...BUILD, "--check"], { cwd: root, env: debug });
        expect(fast.stderr).toContain("declined (the spec or the compiler changed)");
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  });

  it("answers nothing when the cache is off", async () => {
    const root = await copy(() => undefined);
    try {
      const r = await runBin(BUILD, { cwd: root, env: { TALOS_HCLGEN_DEBUG: "up-to-date", TALOS_HCLGEN_NO_CACHE: "1" } });
      expect(r.stderr).toContain("up-to-date fast path: declined (no cache entry");
      expect(r.stdout).toBe("infra/: 0 written, 23 unchanged, 0 deleted\n");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
