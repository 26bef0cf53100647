import { refuseTpmKeys } from "../../../spec/rules/tpm-keys.js";
import type { Rule } from "../../../spec/rules/rule.js";

/** The VMs have a virtual TPM 2.0 and a measured boot only with Secure Boot (../module.ts). */
export const proxmoxTpmKeys: Rule = (ctx) => {
  if (ctx.spec.spec.platform.proxmox?.secureBoot === true) return;
  refuseTpmKeys(
    ctx,
    "the Proxmox VMs of this tree do not have (no virtual TPM)",
    "use nodeID (a key derived from the machine's UUID), which needs no TPM, or give the VMs a virtual TPM with platform.proxmox.secureBoot",
  );
};
