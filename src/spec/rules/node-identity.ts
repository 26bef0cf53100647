import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/** Node names become host names, resource names and file names; VM ids are cluster-wide in Proxmox. */
export const nodeIdentity: Rule = (ctx) => {
  // Node indexes, not paths: a path is only built for a report (a 1000-node spec has none).
  const names = new Map<string, number>();
  const vmIds = new Map<number, number>();
  const macs = new Map<string, [number, number]>();
  ctx.spec.spec.nodes.forEach((node, i) => {
    const firstName = names.get(node.name);
    if (firstName === undefined) names.set(node.name, i);
    else {
      ctx.report({
        code: "spec/duplicate-node-name",
        message: `node name ${quote(node.name)} is already used by ${ctx.ref(specPath("nodes", firstName))}`,
        path: specPath("nodes", i, "name"),
        hint: "node names must be unique: they become host names, resource names and file names",
      });
    }
    // A MAC address names one NIC of one machine (on one node, metal-links.ts says it).
    node.networks?.forEach((nic, k) => {
      if (nic.mac === undefined) return;
      const key = nic.mac.toLowerCase();
      const first = macs.get(key);
      if (first === undefined) macs.set(key, [i, k]);
      else if (first[0] !== i) {
        ctx.report({
          code: "spec/duplicate-mac",
          message: `MAC address ${nic.mac} is already used by ${ctx.ref(specPath("nodes", first[0], "networks", first[1]))}`,
          path: specPath("nodes", i, "networks", k, "mac"),
          hint: "two machines with one MAC address on a network reach neither reliably",
        });
      }
    });
    if (node.vmId === undefined) return;
    const firstId = vmIds.get(node.vmId);
    if (firstId === undefined) vmIds.set(node.vmId, i);
    else {
      ctx.report({
        code: "spec/duplicate-vm-id",
        message: `vmId ${node.vmId} is already used by ${ctx.ref(specPath("nodes", firstId))}`,
        path: specPath("nodes", i, "vmId"),
        hint: "Proxmox VM ids are unique across the whole Proxmox cluster",
      });
    }
  });
};
