import { cidrContains, parseCidr } from "../../base/net/cidr.js";
import { parseIp } from "../../base/net/ip.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * cni.cilium.loadBalancer.bgp. One way to announce the pools: L2 answers ARP/NDP for pool
 * addresses on the node network, BGP has routers route them; both at once would announce each
 * address twice, and the pools' placement rule (lb-pools.ts) depends on which. Peers: the
 * names are the keys of CiliumBGPClusterConfig's peer list (x-kubernetes-list-map-keys: name,
 * so the API server refuses two of a name), and the peering is single-hop (the peer
 * configuration sets no ebgpMultihop, whose default is 1: ciliumbgppeerconfigs.yaml), so each
 * router must be on a network the nodes are on.
 */
export const bgpPeers: Rule = (ctx) => {
  const lb = ctx.spec.spec.cni?.cilium?.loadBalancer;
  const bgp = lb?.bgp;
  if (bgp === undefined) return;
  const at = specPath("cni", "cilium", "loadBalancer", "bgp");
  if (lb?.l2 !== undefined) {
    ctx.report({
      code: "spec/lb-announcement",
      message: "loadBalancer has both l2 and bgp: choose one way to announce the pools' addresses",
      path: at,
      at: "key",
      hint: "keep bgp when routers should route the pools, l2 when they are on the node network",
    });
  }
  const networks = [
    ctx.spec.spec.network.cidr,
    ...ctx.spec.spec.nodes.flatMap((node) => (node.networks ?? []).flatMap((nic) => [nic.address, ...(nic.additionalAddresses ?? [])])),
  ].flatMap((text) => parseCidr(text) ?? []);
  const names = new Map<string, number>();
  bgp.peers.forEach((peer, i) => {
    const name = peer.name ?? `peer-${i + 1}`;
    const first = names.get(name);
    if (first !== undefined) {
      ctx.report({
        code: "spec/bgp-peer",
        message: `peer name ${quote(name)} is already taken by peers[${first}]`,
        path: [...at, "peers", i, ...(peer.name === undefined ? [] : ["name"])],
        hint: "give every peer a name of its own",
      });
    } else names.set(name, i);
    const address = parseIp(peer.address);
    if (address !== undefined && !networks.some((network) => cidrContains(network, address))) {
      ctx.report({
        code: "spec/bgp-peer",
        message: `peer ${peer.address} is on no network of the nodes, and the peering is single-hop`,
        path: [...at, "peers", i, "address"],
        hint: "peer with a router on the node network (network.cidr)",
      });
    }
  });
};
