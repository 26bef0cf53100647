import type { Platform } from "../platform.js";
import { proxmoxNormalizer } from "./normalize.js";
import { proxmoxPlanner } from "./plan.js";
import { proxmoxLock } from "./lock.js";
import { PROXMOX_RULES } from "./rules/index.js";

export const proxmox: Platform = {
  kind: "proxmox",
  rules: PROXMOX_RULES,
  ...proxmoxNormalizer,
  ...proxmoxPlanner,
  lock: proxmoxLock,
};
