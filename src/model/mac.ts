import { createHash } from "node:crypto";
import { PROXMOX_MAC_PREFIX } from "./defaults.js";

/**
 * A stable MAC address for a node's NIC, derived from the cluster and node names. Talos
 * finds the NIC that carries the VIP through a LinkAliasConfig selector on this address,
 * so it must be known before the VM exists, and it must not change between builds.
 */
export function stableMac(cluster: string, node: string, nicIndex: number): string {
  const digest = createHash("sha256").update(`${cluster}/${node}/${nicIndex}`).digest("hex");
  const tail = [digest.slice(0, 2), digest.slice(2, 4), digest.slice(4, 6)].join(":");
  return `${PROXMOX_MAC_PREFIX}:${tail}`;
}
