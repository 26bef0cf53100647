import { parseCidr } from "../../base/net/cidr.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * A dual-stack cluster (an IPv6 service subnet) gives each kubelet a node IP of each family,
 * from the node addresses in validSubnets (src/plan/talos/patches.ts ipv6NodeSubnets: the IPv6
 * networks of the nodes' first NICs, or any IPv6 network with DHCPv6 or SLAAC). A node whose first
 * NIC has neither an IPv6 address nor DHCPv6 or SLAAC in the spec
 * registers with an IPv4 node IP only: its host-network pods and NodePorts are IPv4 only.
 * A warning: the cluster works, single-stack on those nodes.
 */
export const dualStackNodes: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const ipv6Service = (s.kubernetes?.serviceSubnets ?? []).findIndex((text) => parseCidr(text)?.family === 6);
  if (ipv6Service < 0) return;
  const without = s.nodes.filter((node) => {
    const nic = node.networks?.[0];
    const addresses = [nic?.address ?? node.address, ...(nic?.additionalAddresses ?? [])];
    return nic?.ipv6 === undefined && !addresses.some((text) => text !== undefined && parseCidr(text)?.family === 6);
  });
  if (without.length === 0) return;
  const names = without.map((node) => node.name);
  ctx.report({
    code: "spec/dual-stack-node-address",
    severity: "warning",
    message: `the cluster is dual-stack, but ${names.length === 1 ? "node" : "nodes"} ${names.slice(0, 5).join(", ")}${names.length > 5 ? ` and ${names.length - 5} more` : ""} ${names.length === 1 ? "has" : "have"} no IPv6 address on the first NIC: ${names.length === 1 ? "its kubelet registers" : "their kubelets register"} an IPv4 node IP only`,
    path: specPath("kubernetes", "serviceSubnets", ipv6Service),
    hint: "give each node's first NIC an IPv6 address (networks[0].additionalAddresses, metal)",
  });
};
