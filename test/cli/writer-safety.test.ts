/**
 * The writer's promises about the output folder, through the real binary: it never writes or
 * deletes through a link below the folder; one build at a time writes a folder (the lock, its
 * wait, its timeout, its takeover from a killed build, its release on a signal); what an
 * interrupted build left is reported by --check and removed by the next build; a CRLF checkout
 * is not a hand edit; --check's advice is what the build needs; names that would put a tree
 * elsewhere or that Windows cannot hold are refused; the README's rebuild command is quoted.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../src/output/hash.js";
import { ageTree, readTree, snapshotTree } from "../../src/output/temp-tree.test-helper.js";
import { containedProcess, mountNamespacesAvailable, pidNamespacesAvailable } from "../../src/output/pid-namespace.test-helper.js";
import { underCI } from "../ci.js";
import { editSpec, ensureBuilt, ROOT, runBin, workspace } from "./harness.js";

const LOCK = ".talos-hclgen.lock";
const JOURNAL = ".talos-hclgen.pending.json";
let dir: string;
let children: ChildProcess[] = [];

beforeAll(ensureBuilt);
afterEach(() => {
  for (const child of children) child.kill("SIGKILL");
  children = [];
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

const build = (...args: string[]) => runBin(["build", ...args], { cwd: dir });
const buildWith = (env: Record<string, string>, ...args: string[]) => runBin(["build", ...args], { cwd: dir, env });

/** A workspace with the one-node spec, whose node is labelled (so it has patches/nodes/cp-1.yaml), built into infra/. */
async function built(): Promise<string> {
  dir = workspace({ "spec.yaml": "single-node" });
  editSpec(join(dir, "spec.yaml"), (doc) => doc.setIn(["spec", "nodes", 0, "labels"], { rack: "r1" }));
  const result = await build("spec.yaml", "-o", "infra");
  expect(result, result.stderr).toMatchObject({ exitCode: 0 });
  return join(dir, "infra");
}

function liveProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid ?? -1;
}

function deadPid(): number {
  return Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout);
}

function plantLock(out: string, pid: number): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, LOCK), JSON.stringify({ pid, host: hostname(), started: "2001-02-03T04:05:06Z", nonce: "planted" }));
}

describe("a symbolic link below the output folder", () => {
  it("is never written through, with or without --force; --check says the build would refuse", async () => {
    const out = await built();
    const elsewhere = join(dir, "elsewhere");
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, "common.yaml"), "someone else's\n");
    rmSync(join(out, "patches"), { recursive: true });
    symlinkSync(elsewhere, join(out, "patches"));
    for (const force of [[], ["--force"]]) {
      const result = await build("spec.yaml", "-o", "infra", ...force);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain("infra/patches: error[output/through-link]");
      expect(readTree(elsewhere)).toEqual({ "common.yaml": "someone else's\n" });
    }
    const check = await build("spec.yaml", "-o", "infra", "--check");
    expect(check.exitCode).toBe(1);
    expect(check.stderr).toContain("warning[output/through-link]");
    expect(check.stderr).toContain("would refuse");
    expect(check.stderr).not.toContain("run the same build without --check to update");
  });

  it("a pulled manifest listing files behind a link: the link's target keeps its files and folders", async () => {
    const out = await built();
    const elsewhere = join(dir, "elsewhere");
    mkdirSync(join(elsewhere, "nodes"), { recursive: true });
    writeFileSync(join(elsewhere, "nodes", "cp-1.yaml"), "precious\n");
    // What a branch can bring: a link, and a manifest that claims the files behind it.
    symlinkSync(elsewhere, join(out, "old"));
    const manifest = JSON.parse(readFileSync(join(out, ".talos-hclgen.json"), "utf8")) as { files: Record<string, string> };
    manifest.files["old/nodes/cp-1.yaml"] = sha256("precious\n");
    writeFileSync(join(out, ".talos-hclgen.json"), JSON.stringify(manifest));
    const result = await build("spec.yaml", "-o", "infra", "--force");
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("infra/old: error[output/through-link]");
    expect(readTree(elsewhere)).toEqual({ "nodes/": "", "nodes/cp-1.yaml": "precious\n" });
  });
});

