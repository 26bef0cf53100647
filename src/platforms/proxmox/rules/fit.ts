/** What a Proxmox spec must not say: fields of the other platforms, which the tree would ignore. */
import {
  checkClassFields,
  doesNotApply,
  refuseAdoptForm,
  refuseHcloudCcm,
  refuseImportWithoutAdoption,
  refuseNicFields,
  refuseRoutingRules,
} from "../../../spec/rules/platform-fit.js";
import type { Rule } from "../../../spec/rules/rule.js";

export const proxmoxFit: Rule = (ctx) => {
  refuseImportWithoutAdoption(ctx, "proxmox", "VM");
  // A VM is adopted by its host and vmId (adopt: true).
  refuseAdoptForm(ctx, "proxmox", (adopt) => adopt === true, "a running VM is adopted as adopt: true, by the node's host and vmId");
  refuseRoutingRules(ctx, "proxmox");
  refuseNicFields(ctx, "proxmox", ["interface", "selector", "bond"], "Proxmox NICs are selected by bridge", (entry, at) => {
    // Proxmox's cloud-init gives a NIC one address and one gateway (qm cloud-init ipconfig).
    if (entry.routes !== undefined) doesNotApply(ctx, at("routes"), "proxmox", "a VM's NICs are configured by cloud-init, which carries no static routes");
    if (entry.additionalAddresses !== undefined) doesNotApply(ctx, at("additionalAddresses"), "proxmox", "cloud-init gives a VM's NIC one address");
    if (entry.ipv6 !== undefined) doesNotApply(ctx, at("ipv6"), "proxmox", "a VM's NICs are configured by cloud-init");
    if (entry.dhcpRouteMetric !== undefined) doesNotApply(ctx, at("dhcpRouteMetric"), "proxmox", "a VM's NICs are configured by cloud-init");
    // `bridge` is a Proxmox bridge's name here, and a bridge the machine makes on metal.
    if (typeof entry.bridge === "object")
      doesNotApply(ctx, at("bridge"), "proxmox", "a VM's NIC is on a bridge of its host: give the bridge's name (bridge: vmbr1)");
  });
  refuseHcloudCcm(ctx, "proxmox");
  checkClassFields(ctx, "proxmox", ["cpu", "memory", "osDisk"], ["serverType", "arch"], "Proxmox VMs are sized by cpu, memory and osDisk, and are amd64");
};
