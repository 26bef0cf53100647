/**
 * Faults while writing into a user's repository.
 *
 * - A write that fails half way leaves the previous tree as it was: every file operation of
 *   applyWrite is made to fail in turn (fs mocked, so it also holds for root, who ignores
 *   permissions), and through the real binary a file or folder that cannot be replaced: a
 *   folder where a file goes, a file where a folder goes, and an immutable file or folder
 *   (chattr +i, which stops root too; skipped, with the reason, where chattr is not allowed).
 * - An interrupted build (SIGKILL while a 1000-node tree is being written) never leaves a
 *   half-written file under its final name: every file is the old one or the complete new one;
 *   its temporary files are recognisable and the next build removes them.
 */
import { execa, execaSync } from "execa";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { compile } from "../../src/index.js";
import { applyWrite } from "../../src/output/apply-write.js";
import { renderManifest } from "../../src/output/manifest.js";
import { sha256 } from "../../src/output/hash.js";
import { LOCK_NAME, MANIFEST_NAME as MANIFEST } from "../../src/output/paths.js";
import { planWrite } from "../../src/output/plan-write.js";
import { ensureBuilt, ROOT } from "../cli/harness.js";
import { VALID } from "./corpus-generated.js";

/**
 * Every write-side file operation counts; the `failAt`-th one throws EIO, or, with `fullDisk`,
 * fails the way a full disk does: the file is created, part of it written, then ENOSPC.
 */
const fault = vi.hoisted(() => ({ count: 0, failAt: 0, fullDisk: false, killAt: 0 }));
vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const failing =
    <A extends unknown[], R>(name: string, f: (...args: A) => R) =>
    (...args: A): R => {
      // A SIGKILL at operation `killAt`: from there on nothing reaches the disk.
      if (fault.killAt > 0 && ++fault.count >= fault.killAt) return undefined as R;
      if (fault.failAt > 0 && ++fault.count === fault.failAt) {
        if (fault.fullDisk && name === "writeFileSync") {
          const [path, data] = args as unknown as [string, string];
          real.writeFileSync(path, data.slice(0, data.length >> 1), { flag: "wx" });
          throw Object.assign(new Error(`ENOSPC: injected full disk in ${name}`), { code: "ENOSPC" });
        }
        if (fault.fullDisk && name === "copyFileSync") {
          const [, to] = args as unknown as [string, string];
          real.writeFileSync(to, "");
          throw Object.assign(new Error(`ENOSPC: injected full disk in ${name}`), { code: "ENOSPC" });
        }
        throw Object.assign(new Error(`EIO: injected fault in ${name}`), {
          code: "EIO",
        });
      }
      return f(...args);
    };
  const wrapped = { ...real };
  // rmSync removes only what a build no longer needs (leftovers, the journal); it cannot fail a
  // write, but a killed process does not run it either.
  wrapped.rmSync = (...args: Parameters<typeof real.rmSync>) => {
    if (fault.killAt > 0 && ++fault.count >= fault.killAt) return;
    real.rmSync(...args);
  };
  for (const name of ["writeFileSync", "renameSync", "unlinkSync", "mkdirSync", "rmdirSync", "chmodSync", "linkSync", "copyFileSync"] as const) {
    (wrapped as Record<string, unknown>)[name] = failing(name, real[name] as (...args: unknown[]) => unknown);
  }
  return { ...wrapped, default: wrapped };
});

const BIN = join(ROOT, "bin", "talos-hclgen.js");
/** How `build spec.yaml -o infra` names the spec in generated headers: relative to infra/. */
const SPEC_SHOWN = "../spec.yaml";
/** What applyWrite's temporary files look like: `.<name>.<pid>-<8 hex>.tmp` beside the file. */
const TEMP = /^\..+\.\d+-[0-9a-f]{8}\.(tmp|bak)$/;

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) {
    unlockAll(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  dirs = [];
  fault.failAt = 0;
  fault.fullDisk = false;
  fault.killAt = 0;
});

function tempDir(): string {
  const dir = fs.mkdtempSync(join(tmpdir(), "talos-hclgen-faults-"));
  dirs.push(dir);
  return dir;
}