describe("one build at a time per folder", () => {
  it("waits for a build that holds the folder, then writes; the lock is gone after", async () => {
    const out = await built();
    plantLock(out, liveProcess());
    rmSync(join(out, "main.tf"));
    const child = spawn(process.execPath, [join(ROOT, "bin", "talos-hclgen.js"), "build", "spec.yaml", "-o", "infra"], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      // The holder finishes once the build says it waits: then, and only then, it writes.
      if (stderr.includes("waiting for it to finish")) {
        expect(existsSync(join(out, "main.tf"))).toBe(false);
        rmSync(join(out, LOCK), { force: true });
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(/^talos-hclgen: another build \(pid \d+\) is writing infra\/; waiting for it to finish\n$/);
    expect(stdout).toContain("wrote infra/main.tf\n");
    expect(existsSync(join(out, LOCK))).toBe(false);
  });

  it("gives up after TALOS_HCLGEN_LOCK_TIMEOUT, naming the holder, and writes nothing", async () => {
    const out = await built();
    const pid = liveProcess();
    plantLock(out, pid);
    rmSync(join(out, "main.tf"));
    ageTree(out);
    const before = snapshotTree(out);
    const result = await buildWith({ TALOS_HCLGEN_LOCK_TIMEOUT: "0.5" }, "spec.yaml", "-o", "infra");
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`infra/: error[output/locked]: another build (pid ${pid} on ${hostname()}`);
    expect(result.stderr).toContain(`delete infra/${LOCK}`);
    expect(snapshotTree(out)).toEqual(before);
    // --check waits the same way, and does not compare a tree that is being written.
    const check = await buildWith({ TALOS_HCLGEN_LOCK_TIMEOUT: "0.5" }, "spec.yaml", "-o", "infra", "--check");
    expect(check.exitCode).toBe(2);
    expect(check.stderr).toContain("error[output/locked]");
  });

  it.runIf(pidNamespacesAvailable || underCI)(
    "waits for a build in another pid namespace under this host name (two containers, one folder), and says so",
    async () => {
      const out = await built();
      const contained = await containedProcess();
      children.push(contained.child);
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, LOCK), JSON.stringify({ host: hostname(), started: "2001-02-03T04:05:06Z", nonce: "planted", ...contained.record }));
      rmSync(join(out, "main.tf"));
      ageTree(out);
      const before = snapshotTree(out);
      const result = await buildWith({ TALOS_HCLGEN_LOCK_TIMEOUT: "0.5" }, "spec.yaml", "-o", "infra");
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toContain(
        `infra/: error[output/locked]: another build (pid 1 on ${hostname()}, in another container or boot with this host name, since`,
      );
      expect(snapshotTree(out)).toEqual(before);
    },
  );

  it.runIf(mountNamespacesAvailable || underCI)(
    "on a read-only file system: an up-to-date build exits 0 with or without its cache, one that would write is refused",
    async () => {
      dir = workspace({ "spec.yaml": "single-node" });
      writeFileSync(
        join(dir, "other.yaml"),
        readFileSync(join(dir, "spec.yaml"), "utf8").replace("role: controlplane", "role: controlplane\n      labels: { rack: r9 }"),
      );
      // In a mount namespace of its own, so the read-only mount goes with the process.
      const bin = join(ROOT, "bin", "talos-hclgen.js");
      const build = (cache: string, spec: string) =>
        `TALOS_HCLGEN_CACHE_DIR=${cache} '${process.execPath}' '${bin}' build ${spec} -o ro/infra 2>&1; echo "exit $?"`;
      const script = [
        "mkdir ro && mount -t tmpfs tmpfs ro",
        `{ ${build("warm", "spec.yaml")}; } >/dev/null`,
        "mount -o remount,ro ro",
        build("warm", "spec.yaml"),
        build("cold", "spec.yaml"),
        build("cold", "other.yaml"),
        "umount ro",
      ].join("\n");
      const result = spawnSync("unshare", ["--mount", "sh", "-c", script], { cwd: dir, encoding: "utf8" });
      expect(result.stderr).toBe("");
      expect(result.stdout).toBe(
        [
          "ro/infra/: 0 written, 20 unchanged, 0 deleted",
          "exit 0",
          "ro/infra/: 0 written, 20 unchanged, 0 deleted",
          "exit 0",
          "ro/infra/: error[output/read-only]: the folder is on a read-only file system, and this build would change 21 files in it",
          "  hint: nothing was written; build where the folder is writable, or see what would change with --check",
          "1 error",
          "nothing was written",
          "exit 2",
          "",
        ].join("\n"),
      );
    },
  );

  it("takes over the lock of a killed build: --check reports it, the next build removes it", async () => {
    const out = await built();
    plantLock(out, deadPid());
    const check = await build("spec.yaml", "-o", "infra", "--check");
    expect(check.exitCode).toBe(1);
    expect(check.stdout).toContain(`leftover infra/${LOCK}\n`);
    expect(check.stdout).toContain("1 left by an interrupted build");
    const result = await build("spec.yaml", "-o", "infra");
    expect(result.exitCode, result.stderr).toBe(0);
    expect(readdirSync(out)).not.toContain(LOCK);
    expect((await build("spec.yaml", "-o", "infra", "--check")).exitCode).toBe(0);
  });

  it("leaves no lock after an error, and removes the folder it made for one", async () => {
    const out = await built();
    writeFileSync(join(out, "main.tf"), "# mine now\n");
    expect((await build("spec.yaml", "-o", "infra")).exitCode).toBe(2);
    expect(readdirSync(out)).not.toContain(LOCK);
    // Two specs, one folder locked by a live build: the first folder is made, then removed.
    writeFileSync(join(dir, "other.yaml"), readFileSync(join(dir, "spec.yaml")));
    plantLock(join(dir, "trees", "spec"), liveProcess());
    const result = await buildWith({ TALOS_HCLGEN_LOCK_TIMEOUT: "0.3" }, "other.yaml", "spec.yaml", "-o", "trees/{stem}");
    expect(result.exitCode).toBe(2);
    expect(readdirSync(join(dir, "trees"))).toEqual(["spec"]);
  });

  it("fails at once, with the real reason, where no lock can ever be made: a link to nothing, /proc/self", async () => {
    dir = workspace({ "spec.yaml": "single-node" });
    symlinkSync(join(dir, "nowhere"), join(dir, "infra"));
    // A 60 s wait would be the bug: the timeout is left at its default.
    const dangling = await build("spec.yaml", "-o", "infra");
    expect(dangling.exitCode).toBe(2);
    expect(dangling.stderr).toContain(`cannot lock the folder for writing: it is a symbolic link to ${join(dir, "nowhere")}, which does not exist`);
    expect(dangling.stderr).not.toContain("another build");
    expect(existsSync(join(dir, "nowhere"))).toBe(false);
    if (existsSync("/proc/self")) {
      const proc = await build("spec.yaml", "-o", "/proc/self");
      expect(proc.exitCode).toBe(2);
      expect(proc.stderr).toContain("is a folder no file can be created in");
    }
  });

  it("releases its locks when stopped by SIGTERM or SIGINT, and dies of the signal", async () => {
    await built();
    writeFileSync(join(dir, "other.yaml"), readFileSync(join(dir, "spec.yaml")));
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      // trees/other/ is locked by this build while it waits for trees/spec/, held by another.
      plantLock(join(dir, "trees", "spec"), liveProcess());
      const child = spawn(process.execPath, [join(ROOT, "bin", "talos-hclgen.js"), "build", "other.yaml", "spec.yaml", "-o", "trees/{stem}"], {
        cwd: dir,
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      const waiting = new Promise<void>((resolve) =>
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
          if (stderr.includes("waiting")) resolve();
        }),
      );
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, sig) => resolve(sig)));
      await waiting;
      expect(existsSync(join(dir, "trees", "other", LOCK))).toBe(true);
      child.kill(signal);
      expect(await exited).toBe(signal);
      expect(existsSync(join(dir, "trees", "other"))).toBe(false);
      rmSync(join(dir, "trees"), { recursive: true });
    }
  });
});

