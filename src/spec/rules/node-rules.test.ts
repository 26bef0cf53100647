import { describe, expect, it } from "vitest";
import { checkMutated, plain, sketchText } from "../spec.test-helper.js";
import type { ClusterSpec, NodeSpec } from "../types.js";

const node = (s: ClusterSpec, i: number): NodeSpec => {
  const n = s.spec.nodes[i];
  if (n === undefined) throw new Error(`test setup: no node ${i}`);
  return n;
};

describe("node identity", () => {
  it("points at the second name and names the first one's line", () => {
    const text = sketchText().replace("name: cp-3", "name: cp-1");
    expect(plain(text)).toEqual([
      'spec.yaml:52:15: error[spec/duplicate-node-name]: node name "cp-1" is already used by nodes[0] (line 50)\n  hint: node names must be unique: they become host names, resource names and file names',
    ]);
  });

  it("finds duplicate vmIds", () => {
    expect(
      checkMutated((s) => {
        node(s, 0).vmId = 1201;
      }),
    ).toEqual(["error spec/duplicate-vm-id: vmId 1201 is already used by nodes[0] (line N)"]);
  });
});

describe("node addresses", () => {
  it("finds a duplicate across node.address and networks[]", () => {
    expect(
      checkMutated((s) => {
        node(s, 1).address = "192.168.62.31/24";
      }),
    ).toEqual(["error spec/duplicate-address: address 192.168.62.31 is already used by nodes[1].address (line N)"]);
  });

  it("keeps primary addresses inside network.cidr, with its prefix, off reserved addresses", () => {
    expect(
      checkMutated((s) => {
        node(s, 0).address = "192.168.63.21/24";
        node(s, 1).address = "192.168.62.22/16";
        node(s, 2).address = "192.168.62.1/24";
      }),
    ).toEqual([
      "error spec/address-outside-network: nodes[0].address 192.168.63.21/24 is outside network.cidr 192.168.62.0/24",
      "warning spec/prefix-mismatch: nodes[1].address has prefix length /16 but network.cidr is /24",
      "error spec/reserved-address: nodes[2].address 192.168.62.1 is the gateway address (network.gateway)",
    ]);
    expect(checkMutated((s) => void (node(s, 0).address = "192.168.62.255/24"))).toEqual([
      "error spec/reserved-address: nodes[0].address 192.168.62.255 is the broadcast address of 192.168.62.0/24",
    ]);
  });

  // The first NIC of each node in turn: three node addresses, then the worker's networks[0].
  const onNetwork = (cidr: string, addresses: readonly string[]): string[] =>
    checkMutated((s) => {
      s.spec.network.cidr = cidr;
      delete s.spec.network.gateway;
      s.spec.nodes.forEach((n, i) => {
        const address = addresses[i] ?? "dhcp";
        const nic = n.networks?.[0];
        if (nic !== undefined) nic.address = address;
        else if (addresses[i] !== undefined) n.address = address;
        else delete n.address;
      });
    }).filter((line) => line.includes("spec/reserved-address"));

  it("refuses the network and broadcast addresses of a /30 node network, not its two hosts", () => {
    expect(onNetwork("10.0.0.0/30", ["10.0.0.0/30", "10.0.0.1/30", "10.0.0.2/30", "10.0.0.3/30"])).toEqual([
      "error spec/reserved-address: nodes[0].address 10.0.0.0 is the network address of 10.0.0.0/30",
      "error spec/reserved-address: nodes[3].networks[0].address 10.0.0.3 is the broadcast address of 10.0.0.0/30",
    ]);
  });

  it("takes both addresses of a /31 (RFC 3021) and the one of a /32", () => {
    expect(onNetwork("10.0.0.0/31", ["10.0.0.0/31", "10.0.0.1/31"])).toEqual([]);
    expect(onNetwork("10.0.0.7/32", ["10.0.0.7/32"])).toEqual([]);
  });

  it("does not hold secondary NICs to the node network", () => {
    expect(checkMutated((s) => void ((node(s, 3).networks ?? [])[1] = { bridge: "vmbr1", address: "10.9.9.9/8" }))).toEqual([]);
  });

  it("refuses two different first-NIC addresses", () => {
    expect(checkMutated((s) => void (node(s, 3).address = "192.168.62.32/24"))).toEqual([
      'error spec/ambiguous-address: nodes[3].address "192.168.62.32/24" and nodes[3].networks[0].address "192.168.62.31/24" are the same NIC but differ',
    ]);
  });
});

describe("endpoint VIP", () => {
  it("must be inside network.cidr", () => {
    expect(checkMutated((s) => void (s.spec.endpoint.vip = "10.0.0.20"))).toEqual([
      "error spec/vip-outside-network: endpoint.vip 10.0.0.20 is outside network.cidr 192.168.62.0/24",
    ]);
  });

  it("must not be a node address, the gateway or the network address", () => {
    expect(checkMutated((s) => void (s.spec.endpoint.vip = "192.168.62.22"))).toEqual([
      "error spec/vip-is-node-address: endpoint.vip 192.168.62.22 is also the address of nodes[1].address (line N)",
    ]);
    expect(checkMutated((s) => void (s.spec.endpoint.vip = "192.168.62.1"))).toEqual([
      "error spec/reserved-address: endpoint.vip 192.168.62.1 is the gateway address of 192.168.62.0/24",
    ]);
  });
});

describe("control planes", () => {
  it("needs at least one", () => {
    expect(checkMutated((s) => s.spec.nodes.forEach((n) => (n.role = "worker")))).toEqual(['error spec/no-control-plane: no node has role "controlplane"']);
  });

  it("warns on an even count, and a warning alone still yields a spec", () => {
    const lines = checkMutated((s) => void (node(s, 3).role = "controlplane"));
    expect(lines).toEqual(["warning spec/even-control-planes: 4 control planes tolerate no more failures than 3"]);
  });
});
