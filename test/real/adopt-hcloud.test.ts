/**
 * Adoption of a running Hetzner Cloud cluster with the real OpenTofu and the real
 * hetznercloud/hcloud provider, against a fake Hetzner API that serves the servers a
 * hand-written module like the seeds' left running (fake-hcloud-api.ts ADOPTED_SERVERS: named
 * by that module, behind its firewall, in no placement group, with IPv6 beside the primary
 * IPv4). The tree built from fixtures/adopt-hcloud must import every running server, its
 * primary IPv4 and the node subnet, create only the new worker, and change nothing that powers
 * a running server off or replaces it; and a spec that differs from a running server where the
 * apply would do so must stop the plan, naming the node.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { compile } from "../../src/index.js";
import { ROOT } from "../golden-corpus.js";
import { ADOPTED_SERVERS, adoptedIpv6Id, startFakeHcloudApi, type FakeHcloudApi } from "./fake-hcloud-api.js";
import { describeWithTools } from "./tools.js";
import { changesOf, describeChanges, importsOf, makeMirrors, Workspace, type Mirrors, type ResourceChange } from "./workspace.js";

const SPEC = readFileSync(join(ROOT, "fixtures", "adopt-hcloud", "spec.yaml"), "utf8");
const SERVER = (node: string): string => `module.nodes.hcloud_server.this["${node}"]`;
const PRIMARY_IP = (node: string): string => `module.nodes.hcloud_primary_ip.this["${node}"]`;
const SUBNET = "module.nodes.hcloud_network_subnet.nodes";

/** The spec's adopted nodes, by the server id the fake API serves. */
const ADOPTED: Readonly<Record<string, string>> = {
  "hetzner-cp-1": "52000011",
  "hetzner-cp-2": "52000012",
  "hetzner-cp-3": "52000013",
  "hetzner-wk-1": "52000021",
};

/**
 * What a running server must keep through its first apply: a change to any of these replaces
 * it (image, location: ForceNew), powers it off (server_type, public_net: resource.go
 * resourceServerUpdate, updatePublicNet) or fails on a running server (placement_group_id:
 * setPlacementGroup).
 */
const KEPT = ["image", "location", "server_type", "public_net", "placement_group_id"] as const;

function attribute(value: unknown, key: string): unknown {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
}

