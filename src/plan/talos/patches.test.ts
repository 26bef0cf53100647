/**
 * What a node's Talos patches say where no fixture shows it: a first NIC that takes its IPv6
 * address from DHCPv6 or SLAAC, and an IPv6-only control plane behind a blocking firewall.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments, parseDocument } from "yaml";
import { compile } from "../../index.js";
import { ROOT } from "../../spec/spec.test-helper.js";

function build(text: string): Map<string, string> {
  const result = compile(text, { specPath: "spec.yaml" });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return new Map(result.files.map((f) => [f.path, f.contents]));
}

function documents(files: Map<string, string>, path: string): Array<Record<string, unknown>> {
  return parseAllDocuments(files.get(path) ?? "").map((d) => d.toJS() as Record<string, unknown>);
}

describe("kubelet node IPs of a dual-stack cluster", () => {
  const fixture = readFileSync(join(ROOT, "fixtures/metal-dual-stack/spec.yaml"), "utf8");

  it.each(["dhcp", "slaac"])("take any IPv6 address when a first NIC gets its IPv6 by %s", (ipv6) => {
    const doc = parseDocument(fixture);
    // wk-1's first NIC: its IPv4 as before, its IPv6 (and the route) from the network instead of the spec.
    doc.deleteIn(["spec", "nodes", 3, "networks", 0, "additionalAddresses"]);
    doc.deleteIn(["spec", "nodes", 3, "networks", 0, "routes"]);
    doc.setIn(["spec", "nodes", 3, "networks", 0, "ipv6"], ipv6);
    const [common] = documents(build(doc.toString()), "patches/common.yaml");
    // Talos picks the kubelet's node IPs from validSubnets; a network the spec does not know is
    // any address of the family (machined controllers/k8s/nodeip_config.go).
    expect((common?.["machine"] as { kubelet: { nodeIP: { validSubnets: string[] } } }).kubelet.nodeIP.validSubnets).toEqual(["10.30.0.0/24", "::/0"]);
  });

  it("take the nodes' IPv6 networks when the spec gives them", () => {
    const [common] = documents(build(fixture), "patches/common.yaml");
    expect((common?.["machine"] as { kubelet: { nodeIP: { validSubnets: string[] } } }).kubelet.nodeIP.validSubnets).toEqual([
      "10.30.0.0/24",
      "2001:db8:30::/64",
    ]);
  });
});

describe("the etcd rule of a blocking firewall", () => {
  const ipv6Only = `apiVersion: talos-hclgen/v1
kind: Cluster
metadata:
  name: six
spec:
  endpoint:
    host: k8s.six.example.net
  network:
    cidr: "2001:db8:60::/64"
    gateway: "2001:db8:60::1"
    nameservers: ["2001:db8:60::1"]
    firewall: { ingress: block, adminCidrs: ["2001:db8:99::/48"] }
  kubernetes:
    podSubnets: ["fd00:10:244::/56"]
    serviceSubnets: ["fd00:10:96::/112"]
  platform:
    metal:
      interface: enp1s0
  nodes:
    - { name: cp-1, role: controlplane, address: "2001:db8:60::11/64" }
    - { name: cp-2, role: controlplane, address: "2001:db8:60::12/64" }
    - { name: cp-3, role: controlplane, address: "2001:db8:60::13/64" }
    - { name: wk-1, role: worker, address: "2001:db8:60::21/64" }
`;

  it("opens etcd to each IPv6 control plane's own address (/128), not its network", () => {
    const etcd = documents(build(ipv6Only), "patches/controlplane.yaml").find((d) => d["kind"] === "NetworkRuleConfig" && d["name"] === "etcd");
    expect(etcd?.["ingress"]).toEqual([{ subnet: "2001:db8:60::11/128" }, { subnet: "2001:db8:60::12/128" }, { subnet: "2001:db8:60::13/128" }]);
  });
});
