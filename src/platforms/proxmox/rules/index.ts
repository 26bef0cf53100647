/** The cross-field rules of a Proxmox spec, beside the shared ones (src/spec/rules/index.ts). */
import type { Rule } from "../../../spec/rules/rule.js";
import { proxmoxAdopt } from "./adopt.js";
import { proxmoxFit } from "./fit.js";
import { proxmoxHosts } from "./hosts.js";
import { proxmoxImageDatastore } from "./image-datastore.js";
import { proxmoxNodes } from "./nodes.js";
import { proxmoxSecureBoot } from "./secure-boot.js";
import { proxmoxTalosPlatform } from "./talos-platform.js";
import { proxmoxTpmKeys } from "./tpm-keys.js";

export const PROXMOX_RULES: readonly Rule[] = [
  proxmoxFit,
  proxmoxHosts,
  proxmoxImageDatastore,
  proxmoxNodes,
  proxmoxAdopt,
  proxmoxSecureBoot,
  proxmoxTpmKeys,
  proxmoxTalosPlatform,
];
