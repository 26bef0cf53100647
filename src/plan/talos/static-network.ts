/**
 * The network of a machine whose addresses no platform gives (bare metal, or a Proxmox VM
 * installed from the metal ISO): no cloud-init or metadata service, so every NIC's addresses,
 * routes and VLANs, its bonds and bridges are configured here, with the Talos 1.13 documents
 * (https://www.talos.dev/v1.13/reference/configuration/network/).
 */
import type { ClusterModel, LinkMemberModel, NicModel, NodeModel } from "../../model/model.js";
import {
  bondConfig,
  bridgeConfig,
  dhcpv4Config,
  dhcpv6Config,
  layer2VipConfig,
  linkAliasConfig,
  linkAliasMatching,
  linkConfig,
  macMatch,
  routingRuleConfig,
  selectorMatch,
  vlanConfig,
  type LinkSettings,
} from "./documents.js";
import { carriesVip, nicAlias } from "./node-network.js";
import type { TalosDocument } from "../platform-part.js";

/**
 * The metric of a DHCP lease's default route beside a static default route: behind it (Talos
 * puts every route at 1024 unless told), so the node keeps one default route, the spec's.
 */
const DHCP_ROUTE_METRIC_BEHIND_STATIC = 2048;

export function staticNetworkDocuments(model: ClusterModel, node: NodeModel): TalosDocument[] {
  const documents: TalosDocument[] = [];
  const links: string[] = [];
  const dhcpMetric = node.nics.some((nic) => nic.gateway !== undefined) ? DHCP_ROUTE_METRIC_BEHIND_STATIC : undefined;
  const shared = sharedLinks(node.nics);
  node.nics.forEach((nic, index) => {
    const link = metalLink(nic, index, documents, shared);
    if (link === undefined) return; // the spec rules reject a NIC that names no link
    links.push(addressedLink(nic, link, documents, nic.dhcpRouteMetric ?? dhcpMetric, shared));
  });
  const vipLink = links[0];
  if (carriesVip(model, node) && vipLink !== undefined) documents.push(layer2VipConfig(model.endpoint.vip, vipLink));
  documents.push(...node.routingRules.map(routingRuleConfig));
  return documents;
}

/** How the NIC's link takes its addresses: the document that names it, with the settings added. */
interface MetalLink {
  name: string;
  configure(settings: LinkSettings): TalosDocument;
  /** A bond or bridge exists only through its document, so it is written even with no settings. */
  alwaysWritten: boolean;
}

/**
 * The NIC's link: a bond or bridge over its members, an alias bound to the spec's MAC, or the
 * spec's link name. Adds the aliases of the physical links it selects by MAC.
 */
/**
 * What the NICs of one node that share a physical link (its own NIC and VLANs on it, or
 * several VLANs) must write once: the alias of a MAC, and the parent link's document.
 */
interface SharedLinks {
  /** The alias of each link selector (a MAC, or driver, bus path and MAC pattern), by the first NIC that uses it. */
  aliasByMatch: Map<string, string>;
  /** Links some untagged NIC addresses: that NIC writes the parent's document. */
  addressed: Set<string>;
  /** Links some VLAN of the node sits on. */
  vlanParents: Set<string>;
  /** Parent documents already written (a trunk's VLANs). */
  written: Set<string>;
}

/** How a NIC that is not a bond or bridge selects its link by alias: its CEL match, if any. */
function linkMatch(nic: NicModel): string | undefined {
  if (nic.bond !== undefined || nic.linuxBridge !== undefined) return undefined;
  if (nic.mac !== undefined) return macMatch(nic.mac);
  return nic.selector === undefined ? undefined : selectorMatch(nic.selector);
}

