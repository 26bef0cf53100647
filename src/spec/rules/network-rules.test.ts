import { describe, expect, it } from "vitest";
import { checkMutated } from "../spec.test-helper.js";

describe("subnets", () => {
  it("reports host bits with the block meant", () => {
    expect(checkMutated((s) => void (s.spec.kubernetes = { ...s.spec.kubernetes, podSubnets: ["10.244.1.0/16"] }))).toEqual([
      "error spec/cidr-host-bits: kubernetes.podSubnets[0] 10.244.1.0/16 has host bits set",
    ]);
  });

  it("reports host bits in a route's destination and a routing rule's networks", () => {
    // A /0 with host bits is not the default route as written; the tree writes a /0 as the
    // default route (no destination), so it must not pass as one (a hostile-string case).
    const diagnostics = checkMutated((s) => {
      s.spec.platform = { metal: { interface: "enp1s0" } };
      s.spec.endpoint = { vip: "192.168.62.20" };
      s.spec.nodes = s.spec.nodes.map(({ host: _host, vmId: _vmId, ...node }) => node);
      const node = s.spec.nodes[0];
      if (node === undefined) throw new Error("the sketch has nodes");
      node.networks = [{ interface: "enp1s0", address: "192.168.62.21/24", routes: [{ to: "8.8.8.8/0", via: "192.168.62.1", table: 100 }] }];
      delete node.address;
      node.routingRules = [{ priority: 1000, from: "192.168.62.21/24", table: 100 }];
    });
    expect(diagnostics.filter((d) => d.includes("cidr-host-bits"))).toEqual([
      "error spec/cidr-host-bits: nodes[0].networks[0].routes[0].to 8.8.8.8/0 has host bits set",
      "error spec/cidr-host-bits: nodes[0].routingRules[0].from 192.168.62.21/24 has host bits set",
    ]);
  });

  it("reports overlaps between pod, service and node networks", () => {
    expect(
      checkMutated((s) => {
        s.spec.kubernetes = { ...s.spec.kubernetes, podSubnets: ["10.96.0.0/16"], serviceSubnets: ["192.168.0.0/16"] };
      }),
    ).toEqual(["error spec/subnet-overlap: kubernetes.serviceSubnets[0] 192.168.0.0/16 overlaps network.cidr 192.168.62.0/24 (line N)"]);
    expect(
      checkMutated((s) => {
        s.spec.kubernetes = { ...s.spec.kubernetes, serviceSubnets: ["10.244.128.0/20"] };
      }),
    ).toEqual(["error spec/subnet-overlap: kubernetes.serviceSubnets[0] 10.244.128.0/20 overlaps kubernetes.podSubnets[0] 10.244.0.0/16 (line N)"]);
  });

  it("keeps the gateway on the node network", () => {
    expect(checkMutated((s) => void (s.spec.network.gateway = "192.168.63.1"))).toEqual([
      "error spec/gateway-outside-network: network.gateway 192.168.63.1 is outside network.cidr 192.168.62.0/24",
    ]);
  });

  it("ignores families that cannot overlap", () => {
    expect(
      checkMutated(
        (s) =>
          void (s.spec.kubernetes = {
            ...s.spec.kubernetes,
            podSubnets: ["10.244.0.0/16", "fd00:10:244::/56"],
            serviceSubnets: ["10.96.0.0/12", "fd00:10:96::/112"],
          }),
      ).filter((d) => !d.startsWith("warning spec/dual-stack-node-address")),
    ).toEqual([]);
  });
});

describe("IP syntax beyond the schema's loose IPv6 pattern", () => {
  it("catches an address with two ::", () => {
    expect(checkMutated((s) => void (s.spec.network.nameservers = ["2001:db8::1::2"]))).toEqual([
      'error spec/invalid-ip: network.nameservers[0] "2001:db8::1::2" is not a valid IPv6 address',
    ]);
  });

  it("parses the firewall's networks too, and leaves their host bits alone", () => {
    expect(
      checkMutated((s) => {
        s.spec.network.firewall = {
          ingress: "block",
          adminCidrs: ["192.168.62.7/24"],
          rules: [{ name: "metrics", ports: [9100], protocol: "tcp", from: ["2001:db8::1::2/64"] }],
        };
      }),
    ).toEqual(['error spec/invalid-ip: network.firewall.rules[0].from[0] "2001:db8::1::2/64" is not a valid IPv6 address with prefix length']);
  });
});

describe("Cilium L2 pools", () => {
  const pools = (p: unknown[]): string[] =>
    checkMutated((s) => {
      const lb = s.spec.cni?.cilium?.loadBalancer;
      if (lb !== undefined) lb.pools = p as NonNullable<typeof lb.pools>;
    });

  it("must be inside network.cidr", () => {
    expect(pools([{ start: "192.168.62.250", stop: "192.168.63.5" }])).toEqual([
      "error spec/lb-pool-outside-network: cni.cilium.loadBalancer.pools[0].stop 192.168.63.5 is outside network.cidr 192.168.62.0/24",
    ]);
    expect(pools([{ cidr: "192.168.0.0/16" }])).toEqual([
      "error spec/lb-pool-outside-network: cni.cilium.loadBalancer.pools[0].cidr 192.168.0.0/16 is outside network.cidr 192.168.62.0/24",
    ]);
  });

  it("must run forwards", () => {
    expect(pools([{ start: "192.168.62.220", stop: "192.168.62.200" }])).toEqual([
      "error spec/lb-pool-reversed: cni.cilium.loadBalancer.pools[0].start 192.168.62.220 comes after stop 192.168.62.200",
    ]);
  });

  it("must stay clear of nodes, the VIP and other pools", () => {
    expect(pools([{ start: "192.168.62.19", stop: "192.168.62.20" }])).toEqual([
      "error spec/lb-pool-overlap: cni.cilium.loadBalancer.pools[0] contains endpoint.vip 192.168.62.20 (line N)",
    ]);
    expect(pools([{ start: "192.168.62.10", stop: "192.168.62.30" }, { cidr: "192.168.62.16/28" }])).toEqual([
      "error spec/lb-pool-overlap: cni.cilium.loadBalancer.pools[0] contains nodes[0].address 192.168.62.21 (line N)",
      "error spec/lb-pool-overlap: cni.cilium.loadBalancer.pools[1] contains nodes[0].address 192.168.62.21 (line N)",
      "error spec/lb-pool-overlap: cni.cilium.loadBalancer.pools[1] overlaps cni.cilium.loadBalancer.pools[0] (line N)",
    ]);
    expect(pools([{ start: "192.168.62.30", stop: "192.168.62.40" }])).toEqual([
      "error spec/lb-pool-overlap: cni.cilium.loadBalancer.pools[0] contains nodes[3].networks[0].address 192.168.62.31 (line N)",
    ]);
  });
});