describe("what an interrupted build left", () => {
  it("is reported by --check, even in a folder the tree no longer uses, and removed by the next build", async () => {
    const out = await built();
    // A build of the spec without labels (no patches/nodes/) was killed after it had renamed
    // patches/nodes/cp-1.yaml to its backup and placed its manifest, before it tidied up.
    const backup = `.cp-1.yaml.${deadPid()}-0123abcd.bak`;
    const journal = JSON.stringify({ version: 2, files: { "patches/nodes/cp-1.yaml": [sha256(readFileSync(join(out, "patches/nodes/cp-1.yaml")))] } });
    editSpec(join(dir, "spec.yaml"), (doc) => doc.deleteIn(["spec", "nodes", 0, "labels"]));
    expect((await build("spec.yaml", "-o", "infra")).exitCode).toBe(0);
    mkdirSync(join(out, "patches", "nodes"));
    writeFileSync(join(out, "patches", "nodes", backup), "old contents\n");
    writeFileSync(join(out, JOURNAL), journal);
    const check = await build("spec.yaml", "-o", "infra", "--check");
    expect(check.exitCode).toBe(1);
    expect(check.stdout).toContain(`leftover infra/patches/nodes/${backup}\n`);
    expect(check.stdout).toContain(`leftover infra/${JOURNAL}\n`);
    const result = await build("spec.yaml", "-o", "infra");
    expect(result.exitCode, result.stderr).toBe(0);
    expect(existsSync(join(out, "patches", "nodes"))).toBe(false);
    expect(existsSync(join(out, JOURNAL))).toBe(false);
    expect((await build("spec.yaml", "-o", "infra", "--check")).exitCode).toBe(0);
  });
});

