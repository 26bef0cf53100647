/**
 * talhelper's talconfig.yaml as a talos-hclgen spec for the metal platform: the cluster's
 * settings, every node (role, links and addresses, install disk, labels, taints, annotations,
 * patches), the image schematic when the nodes share one, and `talos.secrets: import`, since a
 * talhelper cluster runs with the secrets of its talsecret (docs/migrating.md). Where each
 * field goes is docs/talhelper-fields.md; a field with no place in the spec is reported at its
 * line, with where to write it by hand.
 */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { cidrContains, formatNetwork, parseCidr } from "../../base/net/cidr.js";
import { parseIp } from "../../base/net/ip.js";
import type { ClusterSpec, ClusterSpecBody, InstallDiskSelector, NodeSettingsSpec, NodeSpec, TalosPatch } from "../../spec/types.js";
import {
  errorCount,
  isRecord,
  notCarried,
  patchFileProblem,
  report,
  stringAt,
  stringMapAt,
  stringsAt,
  talenvReference,
  unsupported,
  type ImportContext,
} from "./context.js";
import { NEWEST_CONTRACT } from "../../catalog/defaults.js";
import { compareMinors, minorOf } from "../../base/versions.js";
import { importNetworks } from "./network.js";
import { importExtraManifests, importPatches } from "./patches.js";
import { importSchematic, type ImportedSchematic } from "./schematic.js";
import { schematicClasses } from "./schematic-classes.js";
import { importExtensionServices, importKernelModules, importMachineFiles } from "./machine-settings.js";
import { importMachineDisks, importUserVolumes, importVolumes } from "./storage.js";
import { importFirewall } from "./firewall.js";
import { layOutPatches } from "./patch-order.js";
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
  inlineManifests: null,
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
  overridePatches: null,
  overrideExtraManifests: "kubernetes.extraManifests",
  overrideMachineCertSANs: "nodes[].certSANs",
  machineDisks: null,

  talosImageURL: "machine.install.image in nodes[].patches",
  filenameTmpl: "nothing: the tree's file layout is fixed",
  imageSchematic: "nothing: the machines boot the image of their schematic (talos.schematic, nodeClasses.*.schematic)",
  ingressFirewall: null,
  volumes: null,
  userVolumes: null,
  sysctls: "nodes[].sysctls",
  kubelet: "nodes[].kubelet",
};

const INSTALL_SELECTOR_FIELDS = ["size", "model", "serial", "wwid", "busPath", "type"] as const;

export interface ConvertedTalconfig {
  spec: ClusterSpec;
  /** The spec index of each talconfig node it carries (talconfig index -> spec index). */
  nodeIndex: Map<number, number>;
}

/**
 * The spec of everything the talconfig says that the spec can carry; undefined only when the
 * spec would have no name, endpoint or node network. What it leaves out is reported, and listed
 * in ctx.leftOut.
 */
