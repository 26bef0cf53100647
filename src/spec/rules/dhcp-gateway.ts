import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * A DHCP interface takes its gateway from the DHCP server: a `gateway` next to
 * `address: dhcp` would be silently dropped by every platform (cloud-init's ipv4 "dhcp",
 * Talos's DHCPv4Config), so say so rather than let the user believe it is used.
 */
export const dhcpGateway: Rule = (ctx) => {
  ctx.spec.spec.nodes.forEach((node, i) => {
    node.networks?.forEach((nic, k) => {
      if (nic.address !== "dhcp" || nic.gateway === undefined) return;
      ctx.report({
        code: "spec/ignored-gateway",
        severity: "warning",
        message: `nodes[${i}].networks[${k}].gateway ${nic.gateway} is ignored: the interface takes its address and routes from DHCP`,
        path: specPath("nodes", i, "networks", k, "gateway"),
        hint: "remove the gateway, or give the interface a static address",
      });
    });
  });
};