describe("a tree checked out with CRLF line endings (core.autocrlf)", () => {
  it("is up to date, and a build rewrites nothing", async () => {
    const out = await built();
    for (const path of Object.keys(readTree(out)).filter((p) => !p.endsWith("/")))
      writeFileSync(join(out, path), readFileSync(join(out, path), "utf8").replace(/\n/g, "\r\n"));
    ageTree(out);
    const before = snapshotTree(out);
    const check = await build("spec.yaml", "-o", "infra", "--check");
    expect(check.exitCode, check.stdout).toBe(0);
    const result = await build("spec.yaml", "-o", "infra");
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^infra\/: 0 written, \d+ unchanged, 0 deleted\n$/);
    expect(snapshotTree(out)).toEqual(before);
  });
});

describe("--check's advice", () => {
  it("says run the build when it would go through, and --force when it would refuse a hand edit", async () => {
    const out = await built();
    editSpec(join(dir, "spec.yaml"), (doc) => doc.setIn(["spec", "nodes", 0, "labels"], { rack: "r2" }));
    const plain = await build("spec.yaml", "-o", "infra", "--check");
    expect(plain.exitCode).toBe(1);
    expect(plain.stderr).toBe("1 tree is out of date; run the same build without --check to update\n");
    writeFileSync(join(out, "main.tf"), `${readFileSync(join(out, "main.tf"), "utf8")}# mine\n`);
    const edited = await build("spec.yaml", "-o", "infra", "--check");
    expect(edited.exitCode).toBe(1);
    expect(edited.stderr).toContain("infra/main.tf: warning[output/hand-edited]");
    expect(edited.stderr).toContain("would refuse to update it");
    expect(edited.stderr).toContain("--force");
    expect(edited.stderr).not.toContain("run the same build without --check to update");
    // The advice is right: the build refuses, and with --force goes through.
    expect((await build("spec.yaml", "-o", "infra")).exitCode).toBe(2);
    expect((await build("spec.yaml", "-o", "infra", "--force")).exitCode).toBe(0);
  });
});

describe("names that would put a tree elsewhere, or that Windows cannot hold", () => {
  it('refuses a {stem} of "." or ".." (specs named ..yaml and ...yaml) and writes nothing', async () => {
    dir = workspace({ "...yaml": "single-node", "..yaml": "single-node" });
    const before = readdirSync(dir).sort();
    for (const spec of ["...yaml", "..yaml"]) {
      const result = await build(spec, "-o", "infra/{stem}");
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(`${spec}: error[cli/bad-out-dir-name]`);
    }
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it("refuses a {stem} or {name} that is a Windows device name", async () => {
    dir = workspace({ "aux.yaml": "single-node" });
    const result = await build("aux.yaml", "-o", "infra/{stem}");
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("error[cli/bad-out-dir-name]");
    expect(result.stderr).toContain('"aux"');
    editSpec(join(dir, "aux.yaml"), (doc) => doc.setIn(["metadata", "name"], "con"));
    expect((await build("aux.yaml", "-o", "infra/{name}")).stderr).toContain("error[cli/bad-out-dir-name]");
    expect(existsSync(join(dir, "infra"))).toBe(false);
  });

  it("refuses a node named like a Windows device, pointing at the name", async () => {
    dir = workspace({ "spec.yaml": "single-node" });
    editSpec(join(dir, "spec.yaml"), (doc) => doc.setIn(["spec", "nodes", 0, "name"], "nul"));
    const result = await build("spec.yaml", "-o", "infra");
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/spec\.yaml:\d+:\d+: error\[spec\/reserved-name\]: node name "nul"/);
    expect(existsSync(join(dir, "infra"))).toBe(false);
  });

  it("quotes the spec path of the README's rebuild command for the shell", async () => {
    dir = workspace({ "my cluster's spec.yaml": "single-node" });
    const result = await build("my cluster's spec.yaml", "-o", "infra");
    expect(result.exitCode, result.stderr).toBe(0);
    expect(readFileSync(join(dir, "infra", "README.md"), "utf8")).toContain("`npx talos-hclgen build '../my cluster'\\''s spec.yaml' -o .`");
    // And the command works, pasted into a shell in the tree.
    const command = /`(npx talos-hclgen build .* -o \.)`/.exec(readFileSync(join(dir, "infra", "README.md"), "utf8"))?.[1] ?? "";
    const words = spawnSync("sh", ["-c", `printf '%s\\n' ${command.replace(/^npx talos-hclgen build /, "").replace(/ -o \.$/, "")}`], { encoding: "utf8" });
    expect(words.stdout).toBe("../my cluster's spec.yaml\n");
  });
});
