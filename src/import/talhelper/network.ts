/**
 * A talhelper node's networkInterfaces (Talos v1alpha1 Device entries) as the spec's
 * nodes[].networks: one NIC per device and one per VLAN, the link named by interface, MAC,
 * bond or bridge; the default route becomes the NIC's gateway, the others static routes; a
 * device's VIP becomes endpoint.vip. What the spec has no field for is reported.
 */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { BondMode, BondSpec, LinkMemberSpec, MetalBridgeSpec, NodeNicSpec, StaticRouteSpec, WireguardPeerSpec, WireguardSpec } from "../../spec/types.js";
import { isRecord, notCarried, numberAt, secretOrTextAt, stringAt, stringsAt, unsupported, type ImportContext } from "./context.js";
import type { TalDevice, TalRoute } from "./talconfig.js";

export interface ImportedNetworks {
  networks: NodeNicSpec[];
  /** WireGuard devices (the spec's nodes[].wireguard: tunnels beside the NICs). */
  wireguard: WireguardSpec[];
  /** The VIP a device announces (Layer2VIPConfig), with where it was written. */
  vip?: { ip: string; path: PathSegment[] };
}

const BOND_MODES: ReadonlySet<string> = new Set(["802.3ad", "active-backup", "balance-rr", "balance-xor", "broadcast", "balance-tlb", "balance-alb"]);
const HASH_POLICIES: ReadonlySet<string> = new Set(["layer2", "layer2+3", "layer3+4", "encap2+3", "encap3+4"]);
const DEFAULT_ROUTE = new Set(["0.0.0.0/0", ""]);

/** Device fields the import reads; any other is reported where it goes by hand. */
const DEVICE_FIELDS = new Set([
  "interface",
  "deviceSelector",
  "addresses",
  "routes",
  "bond",
  "bridge",
  "vlans",
  "mtu",
  "dhcp",
  "dhcpOptions",
  "vip",
  "wireguard",
]);

export function importNetworks(ctx: ImportContext, base: PathSegment[], value: unknown): ImportedNetworks {
  const out: ImportedNetworks = { networks: [], wireguard: [] };
  if (value === undefined || value === null) return out;
  if (!Array.isArray(value)) {
    unsupported(ctx, base, "networkInterfaces is not a list", "fix the talconfig first");
    return out;
  }
  value.forEach((raw, k) => {
    const path = [...base, k];
    if (!isRecord(raw)) return unsupported(ctx, path, "a networkInterfaces entry is not a map", "fix the talconfig first");
    const device = raw as TalDevice;
    for (const key of Object.keys(device)) {
      if (!DEVICE_FIELDS.has(key)) notCarried(ctx, [...path, key], "nodes[].patches (a machine.network.interfaces patch)");
    }
    if (isRecord(raw["wireguard"])) {
      const tunnel = importWireguard(ctx, path, raw, raw["wireguard"]);
      if (tunnel !== undefined) out.wireguard.push(tunnel);
      return;
    }
    const link = deviceLink(ctx, path, device);
    if (link === undefined) return;
    // A device that only carries VLANs (a trunk) has no address of its own: only its VLANs are NICs.
    const trunkOnly = device.addresses === undefined && device.dhcp !== true && Array.isArray(device.vlans);
    if (!trunkOnly) {
      const nic = addressing(ctx, path, device, { ...link });
      if (nic === undefined) return;
      out.networks.push(nic);
    } else {
      // A trunk's own settings: the spec's NICs are its VLANs, which carry their own.
      for (const key of ["mtu", "routes"] as const) {
        if (device[key] !== undefined) notCarried(ctx, [...path, key], "nodes[].patches (the trunk link's own LinkConfig, BondConfig or BridgeConfig)");
      }
    }
    const vip = stringAt(ctx, [...path, "vip", "ip"], device.vip?.ip);
    if (vip !== undefined) out.vip = { ip: vip, path: [...path, "vip", "ip"] };
    importVlans(ctx, path, device, link, !trunkOnly, out);
  });
  return out;
}

/**
 * A WireGuard device (v1alpha1 DeviceWireguardConfig: privateKey, listenPort, peers) as a
 * tunnel of the spec: its private key only as a sensitive variable (a ${VAR} of talenv), its
 * address the device's first, and its peers (publicKey, endpoint, allowedIPs, keepalive).
 */