function sharedLinks(nics: readonly NicModel[]): SharedLinks {
  const aliasByMatch = new Map<string, string>();
  nics.forEach((nic, index) => {
    const match = linkMatch(nic);
    if (match !== undefined && !aliasByMatch.has(match)) aliasByMatch.set(match, nicAlias(index));
  });
  const addressed = new Set<string>();
  const vlanParents = new Set<string>();
  for (const nic of nics) {
    if (nic.bond !== undefined || nic.linuxBridge !== undefined) continue;
    const match = linkMatch(nic);
    const name = match !== undefined ? aliasByMatch.get(match) : nic.link;
    if (name === undefined) continue;
    (nic.vlan === undefined ? addressed : vlanParents).add(name);
  }
  return { aliasByMatch, addressed, vlanParents, written: new Set() };
}

function metalLink(nic: NicModel, index: number, documents: TalosDocument[], shared: SharedLinks): MetalLink | undefined {
  const aliases = (members: readonly LinkMemberModel[]) => {
    for (const member of members) {
      if (member.mac !== undefined) documents.push(linkAliasConfig(member.link, member.mac));
      if (member.alias !== undefined) documents.push(linkAliasMatching(member.alias.name, selectorMatch(member.alias.selector)));
    }
  };
  if (nic.bond !== undefined) {
    const bond = nic.bond;
    aliases(bond.members);
    return { name: bond.name, configure: (settings) => bondConfig(bond, settings), alwaysWritten: true };
  }
  if (nic.linuxBridge !== undefined) {
    const bridge = nic.linuxBridge;
    aliases(bridge.members);
    return { name: bridge.name, configure: (settings) => bridgeConfig(bridge, settings), alwaysWritten: true };
  }
  const match = linkMatch(nic);
  const name = match !== undefined ? (shared.aliasByMatch.get(match) ?? nicAlias(index)) : nic.link;
  if (name === undefined) return undefined;
  // One alias per selector, written by the first NIC on it (a second alias of one link is refused).
  if (match !== undefined && name === nicAlias(index)) documents.push(linkAliasMatching(name, match));
  return { name, configure: (settings) => linkConfig(name, settings), alwaysWritten: false };
}

/** Adds the documents that address the NIC (on a VLAN if tagged) and returns the addressed link. */
function addressedLink(nic: NicModel, link: MetalLink, documents: TalosDocument[], dhcpMetric: number | undefined, shared: SharedLinks): string {
  const settings = {
    ...(nic.address === undefined ? {} : { address: nic.address }),
    ...(nic.additionalAddresses === undefined ? {} : { additionalAddresses: nic.additionalAddresses }),
    ...(nic.gateway === undefined ? {} : { gateway: nic.gateway }),
    ...(nic.mtu === undefined ? {} : { mtu: nic.mtu }),
    routes: nic.routes,
  };
  if (nic.vlan === undefined) {
    // A link that also carries VLANs is up whatever its own addressing (they need it up).
    if (link.alwaysWritten || shared.vlanParents.has(link.name)) documents.push(link.configure({ up: true, ...settings }));
    else if (nic.address !== undefined || nic.additionalAddresses !== undefined || nic.mtu !== undefined || nic.routes.length > 0)
      documents.push(link.configure(settings));
    shared.written.add(link.name);
    if (nic.address === undefined) documents.push(dhcpv4Config(link.name, dhcpMetric));
    // SLAAC needs nothing: Talos accepts router advertisements by default (machined
    // controllers/runtime/kernel_param_defaults.go: net.ipv6.conf.default.accept_ra 2).
    if (nic.ipv6 === "dhcp") documents.push(dhcpv6Config(link.name, dhcpMetric));
    return link.name;
  }
  const vlan = `${link.name}.${nic.vlan}`;
  // The parent's document is written once: by its own NIC when it has one (with its addresses),
  // else here, up and without addresses (it carries only tagged frames).
  if (!shared.addressed.has(link.name) && !shared.written.has(link.name)) {
    documents.push(link.configure({ up: true }));
    shared.written.add(link.name);
  }
  documents.push(vlanConfig(vlan, link.name, nic.vlan, settings));
  if (nic.address === undefined) documents.push(dhcpv4Config(vlan, dhcpMetric));
  if (nic.ipv6 === "dhcp") documents.push(dhcpv6Config(vlan, dhcpMetric));
  return vlan;
}