export function convertTalconfig(ctx: ImportContext, config: TalConfig): ConvertedTalconfig | undefined {
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
  Object.assign(body.talos, importImageFactory(ctx, config.imageFactory));

  const roles = {
    controlplane: importGroup(ctx, ["controlPlane"], config.controlPlane),
    worker: importGroup(ctx, ["worker"], config.worker),
  };
  // additionalMachineCertSans (deprecated): every node's machine certificate SANs.
  const machineSans = stringsAt(ctx, ["additionalMachineCertSans"], config.additionalMachineCertSans) ?? [];
  if (machineSans.length > 0) {
    for (const role of ["controlplane", "worker"] as const) {
      roles[role].settings.certSANs = [...new Set([...machineSans, ...(roles[role].settings.certSANs ?? [])])];
    }
  }
  // Every part is read even when one fails, so that one run reports every problem.
  const nodes = importNodes(ctx, config.nodes) ?? [];

  const images = schematicClasses(
    nodes.map((n) => {
      const own = n.schematic;
      const group = roles[n.spec.role].schematic;
      return {
        name: n.spec.name,
        role: n.spec.role,
        schematic: own ?? group,
        from: own !== undefined ? "node" : group !== undefined ? "group" : "none",
        arm64: n.machine.arch === "arm64",
      };
    }),
  );
  const schematic = images.cluster;
  if (schematic !== undefined) {
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

  // A group's disableSearchDomain is each of its nodes' (talhelper merges the group into the node).
  for (const node of nodes) {
    const group = node.spec.role === "controlplane" ? config.controlPlane : config.worker;
    if (isRecord(group) && group["disableSearchDomain"] === true) node.disableSearchDomain = true;
  }
  const endpoint = importEndpoint(ctx, config.endpoint, nodes);
  const network = nodes.length === 0 ? undefined : importNetwork(ctx, nodes);
  const overlays = schematic?.overlay !== undefined || [...images.classes.values()].some((c) => c.schematic.overlay !== undefined);
  body.platform = { metal: metalBoot(ctx, nodes, overlays) };
  // A node class per image other than the cluster's, and for arm64 machines (their boot media
  // are arm64; the installer serves both).
  if (images.classes.size > 0) {
    body.nodeClasses = Object.fromEntries(
      [...images.classes].map(([name, c]) => [
        name,
        { ...(c.arm64 ? { arch: "arm64" as const } : {}), ...(Object.keys(c.schematic).length > 0 ? { schematic: c.schematic } : {}) },
      ]),
    );
    for (const node of nodes) {
      const name = images.classOf.get(node.spec.name);
      if (name !== undefined) node.spec.class = name;
    }
  }

  const cni = importCni(ctx, config.cniConfig);
  if (cni?.cni !== undefined) body.cni = cni.cni;
  const firewall = importFirewall(
    ctx,
    [
      {
        role: "controlplane",
        path: ["controlPlane", "ingressFirewall"],
        value: isRecord(config.controlPlane) ? config.controlPlane["ingressFirewall"] : undefined,
      },
      { role: "worker", path: ["worker", "ingressFirewall"], value: isRecord(config.worker) ? config.worker["ingressFirewall"] : undefined },
    ],
    nodes.map((n) => ({ path: n.path, value: n.ingressFirewall })),
  );
  if (firewall !== undefined && network !== undefined) network.firewall = firewall;
  const layout = layOutPatches(
    importPatches(ctx, ["patches"], config.patches),
    { controlplane: roles.controlplane.patches, worker: roles.worker.patches },
    nodes.map((n) => ({
      role: n.spec.role,
      path: n.path,
      overridePatches: n.overridePatches,
      patches: n.patches,
      extraManifests: [...n.extraManifests, ...roles[n.spec.role].extraManifests],
    })),
  );
  for (const move of layout.moved) report(ctx, "import/patch-order", "warning", move.path, move.message);
  nodes.forEach((node, i) => {
    const own = layout.nodes[i] ?? [];
    if (own.length > 0) node.spec.patches = own;
  });
  // The CNI is the base configuration's in talhelper: first, under every patch.
  const patches = {
    common: layout.common,
    controlplane: [...(cni?.patch === undefined ? [] : [cni.patch]), ...layout.controlplane],
    worker: layout.worker,
  };
  if (patches.common.length + patches.controlplane.length + patches.worker.length > 0) {
    body.patches = Object.fromEntries(Object.entries(patches).filter(([, list]) => list.length > 0));
  }
  const roleSettings = Object.fromEntries(
    (["controlplane", "worker"] as const).flatMap((role) => (Object.keys(roles[role].settings).length > 0 ? [[role, roles[role].settings]] : [])),
  );
  if (Object.keys(roleSettings).length > 0) body.roles = roleSettings;
  body.nodes = nodes.map((n) => n.spec);

  if (name === undefined || !DNS_LABEL.test(name) || endpoint === undefined || network === undefined) return undefined;
  body.endpoint = endpoint;
  body.network = network;
  const nodeIndex = new Map(nodes.map((node, j) => [Number(node.path[1]), j]));
  return { spec: { apiVersion: "talos-hclgen/v1", kind: "Cluster", metadata: { name }, spec: body as ClusterSpecBody }, nodeIndex };
}

/** Text, or @path read beside the talconfig (with talenv references reported). */
function fileText(ctx: ImportContext, path: PathSegment[], value: unknown): string | undefined {
  const text = stringAt(ctx, path, value);
  if (text === undefined || !text.startsWith("@")) return text;
  const read = ctx.readPatchFile(text.slice(1));
  if (typeof read === "object") {
    patchFileProblem(ctx, path, read.refused, "copy the file beside the talconfig, or into a folder below it");
    return undefined;
  }
  if (read === undefined) {
    patchFileProblem(ctx, path, `the file ${text.slice(1)} cannot be read`, "files are read relative to the talconfig's folder");
    return undefined;
  }
  return talenvReference(ctx, path, read) ? undefined : read;
}

function listLength(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

function withV(version: string): string {
  return version.startsWith("v") ? version : `v${version}`;
}

function importKubernetes(ctx: ImportContext, config: TalConfig): NonNullable<ClusterSpecBody["kubernetes"]> {
  const out: NonNullable<ClusterSpecBody["kubernetes"]> = {};
  const version = stringAt(ctx, ["kubernetesVersion"], config.kubernetesVersion);
  if (version !== undefined) out.version = withV(version);
  // A list that lost an entry to an error is left out whole: half of it would be another network.
  const pods = stringsAt(ctx, ["clusterPodNets"], config.clusterPodNets);
  if (pods !== undefined && pods.length > 0 && pods.length === listLength(config.clusterPodNets)) out.podSubnets = pods;
  const services = stringsAt(ctx, ["clusterSvcNets"], config.clusterSvcNets);
  if (services !== undefined && services.length > 0 && services.length === listLength(config.clusterSvcNets)) out.serviceSubnets = services;
  const domain = stringAt(ctx, ["domain"], config.domain);
  if (domain !== undefined && domain !== "cluster.local") out.dnsDomain = domain;
  if (config.allowSchedulingOnControlPlanes === true || config.allowSchedulingOnMasters === true) out.allowSchedulingOnControlPlanes = true;
  const sans = stringsAt(ctx, ["additionalApiServerCertSans"], config.additionalApiServerCertSans);
  if (sans !== undefined && sans.length > 0) out.apiServer = { certSANs: sans };
  const manifests = importInlineManifests(ctx, ["inlineManifests"], config.inlineManifests);
  if (manifests.length > 0) out.inlineManifests = manifests;
  return out;
}

/** inlineManifests: name and contents (inline, or @path beside the talconfig), as the spec's. */
function importInlineManifests(ctx: ImportContext, path: PathSegment[], value: unknown): Array<{ name: string; contents: string }> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    unsupported(ctx, path, "inlineManifests is not a list", "fix the talconfig first");
    return [];
  }
  return value.flatMap((item, i) => {
    if (!isRecord(item)) return [];
    const name = stringAt(ctx, [...path, i, "name"], item["name"]);
    const contents = fileText(ctx, [...path, i, "contents"], item["contents"]);
    return name === undefined || contents === undefined ? [] : [{ name, contents }];
  });
}

