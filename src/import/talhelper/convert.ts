/**
 * talhelper's talconfig.yaml as a talos-hclgen spec for the metal platform: the cluster's
 * settings, every node (role, links and addresses, install disk, labels, taints, annotations,
 * patches), the image schematic when the nodes share one, and `talos.secrets: import`, since a
 * talhelper cluster runs with the secrets of its talsecret (docs/migrating.md). Where each
 * field goes is docs/talhelper-fields.md; a field with no place in the spec is reported at its
 * line, with where to write it by hand.
 */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { formatNetwork, parseCidr } from "../../base/net/cidr.js";
import { parseIp } from "../../base/net/ip.js";
import type { ClusterSpec, ClusterSpecBody, InstallDiskSelector, NodeSettingsSpec, NodeSpec, TalosPatch } from "../../spec/types.js";
import { errorCount, isRecord, notCarried, report, stringAt, stringMapAt, stringsAt, unsupported, type ImportContext } from "./context.js";
import { NEWEST_CONTRACT } from "../../catalog/defaults.js";
import { compareMinors, minorOf } from "../../base/versions.js";
import { importNetworks } from "./network.js";
import { importPatches } from "./patches.js";
import { importSchematic, type ImportedSchematic } from "./schematic.js";
import { importExtensionServices, importKernelModules, importMachineFiles } from "./machine-settings.js";
import type { TalConfig } from "./talconfig.js";

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** talconfig fields (cluster level) the import reads; the rest are reported with where they go. */
const CLUSTER_DESTINATIONS: Readonly<Record<string, string | null>> = {
  clusterName: null,
  talosVersion: null,
  kubernetesVersion: null,
  endpoint: null,
  domain: null,
  allowSchedulingOnMasters: null,
  allowSchedulingOnControlPlanes: null,
  additionalMachineCertSans: null,
  additionalApiServerCertSans: null,
  clusterPodNets: null,
  clusterSvcNets: null,
  cniConfig: null,
  patches: null,
  nodes: null,
  imageFactory: null,
  controlPlane: null,
  worker: null,
  inlineManifests: "kubernetes.inlineManifests",
};

/** Node and node group fields: null when read, else where they go by hand. */
const NODE_DESTINATIONS: Readonly<Record<string, string | null>> = {
  hostname: null,
  ipAddress: null,
  controlPlane: null,
  installDisk: null,
  installDiskSelector: null,
  nodeLabels: null,
  nodeAnnotations: null,
  nodeTaints: null,
  networkInterfaces: null,
  nameservers: null,
  patches: null,
  schematic: null,
  extraManifests: null,
  certSANs: null,
  disableSearchDomain: null,
  noSchematicValidate: null,
  machineSpec: null,
  kernelModules: null,
  machineFiles: null,
  extensionServices: null,
  ignoreHostname: "nothing: the tree always sets the hostname",
  overridePatches: "the spec's fixed layering (common, role, node)",
  overrideExtraManifests: "kubernetes.extraManifests",
  overrideMachineCertSANs: "nodes[].certSANs",
  machineDisks: "nodes[].userVolumes",

  talosImageURL: "machine.install.image in nodes[].patches",
  ingressFirewall: "network.firewall",
  volumes: "nodes[].volumes",
  userVolumes: "nodes[].userVolumes",
  sysctls: "nodes[].sysctls",
  kubelet: "nodes[].kubelet",
};

const INSTALL_SELECTOR_FIELDS = ["size", "model", "serial", "wwid", "busPath", "type"] as const;