function importWireguard(ctx: ImportContext, path: PathSegment[], device: Record<string, unknown>, wg: Record<string, unknown>): WireguardSpec | undefined {
  const name = stringAt(ctx, [...path, "interface"], device["interface"]);
  const [address, ...more] = stringsAt(ctx, [...path, "addresses"], device["addresses"]) ?? [];
  for (const key of Object.keys(wg)) {
    if (!["privateKey", "listenPort", "peers"].includes(key)) notCarried(ctx, [...path, "wireguard", key], "a WireguardConfig in nodes[].patches");
  }
  if (more.length > 0) notCarried(ctx, [...path, "addresses", 1], "nodes[].wireguard (one address per tunnel)");
  const key = secretOrTextAt(ctx, [...path, "wireguard", "privateKey"], wg["privateKey"]);
  if (name === undefined || address === undefined || !address.includes("/")) {
    unsupported(ctx, path, "a WireGuard device needs its interface name and an address with its prefix", "fix the talconfig first");
    return undefined;
  }
  if (typeof key !== "object") {
    unsupported(
      ctx,
      [...path, "wireguard", "privateKey"],
      key === undefined ? "the WireGuard device has no private key" : "the WireGuard private key is written in the talconfig",
      "the spec takes the key only from a sensitive variable: write ${NAME} in the talconfig (talenv) and import again",
    );
    return undefined;
  }
  const tunnel: WireguardSpec = { name, privateKey: key, address };
  const port = numberAt(ctx, [...path, "wireguard", "listenPort"], wg["listenPort"]);
  if (port !== undefined) tunnel.listenPort = port;
  const mtu = numberAt(ctx, [...path, "mtu"], device["mtu"]);
  if (mtu !== undefined) tunnel.mtu = mtu;
  const peers = (Array.isArray(wg["peers"]) ? wg["peers"] : []).flatMap((raw, p): WireguardPeerSpec[] => {
    const peerPath = [...path, "wireguard", "peers", p];
    if (!isRecord(raw)) return [];
    const publicKey = stringAt(ctx, [...peerPath, "publicKey"], raw["publicKey"]);
    const allowedIPs = stringsAt(ctx, [...peerPath, "allowedIPs"], raw["allowedIPs"]) ?? [];
    if (publicKey === undefined) return [];
    const peer: WireguardPeerSpec = { publicKey, allowedIPs };
    const endpoint = stringAt(ctx, [...peerPath, "endpoint"], raw["endpoint"]);
    if (endpoint !== undefined) peer.endpoint = endpoint;
    const keepalive = raw["persistentKeepaliveInterval"];
    const seconds = typeof keepalive === "number" ? keepalive : typeof keepalive === "string" ? Number(/^(\d+)s$/.exec(keepalive)?.[1] ?? NaN) : NaN;
    if (Number.isInteger(seconds)) peer.persistentKeepalive = seconds;
    for (const k of Object.keys(raw)) {
      if (!["publicKey", "allowedIPs", "endpoint", "persistentKeepaliveInterval"].includes(k))
        notCarried(ctx, [...peerPath, k], "a WireguardConfig in nodes[].patches");
    }
    return [peer];
  });
  if (peers.length > 0) tunnel.peers = peers;
  return tunnel;
}

/** How the device names its link: interface, MAC, bond or bridge. */
function deviceLink(ctx: ImportContext, path: PathSegment[], device: TalDevice): Partial<NodeNicSpec> | undefined {
  const nic: Partial<NodeNicSpec> = {};
  const name = stringAt(ctx, [...path, "interface"], device.interface);
  if (device.bond !== undefined) {
    const bond = importBond(ctx, [...path, "bond"], device.bond);
    if (bond === undefined) return undefined;
    nic.bond = name === undefined ? bond : { name, ...bond };
  } else if (device.bridge !== undefined) {
    const bridge = importBridge(ctx, [...path, "bridge"], device.bridge);
    if (bridge === undefined) return undefined;
    nic.bridge = name === undefined ? bridge : { name, ...bridge };
  } else if (device.deviceSelector !== undefined) {
    const selected = deviceSelector(ctx, [...path, "deviceSelector"], device.deviceSelector);
    if (selected === undefined) return undefined;
    Object.assign(nic, selected);
  } else if (name !== undefined) {
    nic.interface = name;
  } else {
    unsupported(ctx, path, "the device names no link (interface, deviceSelector, bond or bridge)", "fix the talconfig first");
    return undefined;
  }
  return nic;
}

