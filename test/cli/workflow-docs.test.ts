/**
 * docs/workflow.md and .pre-commit-hooks.yaml are part of the CLI's surface: the spec example
 * must build, the Renovate regex must find every pin (in the example and in `init`'s
 * starter), and the hooks must call the commands they claim to.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ensureBuilt, ROOT, runBin, workspace } from "./harness.js";

const doc = readFileSync(join(ROOT, "docs/workflow.md"), "utf8");
const blocks = (lang: string): string[] => [...doc.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1] ?? "");
const specExample = blocks("yaml").find((b) => b.includes("apiVersion: talos-hclgen/v1"))!;
const renovate = JSON.parse(blocks("json").find((b) => b.includes("customManagers"))!) as {
  customManagers: { managerFilePatterns: string[]; matchStrings: string[] }[];
};
const manager = renovate.customManagers[0]!;

/** Renovate's regex manager: each matchString is applied to the whole file, globally. */
function pins(text: string): { depName?: string; currentValue?: string }[] {
  return [...text.matchAll(new RegExp(manager.matchStrings[0]!, "g"))].map((m) => ({ ...m.groups }));
}

/** Every `# renovate:` comment with the version on the line below it. */
function expectedPins(text: string): { depName: string; currentValue: string }[] {
  const lines = text.split("\n");
  return lines.flatMap((line, i) => {
    const dep = /# renovate: .*depName=(\S+)/.exec(line)?.[1];
    const version = /^\s*version:\s*(\S+)/.exec(lines[i + 1] ?? "")?.[1];
    return dep === undefined ? [] : [{ depName: dep, currentValue: version ?? "(no version below)" }];
  });
}

let dir: string;
beforeAll(ensureBuilt);
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe("docs/workflow.md", () => {
  it("has a spec example that builds", async () => {
    dir = workspace();
    writeFileSync(join(dir, "spec.yaml"), specExample);
    const result = await runBin(["build", "spec.yaml", "-o", "infra"], {
      cwd: dir,
    });
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
  });

  it("has a Renovate regex that finds every pin of the example and of init's starter", async () => {
    expect(expectedPins(specExample)).toHaveLength(6);
    expect(pins(specExample)).toEqual(expectedPins(specExample).map((p) => expect.objectContaining(p)));
    dir = workspace();
    expect((await runBin(["init"], { cwd: dir })).exitCode).toBe(0);
    const starter = readFileSync(join(dir, "cluster.yaml"), "utf8");
    expect(expectedPins(starter).length).toBeGreaterThanOrEqual(3);
    expect(pins(starter)).toEqual(expectedPins(starter).map((p) => expect.objectContaining(p)));
  });

  it("has Renovate file patterns for cluster.yaml (what init writes), spec.yaml and clusters/*.yaml", () => {
    const patterns = manager.managerFilePatterns.map((p) => new RegExp(p.slice(1, -1)));
    for (const path of ["cluster.yaml", "envs/cluster.yml", "spec.yaml", "infra/../spec.yml", "clusters/prod.yaml"])
      expect(patterns.some((p) => p.test(path))).toBe(true);
    expect(patterns.some((p) => p.test("infra/patches/common.yaml"))).toBe(false);
  });
});

describe("the project's address", () => {
  it("is package.json's repository wherever the docs name it, and hooks call the local bin", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { repository: { url: string }; homepage: string; bugs: { url: string } };
    const home = pkg.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
    expect(pkg.homepage.startsWith(home)).toBe(true);
    expect(pkg.bugs.url).toBe(`${home}/issues`);
    for (const file of ["docs/workflow.md", ".pre-commit-hooks.yaml", "README.md"]) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const [url] of text.matchAll(/https:\/\/github\.com\/[\w.-]+\/talos-hclgen\b/g)) expect(url, file).toBe(home);
    }
    expect(doc).toContain(`repo: ${home}`);
    // lefthook runs on every commit: the local bin, never npx (its own start-up on each run).
    const lefthook = blocks("yaml").find((b) => b.includes("# lefthook.yml")) ?? "";
    expect(lefthook).not.toContain("npx");
    expect(lefthook).toContain("./node_modules/.bin/talos-hclgen");
  });
});

describe(".pre-commit-hooks.yaml", () => {
  const hooks = parse(readFileSync(join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as Record<string, unknown>[];

  it("offers a regenerating hook and a check hook on YAML changes, without file names", () => {
    expect(hooks.map((h) => [h["id"], h["entry"], h["language"], h["pass_filenames"]])).toEqual([
      ["talos-hclgen", "talos-hclgen build", "node", false],
      ["talos-hclgen-check", "talos-hclgen build --check", "node", false],
    ]);
    for (const hook of hooks) {
      const files = new RegExp(String(hook["files"]));
      expect(["cluster.yaml", "clusters/a.yml"].every((f) => files.test(f))).toBe(true);
      expect(files.test("infra/main.tf")).toBe(false);
    }
  });
});