export function convertTalconfig(ctx: ImportContext, config: TalConfig): ClusterSpec | undefined {
  for (const key of Object.keys(config)) {
    const destination = CLUSTER_DESTINATIONS[key];
    if (destination === undefined) notCarried(ctx, [key], "a patch in patches.common, if talhelper knows it");
    else if (destination !== null) notCarried(ctx, [key], destination);
  }
  const name = stringAt(ctx, ["clusterName"], config.clusterName);
  if (name === undefined || !DNS_LABEL.test(name)) {
    unsupported(
      ctx,
      ["clusterName"],
      `the cluster name ${name ?? "(none)"} is not a DNS label`,
      "use lower-case letters, digits and '-': it names the cluster in the spec, its tree and its state",
    );
  }
  const body: Partial<ClusterSpecBody> = {};

  const talosVersion = stringAt(ctx, ["talosVersion"], config.talosVersion);
  if (talosVersion !== undefined) contractChange(ctx, withV(talosVersion));
  // `talos.secrets: import`: a talhelper cluster runs; its talsecret is the secrets bundle.
  body.talos = { ...(talosVersion === undefined ? {} : { version: withV(talosVersion) }), secrets: "import" };
  const kubernetes = importKubernetes(ctx, config);
  if (Object.keys(kubernetes).length > 0) body.kubernetes = kubernetes;

  const roles = {
    controlplane: importGroup(ctx, ["controlPlane"], config.controlPlane),
    worker: importGroup(ctx, ["worker"], config.worker),
  };
  // Every part is read even when one fails, so that one run reports every problem.
  const nodes = importNodes(ctx, config.nodes) ?? [];

  const schematic = commonSchematic(ctx, nodes, roles, config);
  if (
    schematic !== undefined &&
    (schematic.extensions.length > 0 || schematic.extraKernelArgs.length > 0 || schematic.overlay !== undefined || schematic.meta !== undefined)
  ) {
    body.talos.schematic = {
      ...(schematic.extensions.length > 0 ? { extensions: schematic.extensions } : {}),
      ...(schematic.extraKernelArgs.length > 0 ? { extraKernelArgs: schematic.extraKernelArgs } : {}),
      ...(schematic.overlay === undefined ? {} : { overlay: schematic.overlay }),
      ...(schematic.meta === undefined ? {} : { meta: schematic.meta }),
    };
  }
  const installDisks = new Set(nodes.map((n) => n.spec.installDisk));
  const [sharedDisk] = installDisks;
  if (installDisks.size === 1 && sharedDisk !== undefined) {
    body.talos.installDisk = sharedDisk;
    for (const node of nodes) delete node.spec.installDisk;
  }

  const endpoint = importEndpoint(ctx, config.endpoint, nodes);
  const network = nodes.length === 0 ? undefined : importNetwork(ctx, nodes);
  body.platform = { metal: metalBoot(ctx, nodes, schematic) };
  // arm64 machines are a node class of their own (its boot media are arm64; the installer serves both).
  const arm64 = nodes.filter((n) => n.machine.arch === "arm64");
  if (arm64.length > 0) {
    body.nodeClasses = { arm64: { arch: "arm64" } };
    for (const node of arm64) node.spec.class = "arm64";
  }

  const cni = importCni(ctx, config.cniConfig);
  if (cni !== undefined) body.cni = cni;
  const patches = {
    common: importPatches(ctx, ["patches"], config.patches),
    controlplane: roles.controlplane.patches,
    worker: roles.worker.patches,
  };
  if (patches.common.length + patches.controlplane.length + patches.worker.length > 0) {
    body.patches = Object.fromEntries(Object.entries(patches).filter(([, list]) => list.length > 0));
  }
  const roleSettings = Object.fromEntries(
    (["controlplane", "worker"] as const).flatMap((role) => (Object.keys(roles[role].settings).length > 0 ? [[role, roles[role].settings]] : [])),
  );
  if (Object.keys(roleSettings).length > 0) body.roles = roleSettings;
  const extraManifests = [...roles.controlplane.extraManifests, ...nodes.flatMap((n) => n.extraManifests)];
  if (extraManifests.length > 0) (body.kubernetes ??= {}).extraManifests = [...new Set(extraManifests)];
  body.nodes = nodes.map((n) => n.spec);

  if (name === undefined || !DNS_LABEL.test(name) || endpoint === undefined || network === undefined || errorCount(ctx) > 0) return undefined;
  body.endpoint = endpoint;
  body.network = network;
  return { apiVersion: "talos-hclgen/v1", kind: "Cluster", metadata: { name }, spec: body as ClusterSpecBody };
}

function withV(version: string): string {
  return version.startsWith("v") ? version : `v${version}`;
}

function importKubernetes(ctx: ImportContext, config: TalConfig): NonNullable<ClusterSpecBody["kubernetes"]> {
  const out: NonNullable<ClusterSpecBody["kubernetes"]> = {};
  const version = stringAt(ctx, ["kubernetesVersion"], config.kubernetesVersion);
  if (version !== undefined) out.version = withV(version);
  const pods = stringsAt(ctx, ["clusterPodNets"], config.clusterPodNets);
  if (pods !== undefined) out.podSubnets = pods;
  const services = stringsAt(ctx, ["clusterSvcNets"], config.clusterSvcNets);
  if (services !== undefined) out.serviceSubnets = services;
  const domain = stringAt(ctx, ["domain"], config.domain);
  if (domain !== undefined && domain !== "cluster.local") out.dnsDomain = domain;
  if (config.allowSchedulingOnControlPlanes === true || config.allowSchedulingOnMasters === true) out.allowSchedulingOnControlPlanes = true;
  const sans = stringsAt(ctx, ["additionalApiServerCertSans"], config.additionalApiServerCertSans);
  if (sans !== undefined && sans.length > 0) out.apiServer = { certSANs: sans };
  return out;
}