/**
 * imageFactory (talhelper pkg/config GetImageFactory: registryURL factory.talos.dev,
 * schematicEndpoint /schematics, protocol https): where schematics are made is talos.factoryUrl,
 * the registry the installers come from talos.installerMirror when it is another host. Its URL
 * templates have no place: the tree takes the factory's own layout.
 */
function importImageFactory(ctx: ImportContext, value: unknown): Pick<NonNullable<ClusterSpecBody["talos"]>, "factoryUrl" | "installerMirror"> {
  if (!isRecord(value)) return {};
  for (const key of Object.keys(value)) {
    if (!["registryURL", "protocol", "schematicEndpoint"].includes(key))
      notCarried(ctx, ["imageFactory", key], "nothing: the tree takes the factory's own URL layout (talos.factoryUrl)");
  }
  const registry = stringAt(ctx, ["imageFactory", "registryURL"], value["registryURL"]) ?? "factory.talos.dev";
  const protocol = stringAt(ctx, ["imageFactory", "protocol"], value["protocol"]) ?? "https";
  // A full URL, or a path on the registry's host (talhelper's default is "/schematics").
  const endpoint = stringAt(ctx, ["imageFactory", "schematicEndpoint"], value["schematicEndpoint"]);
  const schematicHost = (endpoint === undefined ? undefined : /^https?:\/\/([^/?#]+)/.exec(endpoint)?.[1]) ?? registry;
  const out: Pick<NonNullable<ClusterSpecBody["talos"]>, "factoryUrl" | "installerMirror"> = {};
  if (schematicHost !== "factory.talos.dev" || protocol !== "https") out.factoryUrl = `${protocol}://${schematicHost}`;
  if (registry !== schematicHost) out.installerMirror = registry;
  return out;
}

interface ImportedGroup {
  settings: NodeSettingsSpec;
  patches: TalosPatch[];
  /** The documents of its extraManifests files, which talhelper appends to each node's configuration. */
  extraManifests: TalosPatch[];
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
      "userVolumes",
      "volumes",
      "machineDisks",
      "ingressFirewall",
      "disableSearchDomain",
    ]),
  );
  Object.assign(out.settings, nodeSettings(ctx, path, value));
  out.patches = importPatches(ctx, [...path, "patches"], value["patches"]);
  const disks = importMachineDisks(ctx, [...path, "machineDisks"], value["machineDisks"]);
  if (disks !== undefined) out.patches.push(disks);
  out.extraManifests = importExtraManifests(ctx, [...path, "extraManifests"], value["extraManifests"]);
  const schematic = importSchematic(ctx, [...path, "schematic"], value["schematic"]);
  if (schematic !== undefined) out.schematic = schematic;
  return out;
}

