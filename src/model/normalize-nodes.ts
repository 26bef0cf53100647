import type { ClusterSpec, NodeClassSpec, NodeNicSpec, NodeSpec, UserVolumeSpec } from "../spec/types.js";
import type { ClassSchematicModel, NetworkModel, NicModel, NodeModel, PlatformModel } from "./model.js";
import { PROXMOX_DEFAULTS, ROLE_SIZING } from "../catalog/defaults.js";
import { stableMac } from "./mac.js";
import { bondModel, linuxBridgeModel } from "../platforms/metal/links.js";
import { logicalLinkNames } from "../catalog/talos-links.js";
import { byKey } from "../base/compare.js";
import { hostOf } from "../base/net/cidr.js";
import { nodeSettings } from "./kubernetes-settings.js";
import { placeNodes } from "./placement.js";

/** Nodes in spec order, sized from their class, placed on a host, with their NICs. */
export function normalizeNodes(
  spec: ClusterSpec,
  network: NetworkModel,
  platform: PlatformModel,
  previousHosts: ReadonlyMap<string, string> | "round-robin" = new Map(),
  classSchematics: readonly ClassSchematicModel[] = [],
): NodeModel[] {
  const classes = spec.spec.nodeClasses ?? {};
  const placement =
    platform.kind === "proxmox" ? placeNodes(spec.spec.nodes, platform.hosts.map((h) => h.name), previousHosts) : [];
  const metalInterface = spec.spec.platform.metal?.interface;
  return spec.spec.nodes.map((node, index) => {
    const sizing = node.class !== undefined ? classes[node.class] : undefined;
    const base = ROLE_SIZING[node.role];
    const nics = normalizeNics(spec.metadata.name, node, network, platform, metalInterface);
    const model: NodeModel = {
      name: node.name,
      role: node.role,
      cpu: sizing?.cpu ?? base.cpu,
      cpuType: sizing?.cpuType ?? PROXMOX_DEFAULTS.cpuType,
      memory: sizing?.memory ?? base.memory,
      osDisk: sizing?.osDisk ?? base.osDisk,
      // Secure Boot needs UEFI: OVMF (the spec refuses uefi: false beside it).
      uefi: sizing?.uefi ?? (platform.kind === "proxmox" && platform.secureBoot),
      nics,
      wireguard: node.wireguard ?? [],
      routingRules: node.routingRules ?? [],
      pciPassthrough: node.pciPassthrough ?? [],
      ...nodeSettings(spec.spec.roles?.[node.role], sizing, node),
      patches: node.patches ?? [],
    };
    // The first NIC carries the node network; without a static address there (DHCP) the
    // platform reports the address once the machine runs.
    const address = node.address ?? nics[0]?.address;
    if (address !== undefined) {
      model.address = address;
      model.ip = hostOf(address);
    }
    const schematic = node.class === undefined ? undefined : classSchematics.find((s) => s.classes.includes(node.class ?? ""));
    if (schematic !== undefined) model.schematic = schematic.name;
    if (sizing?.dataDisk !== undefined) model.dataDisk = sizing.dataDisk;
    if (platform.kind === "proxmox" && sizing?.dataDisk !== undefined && sizing.dataDiskVolume !== undefined) {
      model.userVolumes = withDataDiskVolume(model.userVolumes, sizing.dataDisk, sizing.dataDiskVolume);
    }
    if (sizing?.serverType !== undefined) model.serverType = sizing.serverType;
    if (node.vmId !== undefined) model.vmId = node.vmId;
    if (node.adopt !== undefined) model.adopt = node.adopt === true ? true : { serverId: node.adopt.serverId, primaryIpId: node.adopt.primaryIpId };
    if (node.installDisk !== undefined) model.installDisk = node.installDisk;
    const selector = node.installDiskSelector ?? (node.installDisk === undefined ? sizing?.installDiskSelector : undefined);
    if (selector !== undefined) model.installDiskSelector = Object.fromEntries(byKey({ ...selector }));
    const host = placement[index];
    if (host !== undefined && platform.kind === "proxmox") {
      model.host = host;
      model.datastore = platform.hosts.find((h) => h.name === host)?.datastore ?? PROXMOX_DEFAULTS.vmDatastore;
    }
    return model;
  });
}

/**
 * The node's NICs in order; without `networks`, one NIC with the node's address. What
 * identifies a NIC depends on the platform: a generated MAC on a Proxmox bridge, the spec's
 * MAC or link name on metal, nothing on hcloud (the cloud wires the private network).
 */
function normalizeNics(
  cluster: string,
  node: NodeSpec,
  network: NetworkModel,
  platform: PlatformModel,
  metalInterface: string | undefined,
): NicModel[] {
  const specs: NodeNicSpec[] = node.networks ?? [{ address: node.address ?? "dhcp" }];
  const logicalNames = logicalLinkNames(specs);
  return specs.map((nic, index) => {
    const model: NicModel = { routes: nic.routes ?? [] };
    const logicalName = logicalNames[index];
    if (platform.kind === "proxmox") {
      model.bridge = typeof nic.bridge === "string" ? nic.bridge : platform.bridge;
      // The VM's own MAC when the spec keeps one (a VM that exists), else a stable one.
      model.mac = nic.mac?.toLowerCase() ?? stableMac(cluster, node.name, index);
      if (nic.mac !== undefined) model.vmMac = nic.mac;
      if (nic.trunks !== undefined) model.trunks = [...nic.trunks].sort((a, b) => a - b);
      if (nic.model !== undefined) model.model = nic.model;
    } else if (platform.kind === "metal") {
      if (nic.bond !== undefined && logicalName !== undefined) model.bond = bondModel(index, logicalName, nic.bond);
      else if (typeof nic.bridge === "object" && logicalName !== undefined) model.linuxBridge = linuxBridgeModel(index, logicalName, nic.bridge);
      // Talos prints MACs in lower case (CEL mac()); compare like with like.
      else if (nic.mac !== undefined) model.mac = nic.mac.toLowerCase();
      else if (nic.selector !== undefined) model.selector = { ...nic.selector };
      const link = nic.interface ?? (index === 0 ? metalInterface : undefined);
      if (model.bond === undefined && model.linuxBridge === undefined && nic.mac === undefined && nic.selector === undefined && link !== undefined) model.link = link;
      if (nic.dhcpRouteMetric !== undefined) model.dhcpRouteMetric = nic.dhcpRouteMetric;
      if (nic.ipv6 !== undefined) model.ipv6 = nic.ipv6;
    }
    if (nic.address !== "dhcp") model.address = nic.address;
    if (nic.additionalAddresses !== undefined && nic.additionalAddresses.length > 0) model.additionalAddresses = [...nic.additionalAddresses];
    // The node network's gateway is the default route of the first NIC only.
    const gateway = nic.gateway ?? (index === 0 ? network.gateway : undefined);
    if (gateway !== undefined && nic.address !== "dhcp") model.gateway = gateway;
    if (nic.vlan !== undefined) model.vlan = nic.vlan;
    if (nic.mtu !== undefined) model.mtu = nic.mtu;
    return model;
  });
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
  const dataVolume: UserVolumeSpec = { name: volume.name, disk: `!system_disk && disk.size == ${sizeGiB}u * GiB`, minSize: "1GiB", grow: true, filesystem: volume.filesystem ?? "xfs" };
  if (volume.encryption !== undefined) dataVolume.encryption = volume.encryption;
  return [dataVolume, ...volumes];
}
