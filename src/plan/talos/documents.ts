/**
 * Talos machine-config documents in their 1.13 forms. Talos 1.13 deprecates
 * machine.network, machine.registries and machine.time in favour of separate documents
 * (https://www.talos.dev/v1.13/reference/configuration/), which is what these build.
 */
import type { BondModel, LinuxBridgeModel, NetworkModel, RegistryMirrorModel } from "../../model/model.js";
import { SecretText } from "./secret-documents.js";
import { parseCidr } from "../../base/net/cidr.js";
import type {
  KubeSpanSpec,
  WireguardSpec,
  EphemeralVolumeSpec,
  StateEncryption,
  RoutingRuleSpec,
  StaticRouteSpec,
  SystemVolumes,
  UserVolumeSpec,
  VolumeEncryption,
} from "../../spec/types.js";

type Document = Record<string, unknown>;

/**
 * A static name needs auto: off; generated configs carry auto: stable, which conflicts.
 * The talos-cluster module builds this document for every node from its name (so a node
 * needs no patch file of its own just for it): `hostname` is then an HCL expression.
 */
export function hostnameConfig<T>(hostname: T) {
  return { apiVersion: "v1alpha1", kind: "HostnameConfig", auto: "off", hostname } as const;
}

/**
 * Names the NIC with a known MAC. Alias names must not look like kernel names (eth0, ens18),
 * and a fixed alias name must match exactly one link.
 */
export function linkAliasConfig(alias: string, mac: string): Document {
  return linkAliasMatching(alias, macMatch(mac));
}

/** The CEL expression of a link with this permanent MAC address (machinery celenv LinkLocator). */
export function macMatch(mac: string): string {
  return `mac(link.permanent_addr) == "${mac}"`;
}

/**
 * The CEL expression of a link with all of the selector's properties: its driver, bus path, and
 * a glob of its MAC (machinery celenv LinkLocator: link.driver, link.bus_path, glob(); the
 * LinkAliasConfig examples match by driver and by a MAC prefix glob). The values are checked
 * by the spec's patterns, so they hold no quote or backslash.
 */
export function selectorMatch(selector: { driver?: string; busPath?: string; macPattern?: string }): string {
  const terms: string[] = [];
  if (selector.driver !== undefined) terms.push(`link.driver == "${selector.driver}"`);
  if (selector.busPath !== undefined) terms.push(`link.bus_path == "${selector.busPath}"`);
  if (selector.macPattern !== undefined) terms.push(`glob("${selector.macPattern.toLowerCase()}", mac(link.permanent_addr))`);
  return terms.join(" && ");
}

/** Names the one link `match` selects (Talos v1.13 LinkAliasConfig). */
export function linkAliasMatching(alias: string, match: string): Document {
  return { apiVersion: "v1alpha1", kind: "LinkAliasConfig", name: alias, selector: { match } };
}

/** The shared API address, announced by the control plane that holds the etcd lease. */
export function layer2VipConfig(vip: string, link: string): Document {
  return { apiVersion: "v1alpha1", kind: "Layer2VIPConfig", name: vip, link };
}

/**
 * Nameservers and search domains (Talos v1.13 ResolverConfig; machinery config/types/network/
 * resolver.go: searchDomains.domains, searchDomains.disableDefault).
 */
export function resolverConfig(network: Pick<NetworkModel, "nameservers" | "searchDomains" | "disableDefaultSearchDomain">): Document | undefined {
  const document: Document = { apiVersion: "v1alpha1", kind: "ResolverConfig" };
  if (network.nameservers.length > 0) document["nameservers"] = network.nameservers.map((address) => ({ address }));
  const search: Document = {};
  if (network.searchDomains.length > 0) search["domains"] = [...network.searchDomains];
  if (network.disableDefaultSearchDomain) search["disableDefault"] = true;
  if (Object.keys(search).length > 0) document["searchDomains"] = search;
  return Object.keys(document).length > 2 ? document : undefined;
}

/** NTP servers and PTP clocks (a hypervisor's, e.g. /dev/ptp0 on KVM: docs talos/v1.13 time-sync.mdx). */
export function timeSyncConfig(servers: readonly string[], ptpDevices: readonly string[] = []): Document {
  return {
    apiVersion: "v1alpha1",
    kind: "TimeSyncConfig",
    ...(servers.length === 0 ? {} : { ntp: { servers: [...servers] } }),
    ...(ptpDevices.length === 0 ? {} : { ptp: { devices: [...ptpDevices] } }),
  };
}

