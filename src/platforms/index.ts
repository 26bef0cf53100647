/**
 * The platforms, by the key that names them under spec.platform. compile() hands them to the
 * stages, each of which uses its part (src/platforms/platform.ts); no stage imports this file.
 */
import type { PlatformName } from "../spec/rules/platform.js";
import type { Platform } from "./platform.js";
import { hcloud } from "./hcloud/index.js";
import { metal } from "./metal/index.js";
import { proxmox } from "./proxmox/index.js";

export const PLATFORMS: Readonly<Record<PlatformName, Platform>> = { proxmox, hcloud, metal };