interface ImportedGroup {
  settings: NodeSettingsSpec;
  patches: TalosPatch[];
  extraManifests: string[];
  schematic?: ImportedSchematic;
}

/** talconfig's controlPlane: and worker: settings, which talhelper applies to every node of the role. */
function importGroup(ctx: ImportContext, path: PathSegment[], value: unknown): ImportedGroup {
  const out: ImportedGroup = { settings: {}, patches: [], extraManifests: [] };
  if (value === undefined || value === null) return out;
  if (!isRecord(value)) {
    unsupported(ctx, path, `${String(path[0])} is not a map`, "fix the talconfig first");
    return out;
  }
  reportUnread(
    ctx,
    path,
    value,
    new Set([
      "nodeLabels",
      "nodeAnnotations",
      "nodeTaints",
      "patches",
      "extraManifests",
      "schematic",
      "certSANs",
      "kernelModules",
      "machineFiles",
      "extensionServices",
    ]),
  );
  Object.assign(out.settings, nodeSettings(ctx, path, value));
  out.patches = importPatches(ctx, [...path, "patches"], value["patches"]);
  out.extraManifests = stringsAt(ctx, [...path, "extraManifests"], value["extraManifests"]) ?? [];
  const schematic = importSchematic(ctx, [...path, "schematic"], value["schematic"]);
  if (schematic !== undefined) out.schematic = schematic;
  return out;
}

/** Labels, annotations, taints and machine certificate SANs: the spec's per-node settings. */
function nodeSettings(ctx: ImportContext, path: PathSegment[], value: Record<string, unknown>): NodeSettingsSpec {
  const out: NodeSettingsSpec = {};
  const labels = stringMapAt(ctx, [...path, "nodeLabels"], value["nodeLabels"]);
  if (labels !== undefined && Object.keys(labels).length > 0) out.labels = labels;
  const annotations = stringMapAt(ctx, [...path, "nodeAnnotations"], value["nodeAnnotations"]);
  if (annotations !== undefined && Object.keys(annotations).length > 0) out.annotations = annotations;
  const taints = stringMapAt(ctx, [...path, "nodeTaints"], value["nodeTaints"]);
  if (taints !== undefined && Object.keys(taints).length > 0) out.taints = taints;
  const sans = stringsAt(ctx, [...path, "certSANs"], value["certSANs"]);
  if (sans !== undefined && sans.length > 0) out.certSANs = sans;
  const modules = importKernelModules(ctx, [...path, "kernelModules"], value["kernelModules"]);
  if (modules.length > 0) out.kernelModules = modules;
  const files = importMachineFiles(ctx, [...path, "machineFiles"], value["machineFiles"]);
  if (files.length > 0) out.files = files;
  const services = importExtensionServices(ctx, [...path, "extensionServices"], value["extensionServices"]);
  if (services.length > 0) out.extensionServices = services;
  return out;
}

function reportUnread(ctx: ImportContext, path: PathSegment[], value: Record<string, unknown>, read: ReadonlySet<string>): void {
  for (const key of Object.keys(value)) {
    if (read.has(key) || key === "noSchematicValidate") continue;
    const destination = NODE_DESTINATIONS[key];
    notCarried(ctx, [...path, key], destination ?? "a node patch, if talhelper knows it");
  }
}

interface ImportedNode {
  spec: NodeSpec;
  path: PathSegment[];
  /** The address talhelper reaches the node at (ipAddress). */
  reachedAt?: string;
  vip?: { ip: string; path: PathSegment[] };
  nameservers?: string[];
  disableSearchDomain: boolean;
  schematic?: ImportedSchematic;
  extraManifests: string[];
  machine: { arch: "amd64" | "arm64"; secureBoot: boolean; uki: boolean };
}

