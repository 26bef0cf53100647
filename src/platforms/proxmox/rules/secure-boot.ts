import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * Proxmox Secure Boot boots every VM with OVMF: "SecureBoot is not supported on x86 platforms
 * in BIOS mode" (docs talos/v1.13 platform-specific-installations/bare-metal-platforms/
 * secureboot.mdx). A class that asks for SeaBIOS (uefi: false) cannot have it.
 */
export const proxmoxSecureBoot: Rule = (ctx) => {
  if (ctx.spec.spec.platform.proxmox?.secureBoot !== true) return;
  for (const [name, cls] of Object.entries(ctx.spec.spec.nodeClasses ?? {})) {
    if (cls.uefi !== false) continue;
    ctx.report({
      code: "spec/secure-boot-bios",
      message: `nodeClasses.${name}.uefi is false, and Secure Boot (platform.proxmox.secureBoot) needs UEFI firmware`,
      path: specPath("nodeClasses", name, "uefi"),
      hint: "remove uefi: false (Secure Boot VMs boot OVMF), or turn platform.proxmox.secureBoot off",
    });
  }
};