/** Addresses, routes, MTU and DHCP of a device or a VLAN: what a NIC of the spec carries. */
function addressing(
  ctx: ImportContext,
  path: PathSegment[],
  source: {
    addresses?: unknown;
    routes?: unknown;
    mtu?: unknown;
    dhcp?: unknown;
    dhcpOptions?: { routeMetric?: unknown; ipv4?: unknown; ipv6?: unknown; duidv6?: unknown };
  },
  nic: Partial<NodeNicSpec>,
): NodeNicSpec | undefined {
  const addresses = stringsAt(ctx, [...path, "addresses"], source.addresses) ?? [];
  for (const [a, text] of addresses.entries()) {
    if (text.includes("/")) continue;
    unsupported(ctx, [...path, "addresses", a], `the address ${text} has no prefix length`, "write it with its prefix, e.g. 192.168.1.10/24");
    return undefined;
  }
  const [address, ...more] = addresses;
  // The first address is the NIC's (the node network's, on the first device); the others ride along.
  if (more.length > 0) nic.additionalAddresses = more;
  if (address !== undefined && source.dhcp !== true) {
    nic.address = address;
  } else if (source.dhcp === true) {
    if (address !== undefined) nic.additionalAddresses = addresses;
    nic.address = "dhcp";
    const metric = numberAt(ctx, [...path, "dhcpOptions", "routeMetric"], source.dhcpOptions?.routeMetric);
    if (metric !== undefined) nic.dhcpRouteMetric = metric;
    // v1alpha1 DHCPOptions: DHCPv4 unless ipv4: false, DHCPv6 too with ipv6: true.
    if (source.dhcpOptions?.ipv4 === false) {
      unsupported(
        ctx,
        [...path, "dhcpOptions", "ipv4"],
        "a link on DHCPv6 alone has no IPv4 address, which the spec's NIC needs",
        "give the link a static IPv4 address and ipv6: dhcp in the spec",
      );
      return undefined;
    }
    if (source.dhcpOptions?.ipv6 === true) nic.ipv6 = "dhcp";
    if (source.dhcpOptions?.duidv6 !== undefined) notCarried(ctx, [...path, "dhcpOptions", "duidv6"], "nodes[].patches (a DHCPv6Config with duidRaw)");
  } else {
    unsupported(ctx, path, "the device has neither an address nor dhcp: true", "give it its address, or dhcp: true");
    return undefined;
  }
  const mtu = numberAt(ctx, [...path, "mtu"], source.mtu);
  if (mtu !== undefined) nic.mtu = mtu;
  const routes = importRoutes(ctx, [...path, "routes"], source.routes);
  if (routes.gateway !== undefined) nic.gateway = routes.gateway;
  if (routes.routes.length > 0) nic.routes = routes.routes;
  return nic as NodeNicSpec;
}

function importRoutes(ctx: ImportContext, path: PathSegment[], value: unknown): { gateway?: string; routes: StaticRouteSpec[] } {
  const out: { gateway?: string; routes: StaticRouteSpec[] } = { routes: [] };
  if (value === undefined || value === null) return out;
  if (!Array.isArray(value)) {
    unsupported(ctx, path, "routes is not a list", "fix the talconfig first");
    return out;
  }
  value.forEach((raw, r) => {
    if (!isRecord(raw)) return;
    const route = raw as TalRoute;
    const network = stringAt(ctx, [...path, r, "network"], route.network) ?? "";
    const gateway = stringAt(ctx, [...path, r, "gateway"], route.gateway);
    const metric = numberAt(ctx, [...path, r, "metric"], route.metric);
    if (gateway === undefined) return notCarried(ctx, [...path, r], "nodes[].patches (a route without a gateway)");
    if (DEFAULT_ROUTE.has(network) && metric === undefined) {
      out.gateway = gateway;
      return;
    }
    out.routes.push({ to: network === "" ? "0.0.0.0/0" : network, via: gateway, ...(metric === undefined ? {} : { metric }) });
  });
  return out;
}

