import type { ClusterSpec } from "../spec/types.js";
import type { PlatformModel, TalosModel } from "./model.js";
import { PROXMOX_DEFAULTS } from "./defaults.js";
import { byKey } from "./util.js";

export function normalizePlatform(spec: ClusterSpec, talos: TalosModel): PlatformModel {
  const platform = spec.spec.platform;
  if (platform.proxmox !== undefined) {
    const proxmox = platform.proxmox;
    return {
      kind: "proxmox",
      endpoint: proxmox.endpoint,
      insecure: proxmox.insecure ?? false,
      imageDatastore: proxmox.imageDatastore ?? PROXMOX_DEFAULTS.imageDatastore,
      sshUsername: proxmox.sshUsername ?? PROXMOX_DEFAULTS.sshUsername,
      bridge: proxmox.bridge ?? PROXMOX_DEFAULTS.bridge,
      hosts: byKey(proxmox.hosts).map(([name, host]) => {
        const model: { name: string; datastore: string; address?: string } = {
          name,
          datastore: host.datastore ?? PROXMOX_DEFAULTS.vmDatastore,
        };
        if (host.address !== undefined) model.address = host.address;
        return model;
      }),
      guestAgent: talos.extensions.includes("siderolabs/qemu-guest-agent"),
    };
  }
  if (platform.hcloud !== undefined) return { kind: "hcloud" };
  return { kind: "metal" };
}
