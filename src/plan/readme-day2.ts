/**
 * What happens to running machines when the spec changes, for the generated README: what an
 * edit replaces, reboots or resets, and how to plan when the cluster is not healthy. Each
 * sentence states what this tree does, by platform; the sources are in the templates'
 * comments (bpg/proxmox, hetznercloud/hcloud and siderolabs/talos provider behaviour).
 */
import type { ClusterModel } from "../model/model.js";

export function dayTwoNotes(model: ClusterModel): string[] {
  const notes: string[] = [];
  const platform = model.platform;
  notes.push(
    "Adding a node creates its machine and its configuration; nothing else changes.",
    "Removing a node destroys its configuration first, which resets the node (a control plane leaves etcd) and wipes it, then its machine. Kubernetes keeps its Node object: while the apply waits for the cluster's health, which reports the node as unexpected, run `kubectl delete node <name>`.",
  );
  if (platform.kind !== "metal") {
    notes.push(
      "A machine that is replaced, by an edit or by hand, gets its configuration again: its address is read from the machine, so the configuration apply runs once more against the new one.",
    );
  }
  if (platform.kind === "proxmox") {
    notes.push(
      "A node keeps the host it was placed on: `build` places only new nodes (spread by role over the host pool, counting nodes with an explicit `host`) and records placements in `.talos-hclgen.json`. Moving a node to another host (its `host`) replaces its VM; `build` refuses that for a control plane unless given `--allow-replace`.",
      "Changing a node class's `cpu` or `memory` reboots every VM of the class, all at once (Proxmox applies the change at a restart). Roll it out one VM at a time: `tofu apply -target='module.nodes.proxmox_virtual_environment_vm.this[\"<node>\"]'` per node, or `tofu apply -parallelism=1`.",
      "Nameservers reach the nodes through the `ResolverConfig` patch; the copy in each VM's cloud-init is only read at creation, so changing them reboots nothing.",
    );
    const rawDataDisk = model.nodes.some((node) => node.dataDisk !== undefined && !node.userVolumes.some((volume) => volume.disk.endsWith(`disk.size == ${node.dataDisk}u * GiB`)));
    if (rawDataDisk) {
      notes.push("Data disks without `dataDiskVolume` are attached unformatted: Talos leaves them raw for a storage system such as Rook/Ceph to claim.");
    }
  }
  if (model.talos.classSchematics.length > 0) {
    const targets = platform.kind === "proxmox" ? ["module.nodes.talos_image_factory_schematic.class"] : model.talos.classSchematics.map((s) => `module.image_${s.name}`);
    notes.push(
      `A node class with an image of its own (\`nodeClasses.*.schematic\`) that is new on a running cluster: create its schematic first, \`tofu apply ${targets.map((target) => `-target='${target}'`).join(" ")}\`, then apply the rest. The talos provider 0.11 cannot plan a node's configuration while its installer is not known yet (fixed in 0.12). Running machines keep the image they booted until \`talosctl upgrade\` with their class's installer; new machines boot their class's image.`,
    );
  }
  if (platform.kind === "hcloud" && model.cni.kind === "flannel") {
    notes.push(
      "Flannel is told to use the private network (`--iface-can-reach`), so pod traffic stays off the public interface. Talos deploys Flannel at bootstrap and changes it only through `talosctl upgrade-k8s`.",
    );
  }
  if (platform.kind === "hcloud" && model.endpoint.created === undefined) {
    notes.push(
      `Point \`${model.endpoint.host}\` at \`tofu output api_address\` after the first apply. Until its DNS record exists, the tree's own clients (Helm, Flux) reach the API at that address, which is in the API server's certificate, and the health check leaves out the Kubernetes checks.`,
    );
  }
  notes.push(
    "Configurations reach the nodes with `talos_apply_mode` (auto): a change that needs a reboot reboots every node it touches at once. `-var talos_apply_mode=staged` stages it instead, for each node's next reboot.",
    "A plan that changes no machine reads the cluster's health at once and waits for it (up to 15 minutes). To plan a fix while a node is down: `tofu plan -var talos_health_check=false`.",
    "Destroying the whole cluster: first `tofu apply -var talos_reset_on_destroy=false`, then `tofu destroy`; otherwise every node is reset on the way, control planes leaving etcd one after the other.",
  );
  return notes;
}