/** Every file under `root` (path -> contents and mtime), folders as "path/". */
function tree(root: string, withTimes = true): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, {
    recursive: true,
    withFileTypes: true,
  })) {
    const path = join(entry.parentPath, entry.name);
    const rel = path.slice(root.length + 1);
    if (entry.isDirectory()) out[`${rel}/`] = "";
    else {
      const stat = fs.statSync(path, { bigint: true });
      out[rel] = `${withTimes ? `${stat.mtimeNs} ` : ""}${(stat.mode & 0o7777n).toString(8)} ${fs.readFileSync(path, "utf8")}`;
    }
  }
  return out;
}

function tempFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && TEMP.test(e.name))
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1));
}

// --- chattr +i: the one "read-only" that also stops root -------------------------------------

const chattr = (flag: "+i" | "-i", path: string) => execa("chattr", [flag, path], { reject: false });
const locked = new Set<string>();
function unlockAll(dir: string): void {
  for (const path of [...locked].filter((p) => p.startsWith(dir))) {
    execaSync("chattr", ["-i", path], { reject: false });
    locked.delete(path);
  }
}
async function lock(path: string): Promise<boolean> {
  const result = await chattr("+i", path);
  if (result.exitCode === 0) locked.add(path);
  return result.exitCode === 0;
}

let chattrWorks = false;
let chattrWhyNot = "";
beforeAll(async () => {
  await ensureBuilt();
  const probe = tempDir();
  fs.writeFileSync(join(probe, "f"), "x");
  const result = await chattr("+i", join(probe, "f"));
  chattrWorks = result.exitCode === 0;
  chattrWhyNot = chattrWorks ? "" : `chattr +i is not permitted here (${result.stderr.trim() || result.exitCode})`;
  if (chattrWorks) await chattr("-i", join(probe, "f"));
});

// --- the specs --------------------------------------------------------------------------------

/**
 * The one-node spec and a changed one that rewrites, adds and removes files: its node is
 * labelled, so it has a patches/nodes/ file of its own (a node with nothing but its hostname has
 * none); the changed spec takes the label away and adds a labelled worker.
 */
const OLD = VALID.replace("      address: 192.168.10.11/24", "      address: 192.168.10.11/24\n      labels: { rack: r1 }");
const NEW = OLD.replace("      labels: { rack: r1 }", "    - { name: wk-1, role: worker, address: 192.168.10.21/24, labels: { rack: r2 } }");

async function build(dir: string, spec: string): Promise<{ exitCode: number; stderr: string }> {
  fs.writeFileSync(join(dir, "spec.yaml"), spec);
  const result = await execa(process.execPath, [BIN, "build", "spec.yaml", "-o", "infra"], {
    cwd: dir,
    reject: false,
    env: { NODE_OPTIONS: "--max-old-space-size=256" },
  });
  return { exitCode: result.exitCode ?? -1, stderr: result.stderr };
}

async function previousTree(): Promise<string> {
  const dir = tempDir();
  const first = await build(dir, OLD);
  expect(first, first.stderr).toMatchObject({ exitCode: 0 });
  return dir;
}

