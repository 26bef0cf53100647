import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { ClusterSpec } from "../types.js";
import { specPath } from "./paths.js";

/**
 * Every field that holds an IP address or block, in document order. The schema checks their
 * shape loosely for IPv6; rules parse them with src/base/net/ and skip what does not parse
 * (ip-syntax reports those once).
 */
export type IpFieldKind = "address" | "cidr" | "interface" | "host";

export interface IpField {
  path: PathSegment[];
  text: string;
  kind: IpFieldKind;
}

export function ipFields(spec: ClusterSpec): IpField[] {
  const s = spec.spec;
  const out: IpField[] = [];
  const add = (text: string | undefined, kind: IpFieldKind, ...path: PathSegment[]): void => {
    if (text !== undefined) out.push({ path: specPath(...path), text, kind });
  };
  add(s.endpoint.vip, "address", "endpoint", "vip");
  add(s.endpoint.host, "host", "endpoint", "host");
  add(s.network.cidr, "cidr", "network", "cidr");
  add(s.network.gateway, "address", "network", "gateway");
  for (const [i, ns] of (s.network.nameservers ?? []).entries()) add(ns, "address", "network", "nameservers", i);
  for (const [i, ntp] of (s.network.ntp ?? []).entries()) add(ntp, "host", "network", "ntp", i);
  // Written as given, so host bits are left to the tools that read them; parsed for real like the
  // rest (the schema's IPv6 pattern is loose).
  for (const [i, c] of (s.network.firewall?.adminCidrs ?? []).entries()) add(c, "interface", "network", "firewall", "adminCidrs", i);
  s.network.firewall?.rules?.forEach((rule, r) => rule.from.forEach((c, k) => add(c, "interface", "network", "firewall", "rules", r, "from", k)));
  for (const [i, c] of (s.kubernetes?.podSubnets ?? []).entries()) add(c, "cidr", "kubernetes", "podSubnets", i);
  for (const [i, c] of (s.kubernetes?.serviceSubnets ?? []).entries()) add(c, "cidr", "kubernetes", "serviceSubnets", i);
  for (const [name, host] of Object.entries(s.platform.proxmox?.hosts ?? {})) add(host.address, "host", "platform", "proxmox", "hosts", name, "address");
  add(s.platform.hcloud?.networkRange, "cidr", "platform", "hcloud", "networkRange");
  add(s.platform.hcloud?.natGateway, "address", "platform", "hcloud", "natGateway");
  for (const [i, c] of (s.platform.hcloud?.adminCidrs ?? []).entries()) add(c, "cidr", "platform", "hcloud", "adminCidrs", i);
  s.platform.hcloud?.firewallRules?.forEach((rule, r) =>
    rule.sources.forEach((c, k) => add(c, "interface", "platform", "hcloud", "firewallRules", r, "sources", k)),
  );
  s.nodes.forEach((node, i) => {
    add(node.address, "interface", "nodes", i, "address");
    node.networks?.forEach((nic, k) => {
      if (nic.address !== "dhcp") add(nic.address, "interface", "nodes", i, "networks", k, "address");
      nic.additionalAddresses?.forEach((extra, a) => add(extra, "interface", "nodes", i, "networks", k, "additionalAddresses", a));
      add(nic.gateway, "address", "nodes", i, "networks", k, "gateway");
      // A route's destination is a network block like any other: "8.8.8.8/0" is not 0.0.0.0/0
      // as written, and the tree writes a /0 as the default route (no destination).
      nic.routes?.forEach((route, r) => {
        add(route.to, "cidr", "nodes", i, "networks", k, "routes", r, "to");
        add(route.via, "address", "nodes", i, "networks", k, "routes", r, "via");
      });
    });
    node.routingRules?.forEach((rule, r) => {
      add(rule.from, "cidr", "nodes", i, "routingRules", r, "from");
      add(rule.to, "cidr", "nodes", i, "routingRules", r, "to");
    });
    // WireGuard addresses and allowed IPs: parsed, host bits left alone (as the firewall's).
    node.wireguard?.forEach((tunnel, w) => {
      add(tunnel.address, "interface", "nodes", i, "wireguard", w, "address");
      tunnel.peers?.forEach((peer, p) =>
        peer.allowedIPs.forEach((block, a) => add(block, "interface", "nodes", i, "wireguard", w, "peers", p, "allowedIPs", a)),
      );
    });
  });
  for (const [i, pool] of (s.cni?.cilium?.loadBalancer?.pools ?? []).entries()) {
    if ("cidr" in pool) add(pool.cidr, "cidr", "cni", "cilium", "loadBalancer", "pools", i, "cidr");
    else {
      add(pool.start, "address", "cni", "cilium", "loadBalancer", "pools", i, "start");
      add(pool.stop, "address", "cni", "cilium", "loadBalancer", "pools", i, "stop");
    }
  }
  return out;
}