function importNodes(ctx: ImportContext, value: unknown): ImportedNode[] | undefined {
  if (!Array.isArray(value) || value.length === 0) {
    unsupported(ctx, ["nodes"], "the talconfig lists no nodes", "a talconfig names its nodes under nodes:");
    return undefined;
  }
  const out: ImportedNode[] = [];
  value.forEach((raw, i) => {
    const path: PathSegment[] = ["nodes", i];
    if (!isRecord(raw)) return unsupported(ctx, path, "a node is not a map", "fix the talconfig first");
    const node = importNode(ctx, path, raw);
    if (node !== undefined) out.push(node);
  });
  return out;
}

function importNode(ctx: ImportContext, path: PathSegment[], raw: Record<string, unknown>): ImportedNode | undefined {
  reportUnread(
    ctx,
    path,
    raw,
    new Set(
      Object.entries(NODE_DESTINATIONS)
        .filter(([, d]) => d === null)
        .map(([k]) => k),
    ),
  );
  const hostname = stringAt(ctx, [...path, "hostname"], raw["hostname"]);
  if (hostname === undefined || !DNS_LABEL.test(hostname)) {
    // The hostname is the Kubernetes node name: shortening it would register a new node.
    unsupported(
      ctx,
      [...path, "hostname"],
      `the hostname ${hostname ?? "(none)"} is not a DNS label`,
      "the spec names nodes by DNS labels, and a node's name is its hostname: rename the node in the talconfig first (a new Kubernetes node) or keep it with talhelper",
    );
    return undefined;
  }
  const spec: NodeSpec = { name: hostname, role: raw["controlPlane"] === true ? "controlplane" : "worker" };
  const installDisk = stringAt(ctx, [...path, "installDisk"], raw["installDisk"]);
  if (installDisk !== undefined) spec.installDisk = installDisk;
  const selector = installSelector(ctx, [...path, "installDiskSelector"], raw["installDiskSelector"]);
  if (selector !== undefined) spec.installDiskSelector = selector;

  const errorsBefore = errorCount(ctx);
  const networks = importNetworks(ctx, [...path, "networkInterfaces"], raw["networkInterfaces"]);
  const reachedAt = stringAt(ctx, [...path, "ipAddress"], raw["ipAddress"]);
  // A device the import refused has said so; no second error for the address it would have had.
  if (errorCount(ctx) > errorsBefore) return undefined;
  const first = networks.networks[0];
  if (first === undefined || first.address === "dhcp") {
    unsupported(
      ctx,
      [...path, first === undefined ? "hostname" : "networkInterfaces"],
      `the node ${hostname} has no static address in networkInterfaces`,
      "the tree configures a metal machine at its static address: write the address its DHCP reservation gives under networkInterfaces (addresses: [ip/prefix]), or keep the node with talhelper",
    );
    return undefined;
  }
  spec.networks = networks.networks;
  if (reachedAt !== undefined && !reachedAt.split(",").some((ip) => first.address.startsWith(`${ip.trim()}/`))) {
    unsupported(
      ctx,
      [...path, "ipAddress"],
      `the node is reached at ${reachedAt}, not at its first address ${first.address}`,
      "the tree applies the configuration at the first NIC's address: list that device first",
    );
    return undefined;
  }
  Object.assign(spec, nodeSettings(ctx, path, raw));
  const patches = importPatches(ctx, [...path, "patches"], raw["patches"]);
  if (patches.length > 0) spec.patches = patches;

  const out: ImportedNode = {
    spec,
    path,
    disableSearchDomain: raw["disableSearchDomain"] === true,
    extraManifests: stringsAt(ctx, [...path, "extraManifests"], raw["extraManifests"]) ?? [],
    machine: { arch: "amd64", secureBoot: false, uki: false },
  };
  if (reachedAt !== undefined) out.reachedAt = reachedAt;
  if (networks.vip !== undefined) out.vip = networks.vip;
  const nameservers = stringsAt(ctx, [...path, "nameservers"], raw["nameservers"]);
  if (nameservers !== undefined) out.nameservers = nameservers;
  const schematic = importSchematic(ctx, [...path, "schematic"], raw["schematic"]);
  if (schematic !== undefined) out.schematic = schematic;
  out.machine = importMachineSpec(ctx, [...path, "machineSpec"], raw["machineSpec"]);
  return out;
}

