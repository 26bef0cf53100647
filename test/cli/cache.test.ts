/**
 * The up-to-date cache (src/cli/commands/build-cache.ts) through the real binary: it may
 * skip compiling, but it must never hide a change. Every test builds once (filling the
 * cache), disturbs something, and expects exactly what an uncached build says.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { editSpec, ensureBuilt, runBin, workspace } from "./harness.js";

let dir: string;
beforeAll(ensureBuilt);
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cacheDir = () => join(dir, ".talos-hclgen-cache");
/** The up-to-date entries; the launcher's code cache (code/) shares the folder. */
const entries = () => readdirSync(cacheDir()).filter((name) => name.endsWith(".json"));

async function builtTwice(): Promise<void> {
  dir = workspace({ "spec.yaml": "single-node" });
  for (let i = 0; i < 2; i++) {
    const result = await runBin(["build", "spec.yaml", "-o", "infra", "-q"], { cwd: dir });
    expect(result).toMatchObject({ exitCode: 0, stderr: "" });
  }
  expect(entries()).toHaveLength(1);
}

describe("the up-to-date cache", () => {
  it("reports an up-to-date tree like an uncached build does", async () => {
    await builtTwice();
    const cached = await runBin(["build", "spec.yaml", "-o", "infra", "--check"], { cwd: dir });
    const uncached = await runBin(["build", "spec.yaml", "-o", "infra", "--check"], {
      cwd: dir,
      env: { TALOS_HCLGEN_NO_CACHE: "1" },
    });
    expect(cached).toEqual(uncached);
    expect(cached.exitCode).toBe(0);
  });

  it("does not hide a hand edit", async () => {
    await builtTwice();
    appendFileSync(join(dir, "infra", "main.tf"), "# edited\n");
    expect((await runBin(["build", "spec.yaml", "-o", "infra", "--check"], { cwd: dir })).exitCode).toBe(1);
    const build = await runBin(["build", "spec.yaml", "-o", "infra"], { cwd: dir });
    expect(build.exitCode).toBe(2);
    expect(build.stderr).toContain("output/hand-edited");
  });

  it("does not hide a deleted file", async () => {
    await builtTwice();
    unlinkSync(join(dir, "infra", "outputs.tf"));
    const check = await runBin(["build", "spec.yaml", "-o", "infra", "--check"], { cwd: dir });
    expect(check.exitCode).toBe(1);
    expect(check.stdout + check.stderr).toContain("1 missing");
  });

  it("compiles again when the spec changed", async () => {
    await builtTwice();
    editSpec(join(dir, "spec.yaml"), (doc) => doc.setIn(["spec", "nodes", 0, "labels"], { rack: "r9" }));
    const check = await runBin(["build", "spec.yaml", "-o", "infra", "--check"], { cwd: dir });
    expect(check.exitCode).toBe(1);
    const build = await runBin(["build", "spec.yaml", "-o", "infra", "-q"], { cwd: dir });
    expect(build.exitCode).toBe(0);
    expect(readFileSync(join(dir, "infra", "patches", "nodes", "cp-1.yaml"), "utf8")).toContain("rack: r9");
  });

  it("survives a corrupt cache entry and writes none when turned off", async () => {
    await builtTwice();
    for (const name of entries()) writeFileSync(join(cacheDir(), name), "{not json");
    expect((await runBin(["build", "spec.yaml", "-o", "infra", "--check"], { cwd: dir })).exitCode).toBe(0);
    rmSync(cacheDir(), { recursive: true });
    await runBin(["build", "spec.yaml", "-o", "infra", "-q"], { cwd: dir, env: { TALOS_HCLGEN_NO_CACHE: "1" } });
    expect(existsSync(cacheDir())).toBe(false);
  });
});
