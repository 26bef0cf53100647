/** What the tree's README says of Proxmox VMs: where they run, their size, what to know before and after. */
import type { ClusterModel, NodeModel, ProxmoxModel } from "../../model/model.js";
import type { PlatformReadme } from "../../plan/platform-part.js";
import { count } from "../../plan/readme-machines.js";

const gib = (mib: number): string => `${Number.isInteger(mib / 1024) ? mib / 1024 : (mib / 1024).toFixed(1)} GiB`;

function size(platform: ProxmoxModel, node: NodeModel): string {
  const firmware = platform.secureBoot ? ", UEFI Secure Boot, vTPM" : node.uefi ? ", UEFI" : "";
  return `${node.cpu} vCPU, ${gib(node.memory)}, ${node.osDisk} GB${node.dataDisk === undefined ? "" : ` + ${node.dataDisk} GB data`}${firmware}`;
}

function prerequisites(model: ClusterModel, platform: ProxmoxModel): string[] {
  return [
    // bpg/proxmox imports a downloaded image into a VM disk over SSH (disk.file_id: qm disk import).
    `\`tofu\` reaches every Proxmox host over SSH as \`${platform.sshUsername}\` (the ssh-agent, or \`PROXMOX_VE_SSH_PRIVATE_KEY\` with \`-var proxmox_ssh_agent=false\`): the provider imports the Talos disk image into each VM with \`qm disk import\`.`,
    ...(model.nodes.some((node) => node.ip === undefined)
      ? [
          "DHCP nodes are reached at the address the QEMU guest agent reports for their first NIC; keep it stable with DHCP reservations for the MAC addresses in `main.tf`.",
        ]
      : []),
    ...(platform.secureBoot
      ? [
          // docs talos/v1.13 secureboot.mdx: auto-enrollment "only happens when running in a
          // virtual machine"; disk images enroll since the v1.14 imager (talos b31d93e0d), which
          // factory.talos.dev builds with. An older factory's image leaves the VM in setup mode,
          // and then the TPM keys refuse to seal (documents.ts encryption).
          "Secure Boot: each VM starts with its firmware in setup mode (an EFI disk without pre-enrolled keys) and a virtual TPM 2.0; on the first boot the image enrolls the image factory's keys by itself (an image factory on Talos v1.14 or later, as factory.talos.dev is, builds such images), then boots signed. `talosctl -n <address> get securitystate --insecure` shows SecureBoot true once it did; disk keys sealed to the TPM refuse to seal while Secure Boot is off or in setup mode (`checkSecurebootStatusOnEnroll`), so a VM whose keys were not enrolled does not come up rather than come up unprotected. A VM installed without Secure Boot cannot be moved to it: reinstall it.",
        ]
      : []),
  ];
}

function machineNotes(model: ClusterModel): string[] {
  const notes = [
    "A machine that is replaced, by an edit or by hand, gets its configuration again: its address is read from the machine, so its `talos_machine` is created anew against the new one.",
    "A node keeps the host it was placed on: `build` places only new nodes (spread by role over the host pool, counting nodes with an explicit `host`) and records placements in `machines.lock.json`. Moving a node to another host (its `host`) replaces its VM; `build` refuses that for a control plane unless given `--allow-replace`.",
    "Changing a node's `cpu`, `memory` or disk size restarts its VM when the provider updates it (Proxmox applies the change at a restart), outside the rollout and without a drain; a class resize restarts every VM of the class at once, which `build` refuses without `--allow-restart`. Roll it out one VM at a time instead: `tofu apply -target='module.nodes.proxmox_virtual_environment_vm.this[\"<node>\"]'` per node, waiting for each to be Ready, then a full apply.",
    "Nameservers reach the nodes through the `ResolverConfig` patch; the copy in each VM's cloud-init is only read at creation, so changing them reboots nothing.",
  ];
  const rawDataDisk = model.nodes.some(
    (node) => node.dataDisk !== undefined && !node.userVolumes.some((volume) => volume.disk.endsWith(`disk.size == ${node.dataDisk}u * GiB`)),
  );
  if (rawDataDisk)
    notes.push("Data disks without `dataDiskVolume` are attached unformatted: Talos leaves them raw for a storage system such as Rook/Ceph to claim.");
  return notes;
}

export function proxmoxReadme(model: ClusterModel, platform: ProxmoxModel): PlatformReadme {
  const hosts = [...new Set(model.nodes.map((n) => n.host ?? ""))].filter((h) => h !== "").sort();
  return {
    name: "Proxmox VE",
    applyEnv: ["PROXMOX_VE_API_TOKEN='user@realm!tokenid=secret'"],
    createdEndpoint: undefined,
    where: `as Proxmox VE VMs on ${hosts.join(", ")}`,
    adoption: (adopted, created) => ({ machines: count(adopted, "running VM", "running VMs"), made: count(created, "new VM", "new VMs") }),
    // The VM module makes the images: one schematic, and one per class image (for_each).
    schematics: [
      "module.nodes.talos_image_factory_schematic.this",
      ...(model.talos.classSchematics.length > 0 ? ["module.nodes.talos_image_factory_schematic.class"] : []),
    ],
    placeHeader: "host",
    place: (node) => `${node.host ?? ""}${node.vmId === undefined ? "" : ` (VM ${node.vmId}${node.adopt === true ? ", running" : ""})`}`,
    size: (node) => size(platform, node),
    prerequisites: prerequisites(model, platform),
    machineNotes: machineNotes(model),
    ownsMachines: true,
    clusterNotes: [],
  };
}