describe("a write that fails half way leaves the previous tree as it was", () => {
  it("fails at every file operation in turn (fs mocked), and rolls back each time", () => {
    const root = tempDir();
    const out = join(root, "infra");
    const oldFiles = compile(OLD, { specPath: SPEC_SHOWN }).files;
    const newFiles = compile(NEW, { specPath: SPEC_SHOWN }).files;
    const first = planWrite(out, oldFiles, { force: false });
    expect(applyWrite(first)).toEqual({ ok: true });
    fs.writeFileSync(join(out, "terraform.tfvars"), "user = 1\n");
    const before = tree(out);
    let failures = 0;
    for (let failAt = 1; ; failAt++) {
      const plan = planWrite(out, newFiles, { force: false });
      expect(plan.conflicts).toEqual([]);
      fault.count = 0;
      fault.failAt = failAt;
      const result = applyWrite(plan);
      fault.failAt = 0;
      if (result.ok) break; // every operation has had its turn
      failures++;
      expect(result.message, `fault ${failAt}`).toMatch(/EIO|injected/);
      // Contents and modes exactly as before; no temporary file left behind.
      expect(tree(out, false), `after a fault at operation ${failAt}`).toEqual(withoutTimes(before));
      expect(tempFiles(out), `after a fault at operation ${failAt}`).toEqual([]);
    }
    // The successful run wrote the new tree.
    expect(failures).toBeGreaterThanOrEqual(6);
    for (const file of newFiles) expect(fs.readFileSync(join(out, file.path), "utf8")).toBe(file.contents);
  });

  it("a first build that fails at any file operation leaves no folder and no stage behind", () => {
    const root = tempDir();
    const out = join(root, "clusters", "infra");
    const files = compile(NEW, { specPath: SPEC_SHOWN }).files;
    let failures = 0;
    for (let failAt = 1; ; failAt++) {
      const plan = planWrite(out, files, { force: false });
      fault.count = 0;
      fault.failAt = failAt;
      const result = applyWrite(plan);
      fault.failAt = 0;
      if (result.ok) break;
      failures++;
      expect(fs.readdirSync(root), `after a fault at operation ${failAt}`).toEqual([]);
    }
    expect(failures).toBeGreaterThanOrEqual(3);
    for (const file of files) expect(fs.readFileSync(join(out, file.path), "utf8")).toBe(file.contents);
  });

  it("a full disk at any write in turn (the file made, half written) leaves no empty or partial file", () => {
    const root = tempDir();
    const out = join(root, "infra");
    const oldFiles = compile(OLD, { specPath: SPEC_SHOWN }).files;
    const newFiles = compile(NEW, { specPath: SPEC_SHOWN }).files;
    expect(applyWrite(planWrite(out, oldFiles, { force: false }))).toEqual({ ok: true });
    const before = tree(out, false);
    fault.fullDisk = true;
    let fullDisks = 0;
    for (let failAt = 1; ; failAt++) {
      const plan = planWrite(out, newFiles, { force: false });
      fault.count = 0;
      fault.failAt = failAt;
      const result = applyWrite(plan);
      fault.failAt = 0;
      if (result.ok) break;
      if (/no space left/.test(result.message)) fullDisks++;
      expect(result.changed, `after a fault at operation ${failAt}`).toEqual([]);
      expect(tree(out, false), `after a fault at operation ${failAt}`).toEqual(before);
    }
    expect(fullDisks, "writes that hit the full disk").toBeGreaterThanOrEqual(3);
  });

  it("a build killed at any file operation in turn: the next build ends in the clean tree, nothing else", () => {
    // VALID's tree has no patches/nodes/ (no node has settings of its own), OLD's and NEW's
    // have: the folder comes and goes, and a kill while it goes once left it behind for good.
    const trees = [VALID, OLD, NEW].map((text) => compile(text, { specPath: SPEC_SHOWN }).files);
    const clean = trees.map((files) => {
      const out = join(tempDir(), "infra");
      expect(applyWrite(planWrite(out, files, { force: false }))).toEqual({ ok: true });
      return tree(out, false);
    });
    const turns: Array<[number, number]> = [
      [2, 0],
      [0, 2],
      [1, 2],
      [2, 1],
    ];
    let kills = 0;
    for (const [from, to] of turns) {
      for (let killAt = 1; ; killAt++) {
        const out = join(tempDir(), "infra");
        expect(applyWrite(planWrite(out, trees[from] ?? [], { force: false }))).toEqual({ ok: true });
        fault.count = 0;
        fault.killAt = killAt;
        try {
          applyWrite(planWrite(out, trees[to] ?? [], { force: false }));
        } catch {
          // What the process did after its death does not matter; the disk is as it left it.
        }
        const reached = fault.count >= killAt;
        fault.killAt = 0;
        if (!reached) break; // the build ended before this operation: every one has had its turn
        kills++;
        const next = applyWrite(planWrite(out, trees[to] ?? [], { force: false }));
        expect(next, `${from} -> ${to}, killed at operation ${killAt}`).toEqual({ ok: true });
        expect(tree(out, false), `${from} -> ${to}, killed at operation ${killAt}, then built again`).toEqual(clean[to]);
      }
    }
    expect(kills, "kill points").toBeGreaterThanOrEqual(20);
  });

  it("a folder where a generated file goes: exit 2, nothing changed", async () => {
    const dir = await previousTree();
    fs.mkdirSync(join(dir, "infra", "patches", "nodes", "wk-1.yaml"), {
      recursive: true,
    });
    fs.writeFileSync(join(dir, "infra", "patches", "nodes", "wk-1.yaml", "keep"), "mine\n");
    const before = tree(join(dir, "infra"));
    const result = await build(dir, NEW);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(tree(join(dir, "infra"))).toEqual(before);
  });

  it("a file where a generated folder goes: exit 2, nothing changed", async () => {
    const dir = await previousTree();
    const nodes = join(dir, "infra", "patches", "nodes");
    fs.rmSync(nodes, { recursive: true });
    fs.writeFileSync(nodes, "not a folder\n");
    const before = tree(join(dir, "infra"));
    const result = await build(dir, NEW);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(tree(join(dir, "infra"))).toEqual(before);
  });

  it("an immutable file that must be replaced (chattr +i): exit 2, the previous tree intact", async (ctx) => {
    if (!chattrWorks) return ctx.skip(chattrWhyNot);
    const dir = await previousTree();
    // The new spec takes cp-1's label away, so patches/nodes/cp-1.yaml must go; deletions come
    // after every new and changed file is in place, so this fails half way through the commit.
    expect(await lock(join(dir, "infra", "patches", "nodes", "cp-1.yaml"))).toBe(true);
    const before = tree(join(dir, "infra"));
    const result = await build(dir, NEW);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/cp-1\.yaml/);
    expect(tree(join(dir, "infra"))).toEqual(before);
    expect(tempFiles(join(dir, "infra"))).toEqual([]);
  });

  it("an immutable folder (chattr +i): exit 2, the previous tree intact", async (ctx) => {
    if (!chattrWorks) return ctx.skip(chattrWhyNot);
    const dir = await previousTree();
    expect(await lock(join(dir, "infra", "patches", "nodes"))).toBe(true);
    const before = tree(join(dir, "infra"));
    const result = await build(dir, NEW);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(tree(join(dir, "infra"))).toEqual(before);
  });
});

