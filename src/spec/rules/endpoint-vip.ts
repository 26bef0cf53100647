import { cidrContains, formatNetwork, isNetworkOrBroadcast, parseCidr } from "../../base/net/cidr.js";
import { formatIp, parseIp, sameIp } from "../../base/net/ip.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * The Layer 2 VIP (Talos Layer2VIPConfig) is announced by ARP/NDP from whichever control plane
 * holds it, so it must be on the node subnet and free: not a node, the gateway, the network or
 * the broadcast address. https://www.talos.dev/latest/talos-guides/network/vip/
 */
export const endpointVip: Rule = (ctx) => {
  const { spec } = ctx;
  const text = spec.spec.endpoint.vip;
  const vip = text === undefined ? undefined : parseIp(text);
  const network = parseCidr(spec.spec.network.cidr);
  if (vip === undefined || network === undefined) return;
  const path = specPath("endpoint", "vip");

  if (!cidrContains(network, vip)) {
    ctx.report({
      code: "spec/vip-outside-network",
      message: `endpoint.vip ${formatIp(vip)} is outside network.cidr ${spec.spec.network.cidr}`,
      path,
      hint: "a Layer 2 VIP must be a free address on the control planes' subnet",
    });
    return;
  }
  const owner = ctx.facts.nodeAddresses.find((a) => sameIp(a.cidr.address, vip));
  if (owner !== undefined) {
    ctx.report({
      code: "spec/vip-is-node-address",
      message: `endpoint.vip ${formatIp(vip)} is also the address of ${ctx.ref(owner.path)}`,
      path,
      hint: "the VIP moves between control planes, so it must be an address no node uses",
    });
  }
  const gateway = spec.spec.network.gateway === undefined ? undefined : parseIp(spec.spec.network.gateway);
  const reserved = isNetworkOrBroadcast(network, vip) ?? (gateway !== undefined && sameIp(gateway, vip) ? "gateway" : undefined);
  if (reserved !== undefined) {
    ctx.report({
      code: "spec/reserved-address",
      message: `endpoint.vip ${formatIp(vip)} is the ${reserved} address of ${formatNetwork(network)}`,
      path,
    });
  }
};
