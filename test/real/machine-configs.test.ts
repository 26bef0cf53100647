/**
 * Real machine configurations: every golden tree is applied under the real OpenTofu with the
 * provider doubles (test/real/workspace.ts), so each node's configuration is what the
 * siderolabs/talos provider would send it (its talos_machine_configuration data source plus
 * the apply resource's config_patches, all computed by OpenTofu from the tree). Each one must
 * pass Talos's own validation (machinery v1.13.9) in the runtime mode of the node's platform,
 * strictly. The reference tree's configurations are kept in rendered/, secrets blanked, so a
 * reviewer sees exactly what a node receives (`npm run golden:update` rewrites them).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeHcloudApi, type FakeHcloudApi } from "./fake-hcloud-api.js";
import { ROOT } from "../golden-corpus.js";
import { renderedFiles } from "./redact.js";
import { validateConfigurations } from "./talos-validate.js";
import { describeWithTools } from "./tools.js";
import { realTrees } from "./trees.js";
import { fakeSecret, makeMirrors, specSecretVariables, Workspace } from "./workspace.js";

import { REFERENCE } from "./trees.js";

describeWithTools("every node's final machine configuration passes Talos's own validation", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-configs-"));
  afterAll(() => {
    if (process.env["TALOS_HCLGEN_KEEP_WORK"] === "1") console.warn(`kept: ${work}`);
    else rmSync(work, { recursive: true, force: true });
  });
  const mirrors = makeMirrors(tools, work);
  let hcloudApi: FakeHcloudApi;
  beforeAll(async () => {
    hcloudApi = await startFakeHcloudApi();
  });
  afterAll(async () => {
    await hcloudApi.close();
    expect(hcloudApi.unexpected, "Hetzner API calls a plan made that the fake API does not serve").toEqual([]);
  });

  for (const tree of realTrees()) {
    it(`${tree.name} (${tree.mode} mode)`, async () => {
      const workspace = new Workspace(tools, mirrors, join(work, tree.name), {
        TESTKIT_DHCP_CIDR: tree.cidr,
        HCLOUD_ENDPOINT: hcloudApi.endpoint,
      });
      await workspace.write(tree.files);
      await workspace.apply();
      const configs = workspace.machineConfigurations();
      expect(configs.size).toBeGreaterThan(0);
      const verdicts = await validateConfigurations(tools, join(work, tree.name, "configs"), configs, tree.mode);
      const problems = verdicts.filter((v) => !v.valid || v.warnings.length > 0);
      expect(problems, problems.map((p) => `${p.node}: ${p.error} ${p.warnings.join("; ")}`).join("\n")).toEqual([]);
      // Every secret the spec names reaches a node through its sensitive variable, and no file
      // of the tree holds it.
      for (const name of specSecretVariables(tree.files)) {
        const holders = [...configs].filter(([, text]) => text.includes(fakeSecret(name))).map(([node]) => node);
        expect(holders, `the secret variable ${name} reaches no node`).not.toEqual([]);
        expect(tree.files.filter((file) => file.contents.includes(fakeSecret(name))).map((file) => file.path)).toEqual([]);
      }

      if (tree.name === REFERENCE) {
        const dir = join(ROOT, "rendered", REFERENCE);
        const rendered = renderedFiles(configs);
        expect(existsSync(dir), "rendered/ha-proxmox is missing: npm run golden:update").toBe(true);
        expect(readdirSync(dir).sort()).toEqual([...rendered.keys()].sort());
        for (const [file, text] of rendered) expect(text, `rendered/${REFERENCE}/${file}`).toBe(readFileSync(join(dir, file), "utf8"));
      }
    });
  }
});
