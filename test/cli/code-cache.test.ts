/**
 * The launcher's V8 code cache (src/launcher/) through the real binary. It may only change
 * how fast a command starts: every run must print and write exactly what a run without it
 * does, whatever state the cache file is in.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, ROOT, runBin, workspace, type RunResult } from "./harness.js";

let dir: string;
beforeAll(ensureBuilt);
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const codeDir = () => join(dir, ".talos-hclgen-cache", "code");
const DEBUG = { TALOS_HCLGEN_DEBUG: "code-cache" };

/** A build into a new folder, with the launcher's report of the cache split off stderr. */
async function build(out: string, env: Record<string, string> = {}): Promise<RunResult & { cache: string }> {
  const result = await runBin(["build", "spec.yaml", "-o", out], { cwd: dir, env: { ...DEBUG, ...env } });
  const [first = "", ...rest] = result.stderr.split("\n");
  const cache = /^code cache: (\w+)/.exec(first)?.[1] ?? "(no report)";
  return { ...result, stderr: cache === "(no report)" ? result.stderr : rest.join("\n"), cache };
}

/** What the build printed, with its own output folder's name taken out. */
const printed = (r: RunResult, out: string) => ({ exitCode: r.exitCode, stdout: r.stdout.replaceAll(out, "OUT"), stderr: r.stderr.replaceAll(out, "OUT") });

const tree = (out: string) =>
  Object.fromEntries(
    readdirSync(join(dir, out), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [join(e.parentPath, e.name).slice(join(dir, out).length), readFileSync(join(e.parentPath, e.name), "utf8")]),
  );

describe("the code cache", () => {
  it("is written by a first run, used by the next, and changes nothing they produce", async () => {
    dir = workspace({ "spec.yaml": "ha-proxmox" });
    const first = await build("out-a");
    expect(first.cache).toBe("none");
    const files = readdirSync(codeDir());
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^build-[0-9a-f]{16}-node[\d.]+-\w+\.v8$/);
    const second = await build("out-b");
    expect(second.cache).toBe("used");
    const uncached = await build("out-c", { TALOS_HCLGEN_NO_CACHE: "1" });
    expect(uncached.cache).toBe("(no report)");
    expect(printed(second, "out-b")).toEqual(printed(first, "out-a"));
    expect(printed(uncached, "out-c")).toEqual(printed(first, "out-a"));
    expect(tree("out-b")).toEqual(tree("out-a"));
    expect(tree("out-c")).toEqual(tree("out-a"));
  });

  it("replaces a damaged cache file and still builds the same tree", async () => {
    dir = workspace({ "spec.yaml": "single-node" });
    await build("out-a");
    const [name = ""] = readdirSync(codeDir());
    const path = join(codeDir(), name);
    // Larger than the bundle: the launcher reads both through one buffer (src/launcher/bundle-source.ts).
    const garbage = Buffer.alloc(statSync(join(ROOT, "dist", "cli.cjs")).size + 4096, 7);
    writeFileSync(path, garbage);
    const damaged = await build("out-b");
    expect(damaged.cache).toBe("rejected");
    expect(damaged.exitCode).toBe(0);
    expect(tree("out-b")).toEqual(tree("out-a"));
    expect(readFileSync(path).equals(garbage)).toBe(false);
    expect((await build("out-c")).cache).toBe("used");
  });

  it("is not written by a run that stops at a bad spec, nor when caches are off", async () => {
    dir = workspace({ "spec.yaml": "error-unknown-key" });
    const bad = await build("out-a");
    expect(bad.exitCode).toBe(2);
    expect(existsSync(codeDir())).toBe(false);
    rmSync(dir, { recursive: true, force: true });
    dir = workspace({ "spec.yaml": "single-node" });
    expect((await build("out-a", { TALOS_HCLGEN_NO_CACHE: "1" })).exitCode).toBe(0);
    expect(existsSync(join(dir, ".talos-hclgen-cache"))).toBe(false);
  });

  it("keeps one file per command, and a cache folder that cannot be written costs nothing", async () => {
    dir = workspace({ "spec.yaml": "single-node" });
    await build("out-a");
    await runBin(["--version"], { cwd: dir });
    expect(
      readdirSync(codeDir())
        .map((n) => n.split("-")[0])
        .sort(),
    ).toEqual(["build", "other"]);
    rmSync(join(dir, ".talos-hclgen-cache"), { recursive: true });
    writeFileSync(join(dir, ".talos-hclgen-cache"), "a file where the cache folder should be");
    const blocked = await build("out-b");
    expect(blocked.exitCode).toBe(0);
    expect(tree("out-b")).toEqual(tree("out-a"));
  });
});