export function registryMirrorConfig(mirror: RegistryMirrorModel): Document {
  const document: Document = {
    apiVersion: "v1alpha1",
    kind: "RegistryMirrorConfig",
    name: mirror.registry,
    endpoints: mirror.endpoints.map((url) => (mirror.overridePath ? { url, overridePath: true } : { url })),
  };
  if (mirror.skipFallback) document["skipFallback"] = true;
  return document;
}

/** Static addresses and routes of a physical link (or alias); Talos 1.13 LinkConfig. */
export function linkConfig(name: string, settings: LinkSettings): Document {
  return { apiVersion: "v1alpha1", kind: "LinkConfig", name, ...linkSettings(settings) };
}

/** A tagged VLAN on top of `parent`, with its own addresses and routes (VLANConfig). */
export function vlanConfig(name: string, parent: string, vlanId: number, settings: LinkSettings): Document {
  return { apiVersion: "v1alpha1", kind: "VLANConfig", name, vlanID: vlanId, parent, ...linkSettings(settings) };
}

/**
 * A bond over its member links (Talos v1.13 BondConfig, machinery config/types/network/bond.go:
 * links, bondMode, miimon, updelay, downdelay, lacpRate, xmitHashPolicy), with the bond's own
 * addresses and routes as on a LinkConfig.
 */
export function bondConfig(bond: BondModel, settings: LinkSettings): Document {
  const document: Document = { apiVersion: "v1alpha1", kind: "BondConfig", name: bond.name, links: bond.members.map((m) => m.link), bondMode: bond.mode };
  if (bond.miimon !== undefined) document["miimon"] = bond.miimon;
  if (bond.updelay !== undefined) document["updelay"] = bond.updelay;
  if (bond.downdelay !== undefined) document["downdelay"] = bond.downdelay;
  if (bond.hashPolicy !== undefined) document["xmitHashPolicy"] = bond.hashPolicy;
  if (bond.lacpRate !== undefined) document["lacpRate"] = bond.lacpRate;
  return { ...document, ...linkSettings(settings) };
}

/** A bridge over its member links (Talos v1.13 BridgeConfig: links, stp.enabled, vlan.filtering). */
export function bridgeConfig(bridge: LinuxBridgeModel, settings: LinkSettings): Document {
  const document: Document = { apiVersion: "v1alpha1", kind: "BridgeConfig", name: bridge.name, links: bridge.members.map((m) => m.link) };
  if (bridge.stp !== undefined) document["stp"] = { enabled: bridge.stp };
  if (bridge.vlanFiltering !== undefined) document["vlan"] = { filtering: bridge.vlanFiltering };
  return { ...document, ...linkSettings(settings) };
}

/**
 * DHCP on a link. `routeMetric` ranks the default route the lease brings: Talos gives every
 * route metric 1024 unless told (network DHCPv4Config.routeMetric, LinkConfig routes), and two
 * default routes with the same metric cannot both be installed.
 */
export function dhcpv4Config(link: string, routeMetric?: number): Document {
  return { apiVersion: "v1alpha1", kind: "DHCPv4Config", name: link, ...(routeMetric === undefined ? {} : { routeMetric }) };
}

/** DHCPv6 on a link (Talos v1.13 DHCPv6Config, machinery config/types/network/dhcp6.go). */
export function dhcpv6Config(link: string, routeMetric?: number): Document {
  return { apiVersion: "v1alpha1", kind: "DHCPv6Config", name: link, ...(routeMetric === undefined ? {} : { routeMetric }) };
}

export interface LinkSettings {
  up?: boolean;
  address?: string;
  /** More addresses after `address` (or without it, on a DHCP link). */
  additionalAddresses?: readonly string[];
  gateway?: string;
  mtu?: number;
  routes?: readonly StaticRouteSpec[];
}

