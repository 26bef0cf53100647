import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check, ROOT } from "../../../spec/spec.test-helper.js";
import { checkSpec } from "../../../spec/index.js";
import type { ClusterSpec, HcloudPlatformSpec } from "../../../spec/types.js";
import { compile } from "../../../index.js";
import { stringify } from "yaml";
import { PLATFORMS } from "../../index.js";

function fixture(name: string): ClusterSpec & { spec: { platform: { hcloud: HcloudPlatformSpec } } } {
  const path = `fixtures/${name}/spec.yaml`;
  const { spec, diagnostics } = checkSpec(readFileSync(join(ROOT, path), "utf8"), path, PLATFORMS);
  if (spec?.spec.platform.hcloud === undefined || diagnostics.length > 0) throw new Error(`test setup: ${path} is not a valid hcloud spec`);
  return structuredClone(spec) as ClusterSpec & { spec: { platform: { hcloud: HcloudPlatformSpec } } };
}

const lines = (spec: ClusterSpec): string[] => check(spec).map((d) => `${d.severity} ${d.code}: ${d.message}`);

describe("IPv6-only and private-only Hetzner servers", () => {
  it("accept the fixtures", () => {
    expect(lines(fixture("hcloud-ipv6-only"))).toEqual([]);
    expect(lines(fixture("hcloud-private"))).toEqual([]);
    expect(lines(fixture("hcloud-floating-ip"))).toEqual([]);
  });

  it("keep the NAT gateway a server of the network, neither its gateway nor a node", () => {
    const s = fixture("hcloud-private");
    s.spec.platform.hcloud.natGateway = "192.168.1.2";
    expect(lines(s)).toEqual([
      "error spec/hcloud-nat-gateway: natGateway 192.168.1.2 is not in the private network 10.0.0.0/16: Hetzner routes the network's traffic only to a server of the network",
    ]);
    s.spec.platform.hcloud.natGateway = "10.0.0.1";
    expect(lines(s)).toEqual([
      "error spec/hcloud-nat-gateway: natGateway 10.0.0.1 is the network's own gateway, where Hetzner's router answers: the route would lead back to it",
    ]);
    s.spec.platform.hcloud.natGateway = "fd00::2";
    expect(lines(s)).toEqual([
      "error spec/hcloud-nat-gateway: natGateway fd00::2 is not in the private network 10.0.0.0/16: Hetzner routes the network's traffic only to a server of the network",
    ]);
  });

  it("warn of a network without a way out only where the tree makes the network", () => {
    const s = fixture("hcloud-private");
    delete s.spec.platform.hcloud.natGateway;
    expect(lines(s)).toEqual([
      "warning spec/hcloud-private-only-egress: the servers have no public address and no natGateway: the tree's network has no route to the internet, so the nodes pull no image, reach no time server and no discovery service",
    ]);
    s.spec.platform.hcloud.networkId = 4711;
    expect(lines(s)).toEqual([]);
  });

  it("ask an IPv6-only cluster for IPv6 nameservers and warn without mirrors of ghcr.io and the image factory", () => {
    const s = fixture("hcloud-ipv6-only");
    delete s.spec.registryMirrors;
    s.spec.network.nameservers = ["185.12.64.1", "2a01:4ff:ff00::add:1"];
    expect(lines(s)).toEqual([
      "warning spec/hcloud-ipv6-only-registry: the servers are IPv6-only, but they would pull from ghcr.io (Talos's kubelet image, ghcr.io/siderolabs/kubelet: no kubelet starts) and factory.talos.dev (the installer image every talosctl upgrade pulls), which have no IPv6 address",
    ]);
    s.spec.registryMirrors = { "ghcr.io": { endpoints: ["https://ghcr-mirror.example.com"] } };
    s.spec.talos = { ...s.spec.talos, installerMirror: "registry.example.com/talos" };
    expect(lines(s)).toEqual([]);
    delete s.spec.network.nameservers;
    expect(lines(s)[0]).toBe(
      "error spec/hcloud-ipv6-only: the servers are IPv6-only (publicNetwork: ipv6, line 12), but network.nameservers has no IPv6 address: Talos would ask its defaults, 1.1.1.1 and 8.8.8.8, which they cannot reach",
    );
  });

  it("adopt a running server with its one primary IP: the IPv4, or the IPv6 of an IPv6-only one", () => {
    const s = fixture("adopt-hcloud");
    s.spec.platform.hcloud.publicNetwork = "dual-stack";
    expect(lines(s)).toEqual([
      "error spec/adopt-public-network: nodes[0].adopt takes over the running server of hetzner-cp-1 with its one primary IP, but publicNetwork dual-stack gives every server two, an IPv4 and an IPv6",
    ]);
    s.spec.platform.hcloud.publicNetwork = "ipv6";
    s.spec.platform.hcloud.apiEndpoint = "load-balancer";
    delete s.spec.platform.hcloud.floatingIpId;
    s.spec.platform.hcloud.adminCidrs = ["2001:db8:1234::/48"];
    s.spec.network.nameservers = ["2a01:4ff:ff00::add:1"];
    s.spec.registryMirrors = { "ghcr.io": { endpoints: ["https://ghcr-mirror.example.com"] } };
    const result = compile(stringify(s), { specPath: "spec.yaml" });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const imports = result.files.find((f) => f.path === "imports.tf")?.contents ?? "";
    expect(imports).toContain('to = module.nodes.hcloud_primary_ip.ipv6["hetzner-cp-1"]');
    expect(imports).not.toContain("hcloud_primary_ip.this");
  });
});
