import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * platform.proxmox.talosPlatform: metal takes over VMs installed from the metal ISO. A new VM
 * cannot be made that way: it would boot the metal image with no cloud-init drive, so it would
 * sit in maintenance mode at whatever address DHCP gives it, never at the one its configuration
 * is sent to (Talos's Proxmox guide, talos.dev/v1.13 "Proxmox": a VM booted from the ISO comes
 * up in maintenance mode and is configured with `talosctl apply-config --insecure --nodes
 * <its DHCP address>`), which only a person can find.
 */
export const proxmoxTalosPlatform: Rule = (ctx) => {
  if (ctx.spec.spec.platform.proxmox?.talosPlatform !== "metal") return;
  ctx.spec.spec.nodes.forEach((node, index) => {
    if (node.adopt === true) return;
    ctx.report({
      code: "spec/proxmox-metal-new-vm",
      message: `node ${node.name} would be a new VM, and platform.proxmox.talosPlatform: metal only takes over VMs installed from the metal ISO`,
      path: specPath("nodes", index, "adopt"),
      hint: "adopt the running VM (adopt: true with its host and vmId); a new VM needs the nocloud image (talosPlatform: nocloud, in a tree of its own)",
    });
  });
};
