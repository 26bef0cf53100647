/** platform.proxmox -> ProxmoxModel, and what Proxmox decides of each node: its host, firmware, NICs. */
import { byKey } from "../../base/compare.js";
import { PROXMOX_DEFAULTS, SPEC_DEFAULTS } from "../../catalog/defaults.js";
import type { MachinesLock } from "../../lock/machines-lock.js";
import type { NormalizedPlatform, PlatformNormalizer } from "../../model/platform-part.js";
import type { ProxmoxModel, TalosModel } from "../../model/model.js";
import type { ClusterSpec, NodeClassSpec, UserVolumeSpec } from "../../spec/types.js";
import { stableMac } from "./mac.js";
import { placeNodes } from "./placement.js";

/** Where an earlier build placed each node (machines.lock.json), or how it did. */
function previousHosts(previous: MachinesLock | "round-robin" | undefined): Map<string, string> | "round-robin" {
  if (previous === "round-robin") return previous;
  const hosts = new Map<string, string>();
  if (previous?.platform !== "proxmox") return hosts;
  for (const [name, node] of Object.entries(previous.nodes)) if (node.host !== undefined) hosts.set(name, node.host);
  return hosts;
}

function proxmoxModel(spec: ClusterSpec, talos: TalosModel): ProxmoxModel {
  const proxmox = spec.spec.platform.proxmox;
  if (proxmox === undefined) throw new Error("model bug: a Proxmox platform without platform.proxmox");
  return {
    kind: "proxmox",
    endpoint: proxmox.endpoint,
    insecure: proxmox.insecure ?? SPEC_DEFAULTS.ProxmoxPlatformSpec.insecure,
    imageDatastore: proxmox.imageDatastore ?? PROXMOX_DEFAULTS.imageDatastore,
    imageDatastoreShared: proxmox.imageDatastoreShared ?? SPEC_DEFAULTS.ProxmoxPlatformSpec.imageDatastoreShared,
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
    secureBoot: proxmox.secureBoot ?? SPEC_DEFAULTS.ProxmoxPlatformSpec.secureBoot,
    talosPlatform: proxmox.talosPlatform ?? SPEC_DEFAULTS.ProxmoxPlatformSpec.talosPlatform,
  };
}

export const proxmoxNormalizer: PlatformNormalizer = {
  // The agent lets Proxmox report addresses and shut VMs down cleanly.
  defaultExtensions: ["siderolabs/qemu-guest-agent"],
  normalize(spec, talos, previous): NormalizedPlatform {
    const platform = proxmoxModel(spec, talos);
    const placement = placeNodes(
      spec.spec.nodes,
      platform.hosts.map((h) => h.name),
      previousHosts(previous),
    );
    return {
      model: platform,
      providers: ["proxmox"],
      // bpg/proxmox: API token for the API, private key for the SSH disk import (docs/index.md).
      runner: {
        env: [env("PROXMOX_VE_API_TOKEN"), env("PROXMOX_VE_SSH_PRIVATE_KEY")],
        // The runner pod has no SSH agent, so the provider must use the private key from
        // PROXMOX_VE_SSH_PRIVATE_KEY instead (bpg/proxmox docs/index.md: `agent` wins over a key).
        vars: [{ name: "proxmox_ssh_agent", value: false }],
      },
      node(model, node, index, sizing) {
        // Secure Boot needs UEFI: OVMF (the spec refuses uefi: false beside it).
        if (sizing?.uefi === undefined) model.uefi = platform.secureBoot;
        if (sizing?.dataDisk !== undefined && sizing.dataDiskVolume !== undefined) {
          model.userVolumes = withDataDiskVolume(model.userVolumes, sizing.dataDisk, sizing.dataDiskVolume);
        }
        if (node.vmId !== undefined) model.vmId = node.vmId;
        const host = placement[index];
        if (host !== undefined) {
          model.host = host;
          model.datastore = platform.hosts.find((h) => h.name === host)?.datastore ?? PROXMOX_DEFAULTS.vmDatastore;
        }
      },
      nic(model, nic, index, node) {
        model.bridge = typeof nic.bridge === "string" ? nic.bridge : platform.bridge;
        // The VM's own MAC when the spec keeps one (a VM that exists), else a stable one.
        model.mac = nic.mac?.toLowerCase() ?? stableMac(spec.metadata.name, node.name, index);
        if (nic.mac !== undefined) model.vmMac = nic.mac;
        if (nic.trunks !== undefined) model.trunks = [...nic.trunks].sort((a, b) => a - b);
        // The module's NIC model defaults to virtio, as Proxmox's does: only another is written.
        if (nic.model !== undefined && nic.model !== SPEC_DEFAULTS.NodeNicSpec.model) model.model = nic.model;
      },
    };
  },
};

function env(name: string) {
  return { name, key: name };
}

/**
 * The Proxmox data disk as a user volume over the whole disk: a partition that grows to fill
 * it (docs talos/v1.13 .../disk-management/user.mdx: grow without maxSize consumes the entire
 * disk). The VM's data disk is found as the disk of exactly its size that is not the system
 * disk (bpg sizes disks in GiB; Talos's CEL has GiB, machinery cel/celenv). A volume of the
 * same name in the spec's userVolumes wins.
 */
function withDataDiskVolume(volumes: readonly UserVolumeSpec[], sizeGiB: number, volume: NonNullable<NodeClassSpec["dataDiskVolume"]>): UserVolumeSpec[] {
  if (volumes.some((existing) => existing.name === volume.name)) return [...volumes];
  // Talos wants a minimum or maximum size on every user volume (machinery config/types/block
  // volume_config.go ProvisioningSpec.Validate: "min size or max size is required"); the
  // minimum is small, grow takes the rest of the disk.
  const dataVolume: UserVolumeSpec = {
    name: volume.name,
    disk: `!system_disk && disk.size == ${sizeGiB}u * GiB`,
    minSize: "1GiB",
    grow: true,
    filesystem: volume.filesystem ?? SPEC_DEFAULTS.NodeClassSpec.dataDiskVolume.filesystem,
  };
  if (volume.encryption !== undefined) dataVolume.encryption = volume.encryption;
  return [dataVolume, ...volumes];
}
