/** What a changed VM in machines.lock.json means: bpg/proxmox replaces or restarts it. */
import { change } from "../../lock/impact.js";
import type { PlatformLock } from "../../lock/platform-part.js";

export const proxmoxLock: PlatformLock = {
  ownsMachines: true,
  machine: "VM",
  // A VM's MAC addresses derive from the cluster's name (mac.ts stableMac), and Talos finds the
  // links it configures by them.
  renamed: "every VM's NICs get new MAC addresses (they derive from the cluster's name), and the links Talos selects by MAC with them",
  /**
   * A changed host or VM id replaces the VM (bpg/proxmox v0.111.1 proxmoxtf/resource/vm/vm.go:
   * node_name and vm_id are ForceNew). Secure Boot on or off is a fresh install: "There is no
   * support at the moment to upgrade non-UKI (GRUB-based) Talos installation to use
   * UKI/SecureBoot" (docs talos/v1.13 secureboot.mdx). The plan only updates the VM in place
   * (bpg/proxmox replaces it for a TPM version change only), so the report says what to do.
   */
  replacement(before, after) {
    const secureBoot =
      (before.secureBoot ?? false) === (after.secureBoot ?? false)
        ? undefined
        : `Secure Boot ${after.secureBoot === true ? "on" : "off"}: Talos cannot move an installed node, reinstall it (talosctl reset, then -replace its VM)`;
    return change("host", before.host, after.host) ?? change("VM id", before.vmId, after.vmId) ?? secureBoot;
  },
  /** Proxmox applies CPU, memory, disk and firmware changes at a restart of the VM. */
  restarts(before, after) {
    return [
      change("cpu", before.cpu, after.cpu),
      change("memory", before.memory, after.memory),
      change("disk", before.osDisk, after.osDisk),
      before.uefi === after.uefi ? undefined : `firmware ${after.uefi === true ? "UEFI" : "BIOS"}`,
    ].filter((reason): reason is string => reason !== undefined);
  },
};
