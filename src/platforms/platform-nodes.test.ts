import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check, ROOT } from "../spec/spec.test-helper.js";
import { checkSpec } from "../spec/index.js";
import type { ClusterSpec, NodeSpec } from "../spec/types.js";
import { PLATFORMS } from "./index.js";

/** A valid fixture of this feature, parsed, to mutate. */
function fixture(name: string): ClusterSpec {
  const path = `fixtures/${name}/spec.yaml`;
  const { spec, diagnostics } = checkSpec(readFileSync(join(ROOT, path), "utf8"), path, PLATFORMS);
  if (spec === undefined || diagnostics.length > 0) throw new Error(`test setup: ${path} does not validate`);
  return structuredClone(spec);
}

function lines(spec: ClusterSpec): string[] {
  return check(spec).map((d) => `${d.severity} ${d.code}: ${d.message}`);
}

function worker(name: string, address: string): NodeSpec {
  return { name, role: "worker", class: "worker", address };
}

describe("platform-nodes on hcloud", () => {
  it("accepts the fixtures", () => {
    expect(lines(fixture("hcloud-lb"))).toEqual([]);
    expect(lines(fixture("seed-002-hcloud"))).toEqual([]);
  });

  it("spreads a role of more than 10 servers over several groups, and counts the groups against the project's 50", () => {
    const s = fixture("hcloud-lb");
    // The fixture has four workers (wk-1, wk-2, wk-arm-1, st-arm-1): seven more make eleven.
    for (let i = 3; i <= 9; i++) s.spec.nodes.push(worker(`wk-${i}`, `10.0.1.${40 + i}/24`));
    expect(lines(s)).toEqual([]);
    s.spec.network.cidr = "10.0.0.0/17";
    s.spec.kubernetes = { ...s.spec.kubernetes, podSubnets: ["10.128.0.0/12"] };
    for (const node of s.spec.nodes) if (node.address !== undefined) node.address = node.address.replace(/\/24$/, "/17");
    for (let i = 10; i < 500; i++) s.spec.nodes.push(worker(`wk-${i}`, `10.0.${2 + Math.floor(i / 200)}.${1 + (i % 200)}/17`));
    expect(lines(s)).toEqual([
      // One group of control planes, 51 of the 501 workers.
      "warning spec/placement-group-limit: the servers take 52 spread placement groups (10 servers each), more than the 50 a Hetzner Cloud project holds",
    ]);
  });

  it("wants the pod range inside the network range when the cloud controller manager routes it", () => {
    const s = fixture("seed-002-hcloud");
    const hcloud = s.spec.platform.hcloud;
    if (hcloud === undefined) throw new Error("test setup: not hcloud");
    hcloud.networkRange = "10.0.0.0/16";
    expect(lines(s)).toEqual([
      "warning spec/pods-outside-range: kubernetes.podSubnets[0] 10.42.0.0/16 is outside platform.hcloud.networkRange 10.0.0.0/16: the cloud controller manager cannot route it through the private network",
    ]);
    delete s.spec.addons?.hcloudCcm;
    // Without the CCM's routes nothing routes the native-routed pod CIDRs between the servers.
    expect(lines(s)).toEqual([
      "warning spec/cilium-native-routing: cni.cilium.values.routingMode is native, but nothing routes the pod CIDRs between nodes: no autoDirectNodeRoutes, no BGP",
    ]);
  });

  it("checks the default pod subnet when none is written", () => {
    const s = fixture("seed-002-hcloud");
    const hcloud = s.spec.platform.hcloud;
    if (hcloud === undefined || s.spec.kubernetes === undefined) throw new Error("test setup: not hcloud");
    hcloud.networkRange = "10.0.0.0/16";
    delete s.spec.kubernetes.podSubnets;
    // The seed's native-routing CIDR is its own pod subnet's: the tree sets the default's instead.
    delete s.spec.cni?.cilium?.values?.["ipv4NativeRoutingCIDR"];
    expect(lines(s)).toEqual([
      "warning spec/pods-outside-range: the default kubernetes.podSubnets 10.244.0.0/16 is outside platform.hcloud.networkRange 10.0.0.0/16: the cloud controller manager cannot route it through the private network",
    ]);
  });
});

describe("platform-nodes on metal", () => {
  it("takes platform.metal.interface for first NICs that name no link", () => {
    const s = fixture("metal");
    expect(lines(s)).toEqual([]);
    delete s.spec.platform.metal?.interface;
    expect(lines(s)).toEqual(['error spec/missing-link: nodes[2] ("cp-3") does not say which link carries its address']);
  });
});

describe("platform-nodes on proxmox", () => {
  it("accepts DHCP nodes when the image carries the guest agent", () => {
    expect(lines(fixture("proxmox-multi-nic-dhcp"))).toEqual([]);
  });

  it("refuses DHCP nodes without the guest agent", () => {
    const s = fixture("proxmox-multi-nic-dhcp");
    s.spec.talos = { schematic: { extensions: ["siderolabs/iscsi-tools"] } };
    expect(lines(s)).toEqual([
      'error spec/dhcp-without-guest-agent: nodes[3] ("work-00") takes its address from DHCP, but the image has no QEMU guest agent to report it',
      'error spec/dhcp-without-guest-agent: nodes[4] ("work-01") takes its address from DHCP, but the image has no QEMU guest agent to report it',
    ]);
  });
});
