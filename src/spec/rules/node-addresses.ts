import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { cidrContains, formatNetwork, isNetworkOrBroadcast, parseCidr } from "../../base/net/cidr.js";
import { formatIp, parseIp, type IpFamily } from "../../base/net/ip.js";
import { displayPath, quote } from "../display-path.js";
import { specPath } from "./paths.js";
import { platformOf } from "./platform.js";
import type { Rule } from "./rule.js";

/**
 * Node addresses: unique, on the node network with its prefix, not the network, broadcast or
 * gateway address, written in one place, and present where the platform needs them.
 */
export const nodeAddressRules: Rule = (ctx) => {
  const { spec } = ctx;
  const network = parseCidr(spec.spec.network.cidr);
  const gateway = spec.spec.network.gateway === undefined ? undefined : parseIp(spec.spec.network.gateway);
  // By family, then value: no key string (nor formatted address) per node, only per report.
  const seen: Record<IpFamily, Map<bigint, PathSegment[]>> = { 4: new Map(), 6: new Map() };

  for (const address of ctx.facts.nodeAddresses) {
    const ip = address.cidr.address;
    const first = seen[ip.family].get(ip.value);
    if (first !== undefined) {
      ctx.report({ code: "spec/duplicate-address", message: `address ${formatIp(ip)} is already used by ${ctx.ref(first)}`, path: address.path });
      continue;
    }
    seen[ip.family].set(ip.value, address.path);
    if (!address.primary || network === undefined) continue;

    if (!cidrContains(network, ip)) {
      ctx.report({
        code: "spec/address-outside-network",
        message: `${displayPath(address.path)} ${address.text} is outside network.cidr ${spec.spec.network.cidr}`,
        path: address.path,
        hint: "the first NIC is on the node network; put other subnets on networks[1] and later",
      });
      continue;
    }
    if (address.cidr.prefix !== network.prefix) {
      ctx.report({
        code: "spec/prefix-mismatch",
        severity: "warning",
        message: `${displayPath(address.path)} has prefix length /${address.cidr.prefix} but network.cidr is /${network.prefix}`,
        path: address.path,
        hint: `did you mean ${quote(`${formatIp(ip)}/${network.prefix}`)}?`,
      });
    }
    const reserved = isNetworkOrBroadcast(network, ip);
    if (reserved !== undefined) {
      ctx.report({
        code: "spec/reserved-address",
        message: `${displayPath(address.path)} ${formatIp(ip)} is the ${reserved} address of ${formatNetwork(network)}`,
        path: address.path,
      });
    } else if (gateway !== undefined && gateway.family === ip.family && gateway.value === ip.value) {
      ctx.report({
        code: "spec/reserved-address",
        message: `${displayPath(address.path)} ${formatIp(ip)} is the gateway address (network.gateway)`,
        path: address.path,
      });
    }
  }

  spec.spec.nodes.forEach((node, i) => {
    const nicAddress = node.networks?.[0]?.address;
    // On metal, address beside a first NIC on DHCP is the address its DHCP reservation gives it:
    // the tree reaches the machine there and leaves the NIC on DHCP.
    const reserved = platformOf(spec) === "metal" && nicAddress === "dhcp";
    if (node.address !== undefined && nicAddress !== undefined && nicAddress !== node.address && !reserved) {
      ctx.report({
        code: "spec/ambiguous-address",
        message: `nodes[${i}].address ${quote(node.address)} and nodes[${i}].networks[0].address ${quote(nicAddress)} are the same NIC but differ`,
        path: specPath("nodes", i, "networks", 0, "address"),
        hint: "write the first NIC's address in one place",
      });
    }
    // Metal machines already run Talos in maintenance mode; configs are applied to their address.
    if (platformOf(spec) === "metal" && node.address === undefined && (nicAddress === undefined || nicAddress === "dhcp")) {
      ctx.report({
        code: "spec/missing-address",
        message: `nodes[${i}] (${quote(node.name)}) has no static address`,
        path: specPath("nodes", i),
        hint: "metal machines are configured through their address: add address, e.g. address: 192.168.1.10/24 (beside a first NIC on dhcp: the address its DHCP reservation gives it)",
      });
    }
  });
};