function linkSettings(settings: LinkSettings): Document {
  const document: Document = {};
  if (settings.up !== undefined) document["up"] = settings.up;
  if (settings.mtu !== undefined) document["mtu"] = settings.mtu;
  const addresses = [...(settings.address === undefined ? [] : [settings.address]), ...(settings.additionalAddresses ?? [])];
  if (addresses.length > 0) document["addresses"] = addresses.map((address) => ({ address }));
  // A route without destination is the default route of the gateway's family; static routes
  // follow (Talos v1.13 LinkConfig routes: destination, gateway, metric).
  const routes: Document[] = settings.gateway === undefined ? [] : [{ gateway: settings.gateway }];
  for (const route of settings.routes ?? []) {
    routes.push({
      // A default route (0.0.0.0/0, ::/0) is written without destination: Talos refuses an
      // unspecified destination address and makes a route without one the default route of its
      // gateway's family (machinery config/types/network/link.go Validate, RouteConfig docs).
      ...(parseCidr(route.to)?.prefix === 0 ? {} : { destination: route.to }),
      gateway: route.via,
      ...(route.metric === undefined ? {} : { metric: route.metric }),
      // A string: machinery's RoutingTable reads its text form (nethelpers RoutingTableString: "1".."252", "main").
      ...(route.table === undefined ? {} : { table: String(route.table) }),
    });
  }
  if (routes.length > 0) document["routes"] = routes;
  return document;
}

/**
 * KubeSpan (Talos v1.13 KubeSpanConfig, machinery config/types/network/kubespan.go: enabled,
 * advertiseKubernetesNetworks, allowDownPeerBypass, mtu). A document without a name.
 */
export function kubeSpanConfig(kubespan: KubeSpanSpec): Document {
  return {
    apiVersion: "v1alpha1",
    kind: "KubeSpanConfig",
    enabled: true,
    ...(kubespan.advertiseKubernetesNetworks === undefined ? {} : { advertiseKubernetesNetworks: kubespan.advertiseKubernetesNetworks }),
    ...(kubespan.allowDownPeerBypass === undefined ? {} : { allowDownPeerBypass: kubespan.allowDownPeerBypass }),
    ...(kubespan.mtu === undefined ? {} : { mtu: kubespan.mtu }),
  };
}

/**
 * A policy routing rule (Talos v1.13 RoutingRuleConfig, machinery config/types/network/
 * routing_rule.go): the document's name is the rule's priority, `src`/`dst` match the packet,
 * `table` is where it is looked up (its text form, as for routes).
 */
export function routingRuleConfig(rule: RoutingRuleSpec): Document {
  return {
    apiVersion: "v1alpha1",
    kind: "RoutingRuleConfig",
    name: String(rule.priority),
    ...(rule.from === undefined ? {} : { src: rule.from }),
    ...(rule.to === undefined ? {} : { dst: rule.to }),
    table: String(rule.table),
  };
}

/**
 * A WireGuard tunnel (Talos v1.13 WireguardConfig, machinery config/types/network/wireguard.go:
 * privateKey, listenPort, peers with publicKey, presharedKey, endpoint, allowedIPs and
 * persistentKeepaliveInterval as a duration). The keys come from sensitive variables, so the
 * document is built in the root module (secret-documents.ts), never written to a file.
 */
export function wireguardConfig(tunnel: WireguardSpec): Document {
  const document: Document = { apiVersion: "v1alpha1", kind: "WireguardConfig", name: tunnel.name, privateKey: new SecretText(tunnel.privateKey.variable) };
  if (tunnel.listenPort !== undefined) document["listenPort"] = tunnel.listenPort;
  if (tunnel.peers !== undefined) {
    document["peers"] = tunnel.peers.map((peer) => ({
      publicKey: peer.publicKey,
      ...(peer.presharedKey === undefined ? {} : { presharedKey: new SecretText(peer.presharedKey.variable) }),
      ...(peer.endpoint === undefined ? {} : { endpoint: peer.endpoint }),
      allowedIPs: [...peer.allowedIPs],
      ...(peer.persistentKeepalive === undefined ? {} : { persistentKeepaliveInterval: `${peer.persistentKeepalive}s` }),
    }));
  }
  return { ...document, ...linkSettings({ up: true, address: tunnel.address, ...(tunnel.mtu === undefined ? {} : { mtu: tunnel.mtu }) }) };
}

