import type { ClusterSpec } from "../types.js";

export type PlatformName = "proxmox" | "hcloud" | "metal";

/** The one platform the schema guarantees is set. */
export function platformOf(spec: ClusterSpec): PlatformName {
  const { platform } = spec.spec;
  if (platform.proxmox !== undefined) return "proxmox";
  if (platform.hcloud !== undefined) return "hcloud";
  return "metal";
}
