import type { ClusterSpec, NodeNicSpec, NodeSpec } from "../spec/types.js";
import type { ClassSchematicModel, NetworkModel, NicModel, NodeModel } from "./model.js";
import type { NormalizedPlatform } from "./platform-part.js";
import { PROXMOX_DEFAULTS, ROLE_SIZING, SPEC_DEFAULTS } from "../catalog/defaults.js";
import { logicalLinkNames } from "../catalog/talos-links.js";
import { byKey } from "../base/compare.js";
import { hostOf } from "../base/net/cidr.js";
import { nodeSettings } from "./kubernetes-settings.js";

/** Nodes in spec order, sized from their class, with their NICs; the platform adds its own fields. */
export function normalizeNodes(
  spec: ClusterSpec,
  network: NetworkModel,
  platform: NormalizedPlatform,
  classSchematics: readonly ClassSchematicModel[] = [],
): NodeModel[] {
  const classes = spec.spec.nodeClasses ?? {};
  return spec.spec.nodes.map((node, index) => {
    const sizing = node.class !== undefined ? classes[node.class] : undefined;
    const base = ROLE_SIZING[node.role];
    const nics = normalizeNics(node, network, platform);
    const model: NodeModel = {
      name: node.name,
      role: node.role,
      cpu: sizing?.cpu ?? base.cpu,
      cpuType: sizing?.cpuType ?? PROXMOX_DEFAULTS.cpuType,
      memory: sizing?.memory ?? base.memory,
      osDisk: sizing?.osDisk ?? base.osDisk,
      uefi: sizing?.uefi ?? SPEC_DEFAULTS.NodeClassSpec.uefi,
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
    if (node.adopt !== undefined) model.adopt = node.adopt === true ? true : { serverId: node.adopt.serverId, primaryIpId: node.adopt.primaryIpId };
    if (node.installDisk !== undefined) model.installDisk = node.installDisk;
    if (node.nameservers !== undefined) model.nameservers = [...node.nameservers];
    const selector = node.installDiskSelector ?? (node.installDisk === undefined ? sizing?.installDiskSelector : undefined);
    if (selector !== undefined) model.installDiskSelector = Object.fromEntries(byKey({ ...selector }));
    platform.node(model, node, index, sizing);
    return model;
  });
}

/**
 * The node's NICs in order; without `networks`, one NIC with the node's address. What
 * identifies a NIC is the platform's: a generated MAC on a Proxmox bridge, the spec's MAC or
 * link name on metal, nothing on hcloud (the cloud wires the private network).
 */
function normalizeNics(node: NodeSpec, network: NetworkModel, platform: NormalizedPlatform): NicModel[] {
  const specs: NodeNicSpec[] = node.networks ?? [{ address: node.address ?? "dhcp" }];
  const logicalNames = logicalLinkNames(specs);
  return specs.map((nic, index) => {
    const model: NicModel = { routes: nic.routes ?? [] };
    platform.nic(model, nic, index, node, logicalNames[index]);
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
