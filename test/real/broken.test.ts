/**
 * The Talos tier can fail, with Talos's own words: a spec whose raw patches break a node's
 * configuration is applied like the goldens, and Talos's validation (or its patch loader, as
 * the real provider runs it at plan time) rejects exactly that node.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { compile } from "../../src/index.js";
import { buildCase, ROOT } from "../golden-corpus.js";
import { validateConfigurations } from "./talos-validate.js";
import { describeWithTools } from "./tools.js";
import { makeMirrors, Workspace } from "./workspace.js";

const base = readFileSync(join(ROOT, "fixtures", "node-patches", "spec.yaml"), "utf8");

/** The node-patches fixture with more raw patches on its worker. */
function withWorkerPatches(patches: string): ReturnType<typeof compile>["files"] {
  const result = compile(`${base.trimEnd()}\n${patches}`, { specPath: "fixtures/node-patches/spec.yaml" });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return result.files;
}

describeWithTools("a broken machine configuration fails the Talos tier", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-broken-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const mirrors = makeMirrors(tools, work);

  it("a HostnameConfig with both auto: stable and a hostname", async () => {
    const workspace = new Workspace(tools, mirrors, join(work, "hostname"));
    await workspace.write(
      withWorkerPatches(`        - apiVersion: v1alpha1
          kind: HostnameConfig
          auto: stable
`),
    );
    await workspace.apply();
    const verdicts = await validateConfigurations(tools, join(work, "hostname", "configs"), workspace.machineConfigurations(), "cloud");
    expect(verdicts.map((v) => [v.node, v.valid])).toEqual([
      ["cp-1", true],
      ["wk-gpu", false],
    ]);
    expect(verdicts[1]?.error).toContain("HostnameConfig: 'auto' and 'hostname' cannot be set at the same time");
  });

  it("a node patch file with the same LinkConfig twice (a generator bug)", async () => {
    // The metal tree's worker patch names each link once; a generator that emitted one twice
    // would hand Talos a file it refuses to load (the real provider loads patches with the same
    // machinery when it makes the node's configuration, so the apply fails for that node only).
    const files = buildCase("metal").expected.map((file) => {
      if (file.path !== "patches/nodes/wk-1.yaml") return file;
      const link = /apiVersion: v1alpha1\nkind: LinkConfig\nname: eno1\n[\s\S]*?(?=\n---|\n?$)/.exec(file.contents)?.[0];
      expect(link).toBeDefined();
      return { ...file, contents: `${file.contents.trimEnd()}\n---\n${link ?? ""}\n` };
    });
    const workspace = new Workspace(tools, mirrors, join(work, "links"));
    await workspace.write(files);
    const run = await workspace.tofu("doubles", ["apply", "-auto-approve", "-input=false", "-no-color"]);
    expect(run.exitCode).toBe(1);
    // The node's whole configuration is made by a data source (its patches in order), which fails.
    expect(run.stderr).toContain('data.talos_machine_configuration.node["wk-1"]');
    expect(run.stderr).toMatch(/duplicate document v1alpha1\/LinkConfig\/eno1 is not allowed/);
  });
});
