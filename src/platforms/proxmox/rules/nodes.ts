import { quote } from "../../../spec/display-path.js";
import type { ClusterSpec, NodeSpec } from "../../../spec/types.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * What a node needs to be a Proxmox VM the tree can reach and build: a PCI device by resource
 * mapping, and an address source (a static address, or the QEMU guest agent reporting DHCP's).
 * (fit.ts refuses the fields this platform ignores; this rule asks for the missing ones.)
 */
const GUEST_AGENT = "siderolabs/qemu-guest-agent";

/** The extensions the schematic will carry: the spec's list, else the default (the guest agent). */
function hasGuestAgent(spec: ClusterSpec): boolean {
  return spec.spec.talos?.schematic?.extensions?.includes(GUEST_AGENT) ?? true;
}

function firstNicIsDhcp(node: NodeSpec): boolean {
  return node.address === undefined && (node.networks?.[0]?.address ?? "dhcp") === "dhcp";
}

/** A raw host PCI address such as 0000:01:00.0 (a resource mapping has a name instead). */
const RAW_PCI_ID = /^(?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]$/;

export const proxmoxNodes: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const agent = hasGuestAgent(ctx.spec);
  const firstControlPlane = s.nodes.findIndex((n) => n.role === "controlplane");
  s.nodes.forEach((node, i) => {
    node.pciPassthrough?.forEach((device, k) => {
      if (!RAW_PCI_ID.test(device)) return;
      // Proxmox sets a non-mapped hostpci only for root@pam logged in with a password or ticket,
      // never for an API token, which is how the tree authenticates (bpg/proxmox v0.111.1
      // docs/resources/virtual_environment_vm.md, hostpci.id; qemu-server PVE/API2/Qemu.pm
      // check_hostpci_perm: "only root can set ... for non-mapped devices").
      ctx.report({
        code: "spec/pci-needs-mapping",
        message: `nodes[${i}].pciPassthrough[${k}] ${quote(device)} is a raw PCI address: Proxmox attaches one only for root@pam with a password, and the tree authenticates with an API token`,
        path: specPath("nodes", i, "pciPassthrough", k),
        hint: "create a resource mapping for the device (Datacenter > Resource Mappings > PCI Devices) and give its name here",
      });
    });
    if (!firstNicIsDhcp(node)) return;
    const path = node.networks === undefined ? specPath("nodes", i) : specPath("nodes", i, "networks", 0, "address");
    if (node.role === "controlplane" && s.endpoint.vip !== undefined) {
      // The node holding the VIP has two IPv4 addresses on that NIC, and the guest agent may
      // report the VIP as the node's address; etcd also advertises an address that moves with
      // each new lease (Talos etcd.advertisedSubnets picks the node-network address).
      ctx.report({
        code: "spec/dhcp-control-plane",
        message: `nodes[${i}] (${quote(node.name)}) is a control plane that takes its address from DHCP while the API endpoint is a VIP: the node holding the VIP may be known by the VIP, and etcd's address moves with the lease`,
        path,
        hint: "give control planes static addresses (a DHCP reservation with the same address in the spec works)",
      });
    }
    // With DHCP the only source of the address Talos is applied to is the QEMU guest agent
    // (proxmox_virtual_environment_vm.ipv4_addresses), which needs the extension in the image.
    if (!agent) {
      ctx.report({
        code: "spec/dhcp-without-guest-agent",
        message: `nodes[${i}] (${quote(node.name)}) takes its address from DHCP, but the image has no QEMU guest agent to report it`,
        path,
        hint: `add ${GUEST_AGENT} to talos.schematic.extensions, or give the node a static address`,
      });
    }
    if (i === firstControlPlane && s.endpoint.vip === undefined && s.endpoint.host === undefined) {
      ctx.report({
        code: "spec/missing-address",
        message: `nodes[${i}] (${quote(node.name)}) is the Kubernetes API endpoint (no endpoint.vip or endpoint.host) but has no static address`,
        path,
        hint: "set endpoint.vip or endpoint.host, or give the first control plane a static address",
      });
    }
  });
};
