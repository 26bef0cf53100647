import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * nodes[].adopt on Proxmox: the running VM is named by its host and vmId, given, not placed: the
 * import id is "<host>/<vmId>" (bpg/proxmox proxmoxtf/resource/vm/vm.go Importer,
 * parseImportIDWithNodeName), and a node placed on another host than its VM's would be migrated
 * or replaced. What every platform's adoption needs is src/spec/rules/adopt-machines.ts.
 */
export const proxmoxAdopt: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const adopted = s.nodes.flatMap((node, i) => (node.adopt === undefined ? [] : [{ i, node, adopt: node.adopt }]));
  for (const { i, node, adopt } of adopted) {
    // An adopt of the other form is fit.ts's to report.
    if (adopt !== true) continue;
    const missing = [node.host === undefined ? "host" : "", node.vmId === undefined ? "vmId" : ""].filter((field) => field !== "");
    if (missing.length === 0) continue;
    ctx.report({
      code: "spec/adopt-without-vm-id",
      message: `nodes[${i}].adopt takes over the running VM of ${node.name}, which the spec must name by its ${missing.join(" and ")}`,
      path: specPath("nodes", i, "adopt"),
      at: "key",
      hint: "give the node the host and vmId of its running VM (qm list on the host)",
    });
  }
};