/** talhelper's machineSpec: the node's architecture and how it boots (its boot media). */
function importMachineSpec(ctx: ImportContext, path: PathSegment[], value: unknown): ImportedNode["machine"] {
  const out: ImportedNode["machine"] = { arch: "amd64", secureBoot: false, uki: false };
  if (!isRecord(value)) return out;
  for (const key of Object.keys(value)) {
    if (!["mode", "arch", "secureboot", "useUKI"].includes(key)) notCarried(ctx, [...path, key], "platform.metal.boot");
  }
  const mode = stringAt(ctx, [...path, "mode"], value["mode"]);
  if (mode !== undefined && mode !== "metal") notCarried(ctx, [...path, "mode"], `nothing: the spec's metal platform boots metal images, not ${mode}`);
  const arch = stringAt(ctx, [...path, "arch"], value["arch"]);
  if (arch === "arm64") out.arch = "arm64";
  else if (arch !== undefined && arch !== "amd64")
    unsupported(ctx, [...path, "arch"], `the architecture ${arch} is not amd64 or arm64`, "fix the talconfig first");
  out.secureBoot = value["secureboot"] === true;
  out.uki = value["useUKI"] === true;
  return out;
}

function installSelector(ctx: ImportContext, path: PathSegment[], value: unknown): InstallDiskSelector | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    unsupported(ctx, path, "installDiskSelector is not a map", "fix the talconfig first");
    return undefined;
  }
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (!(INSTALL_SELECTOR_FIELDS as readonly string[]).includes(key)) {
      notCarried(ctx, [...path, key], "machine.install.diskSelector in nodes[].patches");
      continue;
    }
    const text = stringAt(ctx, [...path, key], raw);
    if (text !== undefined) out[key] = text;
  }
  return out as InstallDiskSelector;
}

/** The one schematic every node boots; per-node schematics need node classes, written by hand. */
function commonSchematic(
  ctx: ImportContext,
  nodes: ImportedNode[],
  roles: Record<"controlplane" | "worker", ImportedGroup>,
  config: TalConfig,
): ImportedSchematic | undefined {
  const chosen = nodes.map((n) => ({ path: n.path, schematic: n.schematic ?? roles[n.spec.role].schematic }));
  const keys = new Set(chosen.map((c) => JSON.stringify(c.schematic ?? null)));
  if (keys.size > 1) {
    const differing = chosen.find((c) => JSON.stringify(c.schematic ?? null) !== JSON.stringify(chosen[0]?.schematic ?? null));
    notCarried(ctx, [...(differing?.path ?? ["nodes"]), "schematic"], "nodeClasses.*.schematic (a class per image, its nodes' class)");
    return undefined;
  }
  void config;
  return chosen[0]?.schematic;
}

/** How the machines boot: one way for the cluster (platform.metal.boot). */
function metalBoot(ctx: ImportContext, nodes: ImportedNode[], schematic: ImportedSchematic | undefined): NonNullable<ClusterSpecBody["platform"]["metal"]> {
  const secureBoot = nodes.filter((n) => n.machine.secureBoot);
  const uki = nodes.filter((n) => n.machine.uki);
  for (const [subset, field] of [
    [secureBoot, "secureboot"],
    [uki, "useUKI"],
  ] as const) {
    if (subset.length > 0 && subset.length < nodes.length)
      notCarried(ctx, [...(subset[0]?.path ?? ["nodes"]), "machineSpec", field], "platform.metal.boot (one way to boot for the cluster)");
  }
  const boot: NonNullable<NonNullable<ClusterSpecBody["platform"]["metal"]>["boot"]> = {};
  // A board overlay's image is a disk image written to the board (spec rule board-images).
  if (schematic?.overlay !== undefined) boot.media = "disk-image";
  else if (uki.length === nodes.length && nodes.length > 0) boot.media = "uki";
  if (secureBoot.length === nodes.length && nodes.length > 0) boot.secureBoot = true;
  return Object.keys(boot).length === 0 ? {} : { boot };
}