/** Labels, annotations, taints and machine certificate SANs: the spec's per-node settings. */
function nodeSettings(ctx: ImportContext, path: PathSegment[], value: Record<string, unknown>): NodeSettingsSpec {
  const out: NodeSettingsSpec = {};
  const labels = untemplated(ctx, [...path, "nodeLabels"], stringMapAt(ctx, [...path, "nodeLabels"], value["nodeLabels"]));
  if (labels !== undefined && Object.keys(labels).length > 0) out.labels = labels;
  const annotations = untemplated(ctx, [...path, "nodeAnnotations"], stringMapAt(ctx, [...path, "nodeAnnotations"], value["nodeAnnotations"]));
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
  const userVolumes = importUserVolumes(ctx, [...path, "userVolumes"], value["userVolumes"]);
  if (userVolumes.length > 0) out.userVolumes = userVolumes;
  const volumes = importVolumes(ctx, [...path, "volumes"], value["volumes"]);
  if (volumes !== undefined) out.volumes = volumes;
  return out;
}

/**
 * talhelper renders node labels and annotations as Go templates with the node's configuration
 * (pkg/talos templating): a value that is one says what talhelper computes, not a value.
 */
function untemplated(ctx: ImportContext, path: PathSegment[], map: Record<string, string> | undefined): Record<string, string> | undefined {
  if (map === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(map)) {
    if (value.includes("{{")) notCarried(ctx, [...path, key], "the value talhelper renders from this Go template (talhelper genconfig shows it), written out");
    else out[key] = value;
  }
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
  /** ["nodes", its index in the talconfig]. */
  path: PathSegment[];
  /** The address talhelper reaches the node at (ipAddress). */
  reachedAt?: string;
  vip?: { ip: string; path: PathSegment[] };
  nameservers?: string[];
  disableSearchDomain: boolean;
  /** Its ingressFirewall, which the spec has only per cluster and role (firewall.ts). */
  ingressFirewall?: unknown;
  /** The first NIC takes its address by DHCP: the node's address is where it is reached (reachedAt). */
  dhcp?: boolean;
  schematic?: ImportedSchematic;
  /** Its own patches (machineDisks among them); where they go is patch-order.ts's. */
  patches: TalosPatch[];
  overridePatches: boolean;
  /** The documents of its extraManifests files. */
  extraManifests: TalosPatch[];
  machine: { arch: "amd64" | "arm64"; secureBoot: boolean; uki: boolean; bootMethod?: "iso" | "disk-image" | "pxe" };
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
    const before = ctx.diagnostics.length;
    const node = importNode(ctx, path, raw);
    if (node !== undefined) {
      out.push(node);
      return;
    }
    // The whole node stays in the spec as a comment, with what kept it out.
    const why = ctx.diagnostics
      .slice(before)
      .filter((d) => d.severity === "error")
      .map((d) => d.message);
    ctx.leftOut.push({ path, reason: `the node is not carried: ${why.join("; ") || "see the errors above"}` });
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
  // No networkInterfaces: Talos's default, DHCP on every link (a first NIC on dhcp naming none).
  if (networks.networks.length === 0) networks.networks.push({ address: "dhcp" });
  const first = networks.networks[0];
  if (first === undefined) return undefined;
  spec.networks = networks.networks;
  if (networks.wireguard.length > 0) spec.wireguard = networks.wireguard;
  const dhcp = first.address === "dhcp";
  if (dhcp) {
    // talhelper applies the configuration at ipAddress, where the DHCP reservation puts the
    // machine: the spec's node address beside a first NIC on dhcp (set with the node network's prefix).
    if (reachedAt !== undefined && reachedAt.includes(",")) {
      // One configuration for several machines (talhelper's ignoreHostname): they run under
      // hostnames of their own, and the tree names every node (HostnameConfig), which would
      // register each as a new Kubernetes node.
      unsupported(
        ctx,
        [...path, "ipAddress"],
        `ipAddress lists ${reachedAt.split(",").length} machines that share this one configuration, and the spec has one named node per machine`,
        "write one node per machine, named as the machine's Kubernetes node is (kubectl get nodes), each with its address",
      );
      return undefined;
    }
    if (reachedAt === undefined || parseIp(reachedAt.trim()) === undefined) {
      unsupported(
        ctx,
        [...path, reachedAt === undefined ? "hostname" : "ipAddress"],
        `the node ${hostname} takes its address by DHCP, and ipAddress does not say the address it is reached at`,
        "set ipAddress to the address its DHCP reservation gives it",
      );
      return undefined;
    }
  } else if (reachedAt !== undefined && !reachedAt.split(",").some((ip) => first.address.startsWith(`${ip.trim()}/`))) {
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
  const disks = importMachineDisks(ctx, [...path, "machineDisks"], raw["machineDisks"]);
  if (disks !== undefined) patches.push(disks);

  const out: ImportedNode = {
    spec,
    path,
    disableSearchDomain: raw["disableSearchDomain"] === true,
    patches,
    overridePatches: raw["overridePatches"] === true,
    extraManifests: importExtraManifests(ctx, [...path, "extraManifests"], raw["extraManifests"]),
    machine: { arch: "amd64", secureBoot: false, uki: false },
  };
  if (reachedAt !== undefined) out.reachedAt = reachedAt.trim();
  if (raw["ingressFirewall"] !== undefined) out.ingressFirewall = raw["ingressFirewall"];
  out.dhcp = dhcp;
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
    if (!["mode", "arch", "secureboot", "useUKI", "bootMethod"].includes(key)) notCarried(ctx, [...path, key], "platform.metal.boot");
  }
  const bootMethod = stringAt(ctx, [...path, "bootMethod"], value["bootMethod"]);
  if (bootMethod === "iso" || bootMethod === "disk-image" || bootMethod === "pxe") out.bootMethod = bootMethod;
  else if (bootMethod !== undefined) notCarried(ctx, [...path, "bootMethod"], "platform.metal.boot.media (iso, disk-image, uki or pxe)");
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

/** How the machines boot: one way for the cluster (platform.metal.boot). */
function metalBoot(ctx: ImportContext, nodes: ImportedNode[], overlays: boolean): NonNullable<ClusterSpecBody["platform"]["metal"]> {
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
  // talhelper's bootMethod says which media genurl image serves: one for the cluster here.
  const methods = new Set(nodes.map((n) => n.machine.bootMethod ?? "iso"));
  if (methods.size > 1) {
    for (const node of nodes.filter((n) => n.machine.bootMethod !== undefined))
      notCarried(ctx, [...node.path, "machineSpec", "bootMethod"], "platform.metal.boot.media (one way to boot for the cluster)");
  }
  const [method] = methods;
  // A board overlay's image is a disk image written to the board (spec rule board-images).
  if (overlays) boot.media = "disk-image";
  else if (uki.length === nodes.length && nodes.length > 0) boot.media = "uki";
  else if (methods.size === 1 && method !== undefined && method !== "iso") boot.media = method;
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
    }
  }
  if (port !== 6443) out.port = port;
  return out;
}

