/** What a Hetzner Cloud spec must not say: fields of the other platforms, which the tree would ignore. */
import {
  checkClassFields,
  doesNotApply,
  refuseAdoptForm,
  refuseImportWithoutAdoption,
  refuseRoutingRules,
  refuseVmFields,
} from "../../../spec/rules/platform-fit.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

export const hcloudFit: Rule = (ctx) => {
  const s = ctx.spec.spec;
  refuseImportWithoutAdoption(ctx, "hcloud", "server");
  // A Hetzner server is adopted by its ids.
  refuseAdoptForm(ctx, "hcloud", (adopt) => adopt !== true, "a running server is adopted by its ids: adopt: { serverId, primaryIpId }");
  refuseVmFields(ctx, "hcloud");
  refuseRoutingRules(ctx, "hcloud");
  // Hetzner servers get their private address from the network attachment, not from NICs.
  s.nodes.forEach((node, i) => {
    if (node.networks !== undefined) doesNotApply(ctx, specPath("nodes", i, "networks"), "hcloud", "server NICs come from the private network");
  });
  if (s.endpoint.vip !== undefined)
    doesNotApply(
      ctx,
      specPath("endpoint", "vip"),
      "hcloud",
      "a Layer 2 VIP needs a shared layer 2 network, which Hetzner Cloud does not have (see platform.hcloud.apiEndpoint)",
    );
  if (s.cni?.cilium?.loadBalancer !== undefined)
    doesNotApply(ctx, specPath("cni", "cilium", "loadBalancer"), "hcloud", "L2 announcements need a shared layer 2 network");
  checkClassFields(
    ctx,
    "hcloud",
    ["serverType"],
    ["cpu", "memory", "osDisk", "cpuType", "uefi", "arch", "dataDiskVolume"],
    "the server type decides the machine (its size and architecture)",
  );
  // A class image is a snapshot of its own, found by label (../module.ts CLASS_IMAGE_LABEL); an
  // image id names the one snapshot every server boots.
  for (const [name, cls] of Object.entries(s.nodeClasses ?? {})) {
    if (cls.schematic !== undefined && s.platform.hcloud?.image?.id !== undefined) {
      doesNotApply(
        ctx,
        specPath("nodeClasses", name, "schematic"),
        "hcloud",
        "platform.hcloud.image.id names the one snapshot every server boots; find the snapshots by label (image.selector) for a class image of its own",
      );
    }
  }
};