/**
 * A device's deviceSelector (v1alpha1 NetworkDeviceSelector): an exact hardware address is the
 * spec's `mac`; a driver, bus path or hardware address glob is its `selector`. `physical` (any
 * physical link) has no equivalent: the spec names one link.
 */
function deviceSelector(ctx: ImportContext, path: PathSegment[], selector: Record<string, unknown>): Pick<NodeNicSpec, "mac" | "selector"> | undefined {
  const others = Object.keys(selector).filter((key) => !["hardwareAddr", "driver", "busPath"].includes(key));
  if (others.length > 0) {
    unsupported(
      ctx,
      [...path, others[0] ?? ""],
      `the spec finds a link by its name, MAC address, driver or bus path, not by ${others[0] ?? ""}`,
      "name the link (interface: enp1s0), or select it by hardwareAddr, driver or busPath",
    );
    return undefined;
  }
  const mac = stringAt(ctx, [...path, "hardwareAddr"], selector["hardwareAddr"]);
  const driver = stringAt(ctx, [...path, "driver"], selector["driver"]);
  const busPath = stringAt(ctx, [...path, "busPath"], selector["busPath"]);
  if (mac !== undefined && driver === undefined && busPath === undefined && !/[*?]/.test(mac)) return { mac };
  return {
    selector: {
      ...(driver === undefined ? {} : { driver }),
      ...(busPath === undefined ? {} : { busPath }),
      ...(mac === undefined ? {} : { macPattern: mac }),
    },
  };
}

/**
 * A bond member's deviceSelector (v1alpha1 NetworkDeviceSelector): an exact hardware address is
 * the spec's member `mac`; a driver, bus path or hardware address glob finds however many links
 * match, all of which join (talhelper passes the selectors to Talos, which bonds every link that
 * matches): the spec's `selector` with `count: all`. `physical` (any physical link) has no
 * equivalent.
 */
function selectorMember(ctx: ImportContext, path: PathSegment[], selector: Record<string, unknown>): LinkMemberSpec | undefined {
  const others = Object.keys(selector).filter((key) => !["hardwareAddr", "driver", "busPath"].includes(key));
  if (others.length > 0) {
    unsupported(
      ctx,
      [...path, others[0] ?? ""],
      `the spec finds a member link by its MAC address, driver or bus path, not by ${others[0] ?? ""}`,
      "name the member links (interfaces: [enp1s0]), or select them by hardwareAddr, driver or busPath",
    );
    return undefined;
  }
  const mac = stringAt(ctx, [...path, "hardwareAddr"], selector["hardwareAddr"]);
  const driver = stringAt(ctx, [...path, "driver"], selector["driver"]);
  const busPath = stringAt(ctx, [...path, "busPath"], selector["busPath"]);
  if (mac !== undefined && driver === undefined && busPath === undefined && !/[*?]/.test(mac)) return { mac };
  if (mac === undefined && driver === undefined && busPath === undefined) {
    unsupported(ctx, path, "the member's deviceSelector selects nothing", "fix the talconfig first");
    return undefined;
  }
  return {
    selector: {
      ...(driver === undefined ? {} : { driver }),
      ...(busPath === undefined ? {} : { busPath }),
      ...(mac === undefined ? {} : { macPattern: mac }),
    },
    count: "all",
  };
}

function members(ctx: ImportContext, path: PathSegment[], interfaces: unknown, selectors: unknown): LinkMemberSpec[] | undefined {
  const out: LinkMemberSpec[] = (stringsAt(ctx, [...path, "interfaces"], interfaces) ?? []).map((name) => ({ interface: name }));
  if (Array.isArray(selectors)) {
    for (const [s, selector] of selectors.entries()) {
      if (!isRecord(selector)) continue;
      const member = selectorMember(ctx, [...path, "deviceSelectors", s], selector);
      if (member === undefined) return undefined;
      out.push(member);
    }
  }
  if (out.length === 0) {
    unsupported(ctx, path, "the bond or bridge has no member links", "list them under interfaces or deviceSelectors");
    return undefined;
  }
  return out;
}

