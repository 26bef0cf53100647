import { quote } from "../../../spec/display-path.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";
import type { NodeNicSpec } from "../../../spec/types.js";

function isDefaultDhcp(nic: NodeNicSpec): boolean {
  const { address, ...rest } = nic;
  return address === "dhcp" && Object.keys(rest).length === 0;
}

/** Every NIC of an existing machine must name a link Talos can find: its MAC, a selector, or its name. */
export const metalNodes: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const defaultLink = s.platform.metal?.interface;
  for (const [i, node] of s.nodes.entries()) {
    // Without networks, the node's one NIC is the platform's default link.
    if (node.networks === undefined) {
      if (defaultLink === undefined) {
        ctx.report({
          code: "spec/missing-link",
          message: `nodes[${i}] (${quote(node.name)}) does not say which link carries its address`,
          path: specPath("nodes", i),
          at: "key",
          hint: "set platform.metal.interface (e.g. enp1s0) for every node, or networks: [{ mac: ..., address: ... }] for this one",
        });
      }
      continue;
    }
    for (const [k, nic] of node.networks.entries()) {
      const namesLink =
        nic.mac !== undefined || nic.interface !== undefined || nic.selector !== undefined || nic.bond !== undefined || typeof nic.bridge === "object";
      if (namesLink || (k === 0 && defaultLink !== undefined)) continue;
      // A first NIC on DHCP with nothing of its own is Talos's default: DHCP on every link no
      // document names (machined controllers/network/operator_config.go), so it needs no link;
      // the node's address says where its DHCP reservation puts it.
      if (k === 0 && isDefaultDhcp(nic)) continue;
      ctx.report({
        code: "spec/missing-link",
        message: `nodes[${i}].networks[${k}] names no link: Talos needs its MAC address or its name`,
        path: specPath("nodes", i, "networks", k),
        hint: "add mac: aa:bb:cc:dd:ee:ff (found with talosctl get links --insecure) or interface: enp1s0",
      });
    }
  }
};