describeWithTools("adoption on Hetzner Cloud: running servers are imported, never created, replaced or powered off", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-adopt-hcloud-"));
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

  it("imports each running server with its primary IPv4, and the node subnet; creates only the new worker", async () => {
    const result = compile(SPEC, { specPath: "spec.yaml" });
    expect(result.diagnostics).toEqual([]);
    const adopt = workspace("adopt");
    await adopt.write(result.files);
    const { plan, run } = await adopt.planReal();
    expect(run.exitCode, run.stderr).toBe(0);

    expect(importsOf(plan)).toEqual({
      ...Object.fromEntries(Object.entries(ADOPTED).map(([node, id]) => [SERVER(node), id])),
      ...Object.fromEntries(Object.entries(ADOPTED).map(([node, id]) => [PRIMARY_IP(node), String(ADOPTED_SERVERS[id]?.primaryIpId)])),
      [SUBNET]: "4712-10.0.1.0/24",
      "module.cluster.talos_machine_secrets.this": expect.stringMatching(/secrets\.yaml$/),
    });

    const changes = changesOf(plan);
    const described = describeChanges(changes);
    expect(described.filter((c) => /^(destroy|replace) /.test(c))).toEqual([]);
    // The new worker is the only server, and its primary IP the only address, made.
    expect(described.filter((c) => /hcloud_(server|primary_ip)\./.test(c) && c.startsWith("create "))).toEqual([
      `create ${PRIMARY_IP("hetzner-wk-2")}`,
      `create ${SERVER("hetzner-wk-2")}`,
    ]);
    // Each running server is updated in place (its name, labels and firewalls become the tree's),
    // and keeps all that would replace it or power it off.
    const byAddress = new Map<string, ResourceChange>((plan.resource_changes ?? []).map((c) => [c.address, c]));
    for (const node of Object.keys(ADOPTED)) {
      const change = byAddress.get(SERVER(node));
      expect(change?.change.actions, node).toEqual(["update"]);
      for (const key of KEPT) {
        expect(attribute(change?.change.after, key), `${node}: ${key}`).toEqual(attribute(change?.change.before, key));
      }
      expect(attribute(change?.change.before, "name"), node).toBe(ADOPTED_SERVERS[ADOPTED[node] ?? ""]?.name);
      expect(attribute(change?.change.after, "name"), node).toBe(node);
      // The primary IP keeps its address: it is the Talos API endpoint of the node.
      const ip = byAddress.get(PRIMARY_IP(node));
      expect(ip?.change.actions, node).toEqual(["update"]);
      expect(attribute(ip?.change.after, "ip_address"), node).toBe(ADOPTED_SERVERS[ADOPTED[node] ?? ""]?.publicIp);
    }
    expect(byAddress.get(SUBNET)?.change.actions).toEqual(["no-op"]);
    expect(api.unexpected, "Hetzner API calls the plan made that the fake API does not serve").toEqual([]);
    // Applied (the doubles stand in for the clouds) and reconciled with the real provider: the
    // adopted machines settle, and a later edit (one more label on every node) plans no create,
    // replacement or destroy of any of them.
    await adopt.applyWithDoubles();
    await adopt.reconcile();
    const later = compile(
      SPEC.replace("  nodes:\n", "  nodes:\n").replace(/(class: (?:control_plane|controlplane|worker),)/g, '$1 labels: { adopted: "yes" },'),
      { specPath: "spec.yaml" },
    );
    expect(later.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    await adopt.write(later.files);
    const edited = await adopt.planReal();
    expect(edited.run.exitCode, edited.run.stderr).toBe(0);
    expect(describeChanges(changesOf(edited.plan)).filter((c) => !c.startsWith("update "))).toEqual([]);
    expect(describeChanges(changesOf(edited.plan)).filter((c) => c.startsWith("update module.cluster.talos_machine.")).length).toBe(5);
  }, 300_000);

  it("imports an IPv6-only server with its primary IPv6, and keeps it and its address", async () => {
    // The same servers as IPv6-only ones (platform.hcloud.publicNetwork ipv6): adopt names each
    // one's primary IPv6, the API endpoint becomes a load balancer (a floating IP is an IPv4).
    const ipv6Spec = SPEC.replace(
      "    cidr: 10.0.1.0/24\n",
      '    cidr: 10.0.1.0/24\n    nameservers: ["2a01:4ff:ff00::add:1"]\n  registryMirrors:\n    ghcr.io: { endpoints: [https://ghcr-mirror.example.com] }\n    factory.talos.dev: { endpoints: [https://factory-mirror.example.com] }\n',
    )
      .replace(
        "      adminCidrs: [203.0.113.0/24]\n      apiEndpoint: floating-ip\n      floatingIpId: 98766\n",
        '      publicNetwork: ipv6\n      adminCidrs: ["2001:db8:1234::/48"]\n',
      )
      .replace(/primaryIpId: (\d+)/g, (_match, id: string) => `primaryIpId: ${adoptedIpv6Id(Number(id))}`);
    const result = compile(ipv6Spec, { specPath: "spec.yaml" });
    // The endpoint moves to the new load balancer: the one warning.
    expect(result.diagnostics.map((d) => d.code)).toEqual(["spec/adopt-endpoint-moves"]);
    const adopt = workspace("adopt-ipv6");
    await adopt.write(result.files);
    const { plan, run } = await adopt.planReal();
    expect(run.exitCode, run.stderr).toBe(0);
    const ipv6Ip = (node: string): string => `module.nodes.hcloud_primary_ip.ipv6["${node}"]`;
    expect(importsOf(plan)).toMatchObject(
      Object.fromEntries(Object.entries(ADOPTED).map(([node, id]) => [ipv6Ip(node), String(adoptedIpv6Id(ADOPTED_SERVERS[id]?.primaryIpId ?? 0))])),
    );
    const described = describeChanges(changesOf(plan));
    expect(described.filter((c) => /^(destroy|replace) /.test(c))).toEqual([]);
    expect(described.filter((c) => /hcloud_(server|primary_ip)\./.test(c) && c.startsWith("create "))).toEqual([
      `create ${ipv6Ip("hetzner-wk-2")}`,
      `create ${SERVER("hetzner-wk-2")}`,
    ]);
    const byAddress = new Map<string, ResourceChange>((plan.resource_changes ?? []).map((c) => [c.address, c]));
    for (const node of Object.keys(ADOPTED)) {
      expect(byAddress.get(ipv6Ip(node))?.change.actions, node).toEqual(["update"]);
      expect(attribute(byAddress.get(ipv6Ip(node))?.change.after, "ip_network"), node).toBe("2001:db8:1::/64");
      for (const key of KEPT) {
        const change = byAddress.get(SERVER(node));
        expect(attribute(change?.change.after, key), `${node}: ${key}`).toEqual(attribute(change?.change.before, key));
      }
    }
    expect(api.unexpected, "Hetzner API calls the plan made that the fake API does not serve").toEqual([]);
  }, 300_000);

  it("stops before any import when a running server's type differs from its node class", async () => {
    // The worker class says cx53; the running wk-1 is a cx43: resizing powers it off.
    const result = compile(SPEC.replace("worker: { serverType: cx43 }", "worker: { serverType: cx53 }"), { specPath: "spec.yaml" });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const mismatch = workspace("mismatch");
    await mismatch.write(result.files);
    const { run } = await mismatch.planReal();
    expect(run.exitCode).not.toBe(0);
    expect(run.stderr.replace(/\s+/g, " ")).toContain("The adopted server of hetzner-wk-1 is a cx43, not the serverType of its node class");
  }, 300_000);

  // The doubles refuse what Hetzner refuses: the network of the running cluster has its node
  // subnet already, so a tree that takes the network without adopting its servers would try to
  // create that subnet again, and the API says no.
  it("refuses, as Hetzner does, a second subnet over the running network's node subnet", async () => {
    const fresh = SPEC.replace("    secrets: import\n", "").replace(/, adopt: \{ serverId: \d+, primaryIpId: \d+ \}/g, "");
    const result = compile(fresh, { specPath: "spec.yaml" });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const again = workspace("subnet-again");
    await again.write(result.files);
    await expect(again.applyWithDoubles()).rejects.toThrow(/subnet 10\.0\.1\.0\/24 overlaps with another subnetwork or network route \(invalid_input\)/);
  }, 300_000);
});