/** The node network: the first static node's first address, its default gateway and resolvers. */
function importNetwork(ctx: ImportContext, nodes: ImportedNode[]): ClusterSpecBody["network"] | undefined {
  const first = nodes.find((node) => node.dhcp !== true)?.spec.networks?.[0];
  let cidr = first === undefined ? undefined : parseCidr(first.address);
  if (first !== undefined && (cidr === undefined || parseIp(first.address.split("/")[0] ?? "") === undefined)) {
    unsupported(ctx, ["nodes"], `the first static address ${first.address} has no prefix`, "e.g. addresses: [192.168.1.10/24]");
    return undefined;
  }
  if (cidr === undefined) {
    // Every node on DHCP: the talconfig says no prefix anywhere. A /24 around the first reserved
    // address, said as an error: the spec is written, with the guess to check.
    const reached = nodes.find((node) => node.reachedAt !== undefined);
    cidr = reached?.reachedAt === undefined ? undefined : parseCidr(`${reached.reachedAt}/24`);
    if (reached === undefined || cidr === undefined) {
      unsupported(
        ctx,
        ["nodes"],
        "no node says an address the node network can be told from",
        "give one node its address with its prefix (addresses: [192.168.1.10/24])",
      );
      return undefined;
    }
    // Carried, not left out: an error to read, not a comment.
    report(
      ctx,
      "import/unsupported",
      "error",
      [...reached.path, "ipAddress"],
      `every node takes its address by DHCP, so the talconfig says no prefix of the node network: the spec guesses ${formatNetwork(cidr)}`,
      "check network.cidr (and network.gateway, which the spec leaves out) against the DHCP server's network",
    );
  }
  // A DHCP node is reached at its reserved address, with the node network's prefix.
  for (const node of nodes) {
    if (node.dhcp !== true || node.reachedAt === undefined) continue;
    const ip = parseIp(node.reachedAt);
    if (ip !== undefined && cidrContains(cidr, ip)) node.spec.address = `${node.reachedAt}/${cidr.prefix}`;
    else
      unsupported(
        ctx,
        [...node.path, "ipAddress"],
        `the DHCP node is reached at ${node.reachedAt}, outside the node network ${formatNetwork(cidr)}`,
        "the spec's nodes share one node network: give its DHCP reservation an address in it",
      );
  }
  const network: NonNullable<ClusterSpecBody["network"]> = { cidr: formatNetwork(cidr) };
  const gateway = first?.gateway;
  if (gateway !== undefined) {
    network.gateway = gateway;
    // The node network's gateway is every first NIC's default route (model/normalize-nodes.ts).
    for (const node of nodes) {
      const nic = node.spec.networks?.[0];
      if (nic?.gateway === gateway) delete nic.gateway;
    }
  }
  // One list for the cluster when the nodes agree, else each node's own (nodes[].nameservers);
  // a node without one keeps Talos's default resolvers, as talhelper leaves it.
  const nameserverSets = new Set(nodes.map((n) => JSON.stringify(n.nameservers ?? [])));
  const [shared] = nodes.map((n) => n.nameservers ?? []);
  if (nameserverSets.size === 1 && shared !== undefined && shared.length > 0) network.nameservers = shared;
  else if (nameserverSets.size > 1) {
    for (const node of nodes) if (node.nameservers !== undefined && node.nameservers.length > 0) node.spec.nameservers = node.nameservers;
  }
  if (nodes.every((n) => n.disableSearchDomain)) network.disableDefaultSearchDomain = true;
  else if (nodes.some((n) => n.disableSearchDomain)) {
    const odd = nodes.find((n) => n.disableSearchDomain);
    notCarried(ctx, [...(odd?.path ?? ["nodes"]), "disableSearchDomain"], "network.disableDefaultSearchDomain (for the cluster)");
  }
  return network;
}

/**
 * cniConfig: Flannel (Talos's default), none, or a custom CNI whose manifests the control planes
 * fetch (v1alpha1 cluster.network.cni: name custom, urls): cni.none and that setting as a
 * control-plane patch, which the tree leaves as it is.
 */
function importCni(ctx: ImportContext, value: TalConfig["cniConfig"]): { cni?: ClusterSpecBody["cni"]; patch?: TalosPatch } | undefined {
  if (value === undefined || value === null) return undefined;
  const name = stringAt(ctx, ["cniConfig", "name"], value.name);
  if (name === "none") return { cni: { none: {} } };
  if (name === "flannel" || name === undefined) return undefined;
  const urls = stringsAt(ctx, ["cniConfig", "urls"], isRecord(value) ? value["urls"] : undefined) ?? [];
  if (name !== "custom" || urls.length === 0) {
    notCarried(ctx, ["cniConfig"], "cni.none and a patch in patches.controlplane with cluster.network.cni (a custom CNI)");
    return undefined;
  }
  return { cni: { none: {} }, patch: { cluster: { network: { cni: { name: "custom", urls } } } } };
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
