import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/** Node names become host names, resource names and file names; VM ids are cluster-wide in Proxmox. */
export const nodeIdentity: Rule = (ctx) => {
  const names = new Map<string, PathSegment[]>();
  const vmIds = new Map<number, PathSegment[]>();
  for (const [i, node] of ctx.spec.spec.nodes.entries()) {
    const namePath = specPath("nodes", i, "name");
    const firstName = names.get(node.name);
    if (firstName === undefined) names.set(node.name, namePath);
    else {
      ctx.report({
        code: "spec/duplicate-node-name",
        message: `node name ${quote(node.name)} is already used by ${ctx.ref(firstName.slice(0, -1))}`,
        path: namePath,
        hint: "node names must be unique: they become host names, resource names and file names",
      });
    }
    if (node.vmId === undefined) continue;
    const idPath = specPath("nodes", i, "vmId");
    const firstId = vmIds.get(node.vmId);
    if (firstId === undefined) vmIds.set(node.vmId, idPath);
    else {
      ctx.report({
        code: "spec/duplicate-vm-id",
        message: `vmId ${node.vmId} is already used by ${ctx.ref(firstId.slice(0, -1))}`,
        path: idPath,
        hint: "Proxmox VM ids are unique across the whole Proxmox cluster",
      });
    }
  }
};
