/** What a metal spec must not say: fields of the platforms whose machines the tree creates. */
import type { NodeClassSpec } from "../../../spec/types.js";
import { doesNotApply, refuseAdoptForm, refuseHcloudCcm, refuseNicFields, refuseVmFields } from "../../../spec/rules/platform-fit.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/** The fields of a node class that size a machine the tree creates. */
const SIZING_FIELDS: ReadonlyArray<keyof NodeClassSpec> = ["cpu", "memory", "osDisk", "dataDisk", "dataDiskVolume", "cpuType", "serverType", "uefi"];

export const metalFit: Rule = (ctx) => {
  refuseAdoptForm(ctx, "metal", () => false, "the machines are not OpenTofu's: talos.secrets: import is all an adoption needs");
  refuseVmFields(ctx, "metal");
  refuseNicFields(ctx, "metal", ["trunks", "model"], "it configures a Proxmox VM", (entry, at) => {
    if (typeof entry.bridge === "string") {
      doesNotApply(ctx, at("bridge"), "metal", "a bridge name configures a Proxmox VM; a bridge the machine makes is bridge: { members: [...] }");
    }
  });
  refuseHcloudCcm(ctx, "metal");
  // The machines already exist: there is nothing to size. A class still carries node settings
  // (labels, taints, install disk selector...) to the nodes that name it.
  for (const [name, cls] of Object.entries(ctx.spec.spec.nodeClasses ?? {})) {
    for (const field of SIZING_FIELDS) {
      if (cls[field] !== undefined) doesNotApply(ctx, specPath("nodeClasses", name, field), "metal", "the machines already exist");
    }
  }
};
