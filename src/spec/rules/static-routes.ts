import { cidrContains, parseCidr } from "../../base/net/cidr.js";
import { parseIp } from "../../base/net/ip.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * A static route's gateway must be reachable on the link the route is on: Linux refuses a
 * route whose gateway is not on a connected network ("Nexthop has invalid gateway"), so Talos
 * would log the failure on the node long after the apply looked fine. Checked where the NIC's
 * address is static (a DHCP subnet is not known here).
 */
export const staticRoutes: Rule = (ctx) => {
  ctx.spec.spec.nodes.forEach((node, i) => {
    node.networks?.forEach((nic, k) => {
      if (nic.address === "dhcp") return;
      // Every address of the NIC connects its network (an IPv6 route goes via its IPv6 one).
      const subnets = [nic.address, ...(nic.additionalAddresses ?? [])].flatMap((text) => parseCidr(text) ?? []);
      if (subnets.length === 0) return;
      (nic.routes ?? []).forEach((route, r) => {
        const via = parseIp(route.via);
        if (via === undefined || subnets.some((subnet) => cidrContains(subnet, via))) return;
        ctx.report({
          code: "spec/route-gateway-outside",
          message: `route to ${route.to} goes via ${route.via}, which is outside this NIC's network${subnets.length > 1 ? "s" : ""} ${[nic.address, ...(nic.additionalAddresses ?? [])].join(", ")}`,
          path: specPath("nodes", i, "networks", k, "routes", r, "via"),
          hint: "name a gateway on this NIC's network, or put the route on the NIC that reaches it",
        });
      });
    });
  });
};