describe("failures through the real binary leave nothing behind and say so", () => {
  it('an immutable file that must be replaced (chattr +i): no backup left, and "nothing was changed"', async (ctx) => {
    if (!chattrWorks) return ctx.skip(chattrWhyNot);
    const dir = await previousTree();
    // main.tf changes between OLD and NEW: it is backed up (a copy, since an immutable file
    // cannot be hard-linked), then the rename over it fails.
    expect(await lock(join(dir, "infra", "main.tf"))).toBe(true);
    const before = tree(join(dir, "infra"));
    const result = await build(dir, NEW);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/infra\/main\.tf: error\[output\/write-failed\]/);
    expect(result.stderr).toContain("nothing was changed");
    expect(tree(join(dir, "infra"))).toEqual(before);
    expect(tempFiles(join(dir, "infra"))).toEqual([]);
  });

  it("a write that fails half way (a file size limit, as a full disk does): no partial file left", async () => {
    for (const first of [true, false]) {
      const dir = first ? tempDir() : await previousTree();
      const before = first ? {} : tree(join(dir, "infra"));
      fs.writeFileSync(join(dir, "spec.yaml"), NEW);
      // ulimit -f: a write past the limit fails with EFBIG after the bytes below it are written.
      const result = await execa("sh", ["-c", `ulimit -f 2 && exec "${process.execPath}" "${BIN}" build spec.yaml -o infra`], {
        cwd: dir,
        reject: false,
      });
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toContain("error[output/write-failed]");
      expect(result.stderr).toMatch(/file too large/);
      expect(result.stderr).toContain("nothing was changed");
      if (first) expect(fs.readdirSync(dir).sort(), "a failed first build leaves no folder").toEqual(["spec.yaml"]);
      else {
        expect(tree(join(dir, "infra"))).toEqual(before);
        expect(tempFiles(join(dir, "infra"))).toEqual([]);
      }
    }
  });
});

function withoutTimes(snapshot: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(snapshot).map(([k, v]) => [k, k.endsWith("/") ? v : v.replace(/^\d+ /, "")]));
}

// --- SIGKILL ------------------------------------------------------------------------------------

/**
 * A 1000-node spec whose nodes all have a label: about 1,000 files to write, so a kill lands
 * in the middle of writing.
 */
function bigSpec(clusterName: string): string {
  let text = VALID.replace("  name: lab", `  name: ${clusterName}`)
    .replaceAll("192.168.10.", "10.0.0.")
    .replace("10.0.0.0/24", "10.0.0.0/16")
    .replace("10.0.0.11/24", "10.0.0.11/16")
    // Room for every node's /24 pod range (the default 10.244.0.0/16 holds 256).
    .replace("  kubernetes:\n", "  kubernetes:\n    podSubnets: [10.128.0.0/12]\n");
  for (let n = 0; n < 1000; n++)
    text += `    - { name: wk-${n}, role: worker, address: 10.0.${4 + Math.floor(n / 250)}.${1 + (n % 250)}/16, labels: { rack: r${n % 40} } }\n`;
  return text;
}

