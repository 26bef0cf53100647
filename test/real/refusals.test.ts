/**
 * The doubles refuse what the platform APIs refuse, so that a tree asking for it fails here as it
 * would on the Friday apply: a spread placement group past its 10 servers (Hetzner Cloud). The
 * refusals that need a running world of their own are beside it: a VM id in use
 * (adopt-proxmox.test.ts), a subnet over an existing one (adopt-hcloud.test.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { compile } from "../../src/index.js";
import { buildCase, ROOT } from "../golden-corpus.js";
import { startFakeHcloudApi, type FakeHcloudApi } from "./fake-hcloud-api.js";
import { describeWithTools } from "./tools.js";
import { makeMirrors, Workspace, type Mirrors } from "./workspace.js";

describeWithTools("the platform doubles refuse what the APIs refuse", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-refusals-"));
  let mirrors: Mirrors;
  let api: FakeHcloudApi;
  beforeAll(async () => {
    mirrors = makeMirrors(tools, join(work, "mirrors"));
    api = await startFakeHcloudApi();
  });
  afterAll(async () => {
    await api.close();
    rmSync(work, { recursive: true, force: true });
  });
  const workspace = (name: string): Workspace =>
    new Workspace(tools, mirrors, join(work, name), {
      HCLOUD_ENDPOINT: api.endpoint,
      TESTKIT_HCLOUD_NETWORKS: api.networks,
      TESTKIT_HCLOUD_SUBNETS: api.subnets,
      TESTKIT_HCLOUD_FLOATING_IPS: api.floatingIps,
      TESTKIT_HCLOUD_SERVERS: api.servers,
    });

  // hcloud-large's 12 workers fill one group of 10 and start a second; put them all in the
  // first (what a tree without the split would ask) and the 11th server is refused.
  it("refuses an 11th server in a Hetzner placement group, and takes the tree that splits them", async () => {
    const files = buildCase("hcloud-large").expected.filter((f) => f.path !== "diagnostics.txt");
    const split = workspace("split");
    await split.write(files);
    await split.applyWithDoubles();

    // Day 2, one more worker, sent to the full first group: the 10 servers it holds are in the
    // state the apply starts from, not in this apply, and still count.
    const spec = readFileSync(join(ROOT, "fixtures", "hcloud-large", "spec.yaml"), "utf8");
    const grown = compile(
      spec.replace("address: 10.0.1.32/24 }\n", "address: 10.0.1.32/24 }\n    - { name: wk-13, role: worker, class: worker, address: 10.0.1.33/24 }\n"),
      {
        specPath: "spec.yaml",
        previousLock: files.find((f) => f.path === "machines.lock.json")?.contents ?? "",
      },
    );
    expect(grown.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const toFirstGroup = grown.files.map((f) =>
      f.path === "main.tf" ? { ...f, contents: f.contents.replaceAll('placement_group = "worker-2"', 'placement_group = "worker"') } : f,
    );
    await split.write(toFirstGroup);
    await expect(split.applyWithDoubles()).rejects.toThrow(/contains already 10 servers \(placement_group_member_limit_reached\)/);

    const crowded = files.map((f) =>
      f.path === "main.tf" ? { ...f, contents: f.contents.replaceAll('placement_group = "worker-2"', 'placement_group = "worker"') } : f,
    );
    expect(crowded.find((f) => f.path === "main.tf")?.contents).not.toContain('"worker-2"');
    const one = workspace("one-group");
    await one.write(crowded);
    await expect(one.applyWithDoubles()).rejects.toThrow(/placement group with ID \d+ contains already 10 servers \(placement_group_member_limit_reached\)/);
  }, 300_000);
});
