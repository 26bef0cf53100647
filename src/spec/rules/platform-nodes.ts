import { DEFAULT_POD_SUBNETS } from "../../catalog/defaults.js";
import { isArmServerType } from "../../model/server-types.js";
import { cidrContainsCidr, parseCidr } from "../../base/net/cidr.js";
import { formatIp, parseIp } from "../../base/net/ip.js";
import { displayPath, quote } from "../display-path.js";
import type { ClusterSpec, NodeSpec } from "../types.js";
import { specPath } from "./paths.js";
import { platformOf } from "./platform.js";
import type { Rule, RuleContext } from "./rule.js";

/**
 * What a node needs from its platform to be reachable and built: a server type and a static
 * private address on hcloud, a link Talos can find on metal, an address source on Proxmox.
 * (platform-fit.ts refuses the fields a platform ignores; this rule asks for the missing ones.)
 */
export const platformNodes: Rule = (ctx) => {
  switch (platformOf(ctx.spec)) {
    case "proxmox":
      return proxmoxNodes(ctx);
    case "hcloud":
      return hcloudNodes(ctx);
    case "metal":
      return metalNodes(ctx);
  }
};

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

function proxmoxNodes(ctx: RuleContext): void {
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
}

/** The schema's default for platform.hcloud.networkRange (the model applies the same). */
const DEFAULT_NETWORK_RANGE = "10.0.0.0/16";

/** Hetzner spread placement groups hold at most 10 servers (https://docs.hetzner.cloud/#placement-groups). */
const SPREAD_GROUP_LIMIT = 10;

function hcloudNodes(ctx: RuleContext): void {
  const s = ctx.spec.spec;
  const classes = s.nodeClasses ?? {};
  for (const [i, node] of s.nodes.entries()) {
    if (node.address === undefined) {
      ctx.report({
        code: "spec/missing-address",
        message: `nodes[${i}] (${quote(node.name)}) has no address`,
        path: specPath("nodes", i),
        at: "key",
        hint: "the server's private address in network.cidr, e.g. address: 10.0.1.11/24",
      });
    }
    if (node.class === undefined) {
      ctx.report({
        code: "spec/missing-class",
        message: `nodes[${i}] (${quote(node.name)}) has no class, so no server type`,
        path: specPath("nodes", i),
        at: "key",
        hint: "define a class with serverType (e.g. nodeClasses: { worker: { serverType: cx33 } }) and set class",
      });
    }
  }
  // Arm types (cax*) boot an arm snapshot: the tree finds one per architecture by the image
  // selector (hcloud_image with_architecture), but an image id names a single snapshot.
  const image = s.platform.hcloud?.image;
  for (const [name, cls] of Object.entries(classes)) {
    if (cls.serverType === undefined || !isArmServerType(cls.serverType) || image?.id === undefined) continue;
    ctx.report({
      code: "spec/unsupported-server-type",
      message: `nodeClasses.${name}.serverType ${quote(cls.serverType)} is an Arm server type, and platform.hcloud.image.id names one snapshot of one architecture`,
      path: specPath("nodeClasses", name, "serverType"),
      hint: "find the snapshots by label instead (platform.hcloud.image.selector): the tree then takes the x86 one for x86 servers and the arm one for cax servers",
    });
  }
  for (const role of ["controlplane", "worker"] as const) {
    const count = s.nodes.filter((n) => n.role === role).length;
    if (count > SPREAD_GROUP_LIMIT) {
      ctx.report({
        code: "spec/placement-group-limit",
        message: `${count} ${role} nodes do not fit one spread placement group (at most ${SPREAD_GROUP_LIMIT} servers)`,
        path: specPath("nodes"),
        at: "key",
      });
    }
  }
  // The first address of the private network is Hetzner's gateway (unless network.gateway
  // already names it: node-addresses.ts reports that one).
  const rangeText = s.platform.hcloud?.networkRange ?? DEFAULT_NETWORK_RANGE;
  const range = parseCidr(rangeText);
  if (range !== undefined) {
    const gateway = range.first + 1n;
    const named = s.network.gateway === undefined ? undefined : parseIp(s.network.gateway);
    for (const address of ctx.facts.nodeAddresses) {
      if (address.cidr.family !== range.family || address.cidr.address.value !== gateway) continue;
      if (named !== undefined && named.family === range.family && named.value === gateway) continue;
      ctx.report({
        code: "spec/reserved-address",
        message: `${displayPath(address.path)} ${formatIp(address.cidr.address)} is the gateway of the Hetzner private network ${rangeText}`,
        path: address.path,
      });
    }
  }
  // The cloud controller manager routes each node's pod range through the private network,
  // and Hetzner only routes destinations inside the network's range
  // (hcloud-cloud-controller-manager docs/deploy_with_networks.md, "Considerations on the IP Ranges").
  if (s.addons?.hcloudCcm !== undefined && range !== undefined) {
    const written = s.kubernetes?.podSubnets;
    for (const [k, text] of (written ?? DEFAULT_POD_SUBNETS).entries()) {
      const pods = parseCidr(text);
      if (pods === undefined || pods.family !== range.family || cidrContainsCidr(range, pods)) continue;
      // A default pod subnet has no place in the file: point at the add-on that needs routes.
      const path = written === undefined ? specPath("addons", "hcloudCcm") : specPath("kubernetes", "podSubnets", k);
      const subject = written === undefined ? `the default kubernetes.podSubnets ${text}` : `kubernetes.podSubnets[${k}] ${text}`;
      ctx.report({
        code: "spec/pods-outside-range",
        severity: "warning",
        message: `${subject} is outside platform.hcloud.networkRange ${rangeText}: the cloud controller manager cannot route it through the private network`,
        path,
        ...(written === undefined ? { at: "key" as const } : {}),
        hint: `widen platform.hcloud.networkRange (e.g. 10.0.0.0/8) so it holds the pod subnet, without a Hetzner subnet overlapping it`,
      });
    }
  }
  // Hetzner's network has its own gateway, and the servers take their routes from DHCP.
  if (s.network.gateway !== undefined) {
    ctx.report({
      code: "spec/platform-mismatch",
      severity: "warning",
      message: "network.gateway does not apply to the hcloud platform: the private network's gateway is Hetzner's",
      path: specPath("network", "gateway"),
      at: "key",
      hint: "remove it",
    });
  }
}

function metalNodes(ctx: RuleContext): void {
  const s = ctx.spec.spec;
  const defaultLink = s.platform.metal?.interface;
  for (const [i, node] of s.nodes.entries()) {
    // Without networks, the node's one NIC is the platform's default link.
    if (node.networks === undefined) {
      if (defaultLink === undefined) {
        ctx.report({
          code: "spec/missing-link",
          message: `nodes[${i}] (${quote(node.name)}) does not say which link carries its address`,
          path: specPath("nodes", i),
          at: "key",
          hint: "set platform.metal.interface (e.g. enp1s0) for every node, or networks: [{ mac: ..., address: ... }] for this one",
        });
      }
      continue;
    }
    for (const [k, nic] of node.networks.entries()) {
      const namesLink = nic.mac !== undefined || nic.interface !== undefined || nic.selector !== undefined || nic.bond !== undefined || typeof nic.bridge === "object";
      if (namesLink || (k === 0 && defaultLink !== undefined)) continue;
      ctx.report({
        code: "spec/missing-link",
        message: `nodes[${i}].networks[${k}] names no link: Talos needs its MAC address or its name`,
        path: specPath("nodes", i, "networks", k),
        hint: "add mac: aa:bb:cc:dd:ee:ff (found with talosctl get links --insecure) or interface: enp1s0",
      });
    }
  }
}