/**
 * Starts `build <spec> -o infra` and SIGKILLs it while it writes: in "staging", `delayMs` after
 * its first temporary file appears; in "commit", `delayMs` after the first file is renamed
 * into place. fs.watch (inotify) sees both within a millisecond or so.
 */
async function killMidWrite(dir: string, spec: string, phase: "staging" | "commit", delayMs: number): Promise<boolean> {
  const child = spawn(process.execPath, [BIN, "build", spec, "-o", "infra"], {
    cwd: dir,
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const kill = () => {
    if (child.exitCode === null && !child.killed) child.kill("SIGKILL");
  };
  // patches/nodes/ holds most of the ~1,000 files, in the middle of the commit order.
  const watcher = fs.watch(join(dir, "infra", "patches", "nodes"), (_event, name) => {
    if (name === null) return;
    if (phase === "staging" ? TEMP.test(name) : !TEMP.test(name)) setTimeout(kill, delayMs);
  });
  await exited;
  watcher.close();
  return child.signalCode === "SIGKILL";
}

describe("an interrupted build (SIGKILL mid-write)", () => {
  it("leaves every file old or complete, and the next build finishes the job", async () => {
    const dir = tempDir();
    const out = join(dir, "infra");
    const spec = bigSpec("big");
    // Two names for one spec: every generated file names its spec in its first line, so a
    // build of b.yaml over a tree of a.yaml rewrites all ~1,000 files.
    fs.writeFileSync(join(dir, "a.yaml"), spec);
    fs.writeFileSync(join(dir, "b.yaml"), spec);
    const first = await execa(process.execPath, [BIN, "build", "a.yaml", "-o", "infra"], { cwd: dir, reject: false });
    expect(first.exitCode, first.stderr).toBe(0);
    const files = (shown: string) => compile(spec, { specPath: shown }).files;
    const withManifest = (list: ReturnType<typeof files>) =>
      new Map([...list.map((f): [string, string] => [f.path, f.contents]), [MANIFEST, renderManifest(list)]]);
    const JOURNAL = ".talos-hclgen.pending.json";
    const oldFiles = withManifest(files("../a.yaml"));
    const newFiles = withManifest(files("../b.yaml"));
    let killedMidWrite = 0;
    for (const [phase, delayMs] of [
      ["staging", 0],
      ["commit", 0],
      ["staging", 20],
      ["commit", 2],
    ] as const) {
      if (await killMidWrite(dir, "b.yaml", phase, delayMs)) killedMidWrite++;
      let leftovers = 0;
      for (const entry of fs.readdirSync(out, {
        recursive: true,
        withFileTypes: true,
      })) {
        if (!entry.isFile()) continue;
        if (TEMP.test(entry.name)) {
          leftovers++;
          continue;
        }
        const path = join(entry.parentPath, entry.name).slice(out.length + 1);
        const contents = fs.readFileSync(join(out, path), "utf8");
        // The write journal, when a kill left it, lists every new file with its hash.
        if (path === JOURNAL) {
          const journal = JSON.parse(contents) as { files: Record<string, string[]> };
          for (const [file, text] of newFiles) if (file !== MANIFEST) expect(journal.files[file], `the journal's ${file}`).toContain(sha256(text));
          continue;
        }
        // The folder lock the killed build held: the next build takes it over.
        if (path === LOCK_NAME) continue;
        expect([oldFiles.get(path), newFiles.get(path)], `${path} after a kill in ${phase}`).toContain(contents);
      }
      if (phase === "staging" && delayMs === 0) expect(leftovers, "a kill in staging leaves temporary files").toBeGreaterThan(0);
    }
    expect(killedMidWrite, "the kills must land while files are being written").toBeGreaterThanOrEqual(3);
    // The next build of the same spec completes the tree and removes the leftovers.
    const last = await execa(process.execPath, [BIN, "build", "b.yaml", "-o", "infra"], { cwd: dir, reject: false });
    expect(last.exitCode, last.stderr).toBe(0);
    expect(tempFiles(out)).toEqual([]);
    for (const [path, contents] of newFiles) expect(fs.readFileSync(join(out, path), "utf8"), path).toBe(contents);
  }, 120_000);
});