function importBond(ctx: ImportContext, path: PathSegment[], bond: NonNullable<TalDevice["bond"]>): Omit<BondSpec, "name"> | undefined {
  const links = members(ctx, path, bond.interfaces, bond.deviceSelectors);
  const mode = stringAt(ctx, [...path, "mode"], bond.mode);
  if (links === undefined) return undefined;
  if (mode === undefined || !BOND_MODES.has(mode)) {
    unsupported(ctx, [...path, "mode"], `the bond mode ${mode ?? "(none)"} is not one the spec knows`, `one of ${[...BOND_MODES].join(", ")}`);
    return undefined;
  }
  const out: Omit<BondSpec, "name"> = { mode: mode as BondMode, members: links };
  const lacpRate = stringAt(ctx, [...path, "lacpRate"], bond.lacpRate);
  if (lacpRate === "slow" || lacpRate === "fast") out.lacpRate = lacpRate;
  const hash = stringAt(ctx, [...path, "xmitHashPolicy"], bond.xmitHashPolicy);
  if (hash !== undefined && HASH_POLICIES.has(hash)) out.hashPolicy = hash as NonNullable<BondSpec["hashPolicy"]>;
  for (const key of ["miimon", "updelay", "downdelay"] as const) {
    const n = numberAt(ctx, [...path, key], bond[key]);
    if (n !== undefined) out[key] = n;
  }
  for (const key of Object.keys(bond)) {
    if (!["interfaces", "deviceSelectors", "mode", "lacpRate", "xmitHashPolicy", "miimon", "updelay", "downdelay"].includes(key))
      notCarried(ctx, [...path, key], "nodes[].patches (a BondConfig field the spec does not type)");
  }
  return out;
}

function importBridge(ctx: ImportContext, path: PathSegment[], bridge: NonNullable<TalDevice["bridge"]>): Omit<MetalBridgeSpec, "name"> | undefined {
  const links = members(ctx, path, bridge.interfaces, undefined);
  if (links === undefined) return undefined;
  const out: Omit<MetalBridgeSpec, "name"> = { members: links };
  if (bridge.stp?.enabled === true) out.stp = true;
  if (bridge.vlan?.vlanFiltering === true) out.vlanFiltering = true;
  return out;
}

/**
 * Each VLAN of a device: a NIC of the spec on the same link, tagged. On a bond or bridge, the
 * first NIC that names it defines it (the device's own, or its first VLAN on a trunk) and the
 * others name it by its name (a VLANConfig's parent).
 */
function importVlans(
  ctx: ImportContext,
  path: PathSegment[],
  device: TalDevice,
  parent: Partial<NodeNicSpec>,
  parentDefined: boolean,
  out: ImportedNetworks,
): void {
  if (!Array.isArray(device.vlans)) return;
  const group = parent.bond ?? (typeof parent.bridge === "object" ? parent.bridge : undefined);
  if (group !== undefined && group.name === undefined) {
    notCarried(ctx, [...path, "vlans"], "nodes[].networks[] with vlan, once the bond or bridge has a name (interface: bond0)");
    return;
  }
  let defined = parentDefined;
  device.vlans.forEach((raw, v) => {
    const vlanPath = [...path, "vlans", v];
    if (!isRecord(raw)) return;
    const id = numberAt(ctx, [...vlanPath, "vlanId"], raw["vlanId"]);
    if (id === undefined) return;
    const link: Partial<NodeNicSpec> =
      group !== undefined
        ? defined
          ? { interface: group.name ?? "" }
          : { ...parent }
        : parent.mac !== undefined
          ? { mac: parent.mac }
          : parent.selector !== undefined
            ? { selector: parent.selector }
            : { interface: parent.interface ?? "" };
    const nic = addressing(ctx, vlanPath, raw, { ...link, vlan: id });
    if (nic === undefined) return;
    out.networks.push(nic);
    defined = true;
    const vip = stringAt(ctx, [...vlanPath, "vip", "ip"], isRecord(raw["vip"]) ? raw["vip"]["ip"] : undefined);
    if (vip !== undefined) out.vip = { ip: vip, path: [...vlanPath, "vip", "ip"] };
  });
}