function importEndpoint(ctx: ImportContext, value: unknown, nodes: ImportedNode[]): ClusterSpecBody["endpoint"] | undefined {
  const errorsBefore = errorCount(ctx);
  const text = stringAt(ctx, ["endpoint"], value);
  if (errorCount(ctx) > errorsBefore) return undefined;
  let url: URL | undefined;
  try {
    url = text === undefined ? undefined : new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || url.protocol !== "https:") {
    unsupported(ctx, ["endpoint"], `the endpoint ${text ?? "(none)"} is not an https URL`, "e.g. https://192.168.1.100:6443");
    return undefined;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = url.port === "" ? 443 : Number(url.port);
  const vips = new Set(nodes.flatMap((n) => (n.vip === undefined ? [] : [n.vip.ip])));
  const out: NonNullable<ClusterSpecBody["endpoint"]> = vips.has(host) ? { vip: host } : { host };
  for (const node of nodes) {
    if (node.vip !== undefined && node.vip.ip !== host) {
      unsupported(
        ctx,
        node.vip.path,
        `the VIP ${node.vip.ip} is not the endpoint's address ${host}`,
        "the spec's VIP is the Kubernetes API endpoint: make them the same",
      );
      return undefined;
    }
  }
  if (port !== 6443) out.port = port;
  return out;
}

/** The node network: the first node's first address, its default gateway and resolvers. */
function importNetwork(ctx: ImportContext, nodes: ImportedNode[]): ClusterSpecBody["network"] | undefined {
  const first = nodes[0]?.spec.networks?.[0];
  const cidr = first === undefined ? undefined : parseCidr(first.address);
  if (first === undefined || cidr === undefined || parseIp(first.address.split("/")[0] ?? "") === undefined) {
    unsupported(ctx, ["nodes", 0, "networkInterfaces"], "the first node's first address is not an address with a prefix", "e.g. addresses: [192.168.1.10/24]");
    return undefined;
  }
  const network: NonNullable<ClusterSpecBody["network"]> = { cidr: formatNetwork(cidr) };
  const gateway = first.gateway;
  if (gateway !== undefined) {
    network.gateway = gateway;
    // The node network's gateway is every first NIC's default route (model/normalize-nodes.ts).
    for (const node of nodes) {
      const nic = node.spec.networks?.[0];
      if (nic?.gateway === gateway) delete nic.gateway;
    }
  }
  const nameserverSets = new Set(nodes.map((n) => JSON.stringify(n.nameservers ?? [])));
  const [shared] = nodes.map((n) => n.nameservers ?? []);
  if (nameserverSets.size === 1 && shared !== undefined && shared.length > 0) network.nameservers = shared;
  else if (nameserverSets.size > 1) {
    const odd = nodes.find((n) => JSON.stringify(n.nameservers ?? []) !== JSON.stringify(shared ?? []));
    notCarried(ctx, [...(odd?.path ?? ["nodes"]), "nameservers"], "network.nameservers (one list for the cluster) or a ResolverConfig in nodes[].patches");
  }
  if (nodes.every((n) => n.disableSearchDomain)) network.disableDefaultSearchDomain = true;
  else if (nodes.some((n) => n.disableSearchDomain)) {
    const odd = nodes.find((n) => n.disableSearchDomain);
    notCarried(ctx, [...(odd?.path ?? ["nodes"]), "disableSearchDomain"], "network.disableDefaultSearchDomain (for the cluster)");
  }
  return network;
}

function importCni(ctx: ImportContext, value: TalConfig["cniConfig"]): ClusterSpecBody["cni"] | undefined {
  if (value === undefined || value === null) return undefined;
  const name = stringAt(ctx, ["cniConfig", "name"], value.name);
  if (name === "none") return { none: {} };
  if (name === "flannel" || name === undefined) return undefined;
  notCarried(ctx, ["cniConfig"], "cni.none and a patch in patches.controlplane with cluster.network.cni (a custom CNI)");
  return undefined;
}

/**
 * talhelper generates the nodes' configurations with the contract of talosVersion (talhelper
 * pkg/talos/input.go: ParseContractFromVersion, generate.WithVersionContract); the tree keeps the newest it emits (src/catalog/defaults.ts
 * NEWEST_CONTRACT). Talos runs both, but the first apply rewrites every node's configuration:
 * the documents of the newer contract (KubeletConfig, KubeAPIServerConfig...) become the
 * v1alpha1 fields they replace. Said before anyone applies.
 */
function contractChange(ctx: ImportContext, version: string): void {
  const minor = minorOf(version);
  if (compareMinors(minor, NEWEST_CONTRACT) <= 0) return;
  report(
    ctx,
    "import/contract-change",
    "warning",
    ["talosVersion"],
    `talhelper generated this cluster's configurations with the ${minor} contract; the tree regenerates them with ${NEWEST_CONTRACT}'s, which Talos ${minor} runs too`,
    "the first apply rewrites every node's configuration: its Talos v1.14 documents (KubeletConfig, KubeAPIServerConfig...) become the v1alpha1 fields they replace; review the plan node by node",
  );
}