/**
 * A user volume: a partition on the disk the CEL selector finds, formatted and mounted at
 * /var/mnt/<name> (Talos v1.13 UserVolumeConfig; docs talos/v1.13 configure-your-talos-cluster/
 * storage-and-disk-management/disk-management/user.mdx).
 */
export function userVolumeConfig(volume: UserVolumeSpec, keys: KeyOptions = NO_SECURE_BOOT): Document {
  return {
    apiVersion: "v1alpha1",
    kind: "UserVolumeConfig",
    name: volume.name,
    provisioning: provisioning(volume),
    ...(volume.filesystem === undefined ? {} : { filesystem: { type: volume.filesystem } }),
    ...(volume.encryption === undefined ? {} : { encryption: encryption(volume.encryption, keys) }),
  };
}

/**
 * STATE and EPHEMERAL as the node's VolumeConfig documents (Talos v1.13 VolumeConfig: STATE
 * takes only encryption, machinery config/types/block/volume_config.go Validate). Talos reads
 * them when it provisions the volume, at install (docs talos/v1.13 .../disk-management/system.mdx).
 */
export function systemVolumeConfigs(volumes: SystemVolumes, keys: KeyOptions = NO_SECURE_BOOT): Document[] {
  const documents: Document[] = [];
  const stateEncryption = volumes.state?.encryption;
  if (stateEncryption !== undefined) {
    documents.push({ apiVersion: "v1alpha1", kind: "VolumeConfig", name: "STATE", encryption: encryption(stateEncryption, keys) });
  }
  const ephemeral = volumes.ephemeral;
  if (ephemeral !== undefined) {
    const document: Document = { apiVersion: "v1alpha1", kind: "VolumeConfig", name: "EPHEMERAL" };
    const sizing = provisioning(ephemeral);
    if (Object.keys(sizing).length > 0) document["provisioning"] = sizing;
    if (ephemeral.encryption !== undefined) document["encryption"] = encryption(ephemeral.encryption, keys);
    documents.push(document);
  }
  return documents;
}

function provisioning(volume: EphemeralVolumeSpec): Document {
  const document: Document = {};
  if (volume.disk !== undefined) document["diskSelector"] = { match: volume.disk };
  if (volume.minSize !== undefined) document["minSize"] = volume.minSize;
  if (volume.maxSize !== undefined) document["maxSize"] = volume.maxSize;
  if (volume.grow !== undefined) document["grow"] = volume.grow;
  return document;
}

/** What a node's disk keys depend on beyond the spec's volumes. */
export interface KeyOptions {
  /** The machine boots with UEFI Secure Boot (PlatformPlan.secureBoot). */
  secureBoot: boolean;
}

const NO_SECURE_BOOT: KeyOptions = { secureBoot: false };

/**
 * LUKS2, one key per slot in the spec's order (Talos requires a slot on every key and the
 * luks2 provider: machinery config/types/block/encryption.go EncryptionSpec.Validate). The
 * empty objects are the key kinds: nodeID takes no value.
 *
 * A tpm key on a Secure Boot machine checks that Secure Boot is on before it seals: by default
 * Talos seals to PCR 7 whatever the firmware's state (v1.13.9 encryption.go EncryptionKeyTPM,
 * "defaults to PCR 7"), so a machine still in setup mode (keys never enrolled) would come up
 * without Secure Boot, and enrolling the keys later changes PCR 7 and locks STATE away. With
 * checkSecurebootStatusOnEnroll, internal/pkg/encryption/keys/tpm2.go refuses to enroll when
 * Secure Boot is off or in setup mode; the volume stays unprovisioned (a retryable error), the
 * node never comes up and the apply times out: fail closed, not open.
 */
function encryption(spec: VolumeEncryption | StateEncryption, keys: KeyOptions): Document {
  const lockToState = "lockToState" in spec && spec.lockToState === true;
  const tpm = keys.secureBoot ? { checkSecurebootStatusOnEnroll: true } : {};
  return {
    provider: "luks2",
    keys: spec.keys.map((key, slot) => ({
      slot,
      // A static passphrase comes from its sensitive variable (secret-documents.ts).
      ...(key === "tpm" ? { tpm } : typeof key === "string" ? { [key]: {} } : { static: { passphrase: new SecretText(key.static.variable) } }),
      ...(lockToState ? { lockToState: true } : {}),
    })),
  };
}
