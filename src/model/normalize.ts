/**
 * spec -> model. Every default and derived value is decided here (and in the files this
 * one calls), so plan and render never have to guess.
 */
import { componentSettings } from "./kubernetes-settings.js";
import type { ClusterSpec, MetaValueSpec, OverlaySpec } from "../spec/types.js";
import type { ClassSchematicModel, ClusterModel, EndpointModel, NetworkModel, RegistryMirrorModel, TalosModel } from "./model.js";
import {
  DEFAULT_APISERVER_PORT,
  DEFAULT_API_PORT,
  DEFAULT_DNS_DOMAIN,
  DEFAULT_INSTALL_DISK,
  DEFAULT_POD_SUBNETS,
  DEFAULT_SERVICE_SUBNETS,
  DEFAULT_VERSIONS,
  FACTORY_URL,
  KUBESPAN_OVERHEAD,
  NEWEST_CONTRACT,
  REQUIRED_VERSION,
  SPEC_DEFAULTS,
} from "../catalog/defaults.js";
import { normalizeNodes } from "./normalize-nodes.js";
import type { NormalizedPlatform, PlatformNormalizer } from "./platform-part.js";
import { normalizeBackend } from "./normalize-backend.js";
import { normalizeProviders } from "./normalize-providers.js";
import { normalizeGitops } from "./normalize-gitops.js";
import { normalizeCni } from "./normalize-cni.js";
import { kubeletServingCerts, normalizeAddons, normalizeCharts } from "./normalize-addons.js";
import { byKey } from "../base/compare.js";
import { compareMinors, minorOf } from "../base/versions.js";
import { prefixLengthOf } from "../base/net/cidr.js";
import { withoutTrailingSlashes } from "../base/trim-runs.js";
import type { MachinesLock } from "../lock/machines-lock.js";

export function normalize(spec: ClusterSpec, specPath: string, platformPart: PlatformNormalizer, previous?: MachinesLock | "round-robin"): ClusterModel {
  const body = spec.spec;
  const name = spec.metadata.name;
  const talos = normalizeTalos(spec, platformPart.defaultExtensions, previous === "round-robin" ? undefined : previous);
  const platform = platformPart.normalize(spec, talos, previous);
  const network = normalizeNetwork(spec, platform);
  const cni = normalizeCni(spec);
  const model: ClusterModel = {
    specPath,
    name,
    talos,
    kubernetes: {
      version: body.kubernetes?.version ?? DEFAULT_VERSIONS.kubernetes,
      podSubnets: body.kubernetes?.podSubnets ?? DEFAULT_POD_SUBNETS,
      serviceSubnets: body.kubernetes?.serviceSubnets ?? DEFAULT_SERVICE_SUBNETS,
      dnsDomain: body.kubernetes?.dnsDomain ?? DEFAULT_DNS_DOMAIN,
      allowSchedulingOnControlPlanes: body.kubernetes?.allowSchedulingOnControlPlanes ?? SPEC_DEFAULTS.KubernetesSpec.allowSchedulingOnControlPlanes,
      ...componentSettings(body.kubernetes),
    },
    endpoint: normalizeEndpoint(spec, platform),
    network,
    registryMirrors: normalizeMirrors(spec),
    platform: platform.model,
    nodes: normalizeNodes(spec, network, platform, talos.classSchematics).filter((_, i) => body.nodes[i]?.gone !== true),
    goneNodes: body.nodes.filter((node) => node.gone === true).map((node) => ({ name: node.name, role: node.role })),
    rollout: { parallelWorkers: body.rollout?.parallelWorkers ?? SPEC_DEFAULTS.RolloutSpec.parallelWorkers },
    patches: {
      common: body.patches?.common ?? [],
      controlplane: body.patches?.controlplane ?? [],
      worker: body.patches?.worker ?? [],
    },
    cni,
    addons: [], // needs the Kubernetes model: set below
    charts: normalizeCharts(spec),
    gitops: {}, // needs platform and backend: set below
    backend: normalizeBackend(spec),
    providers: [],
    requiredVersion: REQUIRED_VERSION,
  };
  model.addons = normalizeAddons(spec, model.kubernetes);
  const servingCerts = kubeletServingCerts(spec);
  if (servingCerts !== undefined) model.kubeletServingCerts = servingCerts;
  model.gitops = normalizeGitops(spec, platform.runner, model.backend);
  model.providers = normalizeProviders(spec, model, platform.providers);
  return model;
}

/**
 * The contract the nodes' configurations are generated with, when the spec does not pin one:
 * the one the tree already uses (machines.lock.json), so that a Talos upgrade never changes
 * the generated configurations of a running cluster (the talos provider recommends pinning
 * talos_version for this reason, docs/data-sources/machine_configuration.md); else the
 * installed Talos minor. Never newer than the Talos installed, nor than the newest contract
 * the compiler emits (NEWEST_CONTRACT).
 */
function defaultContract(version: string, previous: MachinesLock | undefined): string {
  const installed = minorOf(version);
  const locked = previous?.contract ?? (previous === undefined || previous.talos === "" ? undefined : minorOf(previous.talos));
  const candidates = [installed, NEWEST_CONTRACT, ...(locked === undefined ? [] : [locked])];
  return candidates.reduce((oldest, contract) => (compareMinors(contract, oldest) < 0 ? contract : oldest));
}

function normalizeTalos(spec: ClusterSpec, defaultExtensions: readonly string[], previous: MachinesLock | undefined): TalosModel {
  const talos = spec.spec.talos ?? {};
  const version = talos.version ?? DEFAULT_VERSIONS.talos;
  const model: TalosModel = {
    version,
    contract: talos.contract ?? defaultContract(version, previous),
    secrets: talos.secrets ?? SPEC_DEFAULTS.TalosSpec.secrets,
    factoryUrl: withoutTrailingSlashes(talos.factoryUrl ?? FACTORY_URL),
    // Sorted and de-duplicated: the schematic id is a hash of this list.
    extensions: [...new Set(talos.schematic?.extensions ?? defaultExtensions)].sort(),
    extraKernelArgs: talos.schematic?.extraKernelArgs ?? [],
    classSchematics: [],
    installDisk: talos.installDisk ?? DEFAULT_INSTALL_DISK,
    discovery: talos.discovery ?? SPEC_DEFAULTS.TalosSpec.discovery,
  };
  const overlay = talos.schematic?.overlay;
  if (overlay !== undefined) model.overlay = normalizeOverlay(overlay);
  const meta = metaByKey([], talos.schematic?.meta ?? []);
  if (meta.length > 0) model.meta = meta;
  model.classSchematics = classSchematics(spec, model);
  if (talos.installerMirror !== undefined) model.installerMirror = withoutTrailingSlashes(talos.installerMirror);
  if (talos.imageMirror !== undefined) model.imageMirror = withoutTrailingSlashes(talos.imageMirror);
  return model;
}

function normalizeEndpoint(spec: ClusterSpec, platform: NormalizedPlatform): EndpointModel {
  const endpoint = spec.spec.endpoint;
  const port = endpoint.port ?? DEFAULT_API_PORT;
  const made = platform.apiEndpoint;
  // The API lands on a control plane itself (VIP, floating IP, node address), so kube-apiserver
  // must listen on the endpoint's port; behind a load balancer or a host name it keeps 6443.
  const direct = made === "floating-ip" || (made === undefined && endpoint.host === undefined);
  const apiServerPort = direct ? port : DEFAULT_APISERVER_PORT;
  // Without a host name, the address the platform module makes is the endpoint: known at apply time.
  if (made !== undefined && endpoint.host === undefined) {
    return { host: "", port, url: "", created: made, apiServerPort };
  }
  const firstControlPlane = spec.spec.nodes.find((n) => n.role === "controlplane");
  // Schema and rules guarantee a VIP, a host, or a control plane with an address.
  const host = endpoint.vip ?? endpoint.host ?? (firstControlPlane?.address ?? "").split("/")[0] ?? "";
  const bracketed = host.includes(":") ? `[${host}]` : host;
  const model: EndpointModel = { host, port, url: `https://${bracketed}:${port}`, apiServerPort };
  if (endpoint.vip !== undefined) model.vip = endpoint.vip;
  return model;
}

function normalizeNetwork(spec: ClusterSpec, platform: NormalizedPlatform): NetworkModel {
  const network = spec.spec.network;
  const model: NetworkModel = {
    cidr: network.cidr,
    prefixLength: prefixLengthOf(network.cidr),
    nameservers: network.nameservers ?? [],
    searchDomains: network.searchDomains ?? [],
    disableDefaultSearchDomain: network.disableDefaultSearchDomain ?? false,
    ntp: network.ntp ?? [],
    ptp: network.ptp ?? [],
  };
  if (network.gateway !== undefined) model.gateway = network.gateway;
  if (network.kubespan !== undefined) {
    // On a link whose MTU the platform fixes, KubeSpan's default (1420, for 1500-byte links)
    // would fragment: its MTU is the link's less KubeSpan's overhead (catalog/defaults.ts).
    const fitted = platform.linkMtu === undefined ? undefined : platform.linkMtu - KUBESPAN_OVERHEAD;
    model.kubespan = network.kubespan.mtu === undefined && fitted !== undefined ? { ...network.kubespan, mtu: fitted } : network.kubespan;
  }
  const firewall = network.firewall;
  if (firewall !== undefined) {
    // Talos's recommended rules open the Talos and Kubernetes APIs to anywhere (docs talos/v1.13
    // networking/ingress-firewall.mdx); a platform may already say where from (Hetzner Cloud).
    const adminCidrs = firewall.adminCidrs ?? (platform.adminCidrs === undefined ? undefined : [...platform.adminCidrs]) ?? ["0.0.0.0/0", "::/0"];
    model.firewall = { ingress: firewall.ingress, adminCidrs, rules: firewall.rules ?? [] };
  }
  return model;
}

/**
 * An air-gapped cluster (its installer or boot images come from mirrors) cannot reach the
 * upstream registries: falling back to them only waits for a timeout before every pull that
 * the mirror failed (RegistryMirrorConfig skipFallback, machinery config/types/cri).
 */
function normalizeMirrors(spec: ClusterSpec): RegistryMirrorModel[] {
  const talos = spec.spec.talos;
  const airGapped = talos?.installerMirror !== undefined || talos?.imageMirror !== undefined;
  return byKey(spec.spec.registryMirrors ?? {}).map(([registry, mirror]) => ({
    registry,
    endpoints: mirror.endpoints,
    overridePath: mirror.overridePath ?? SPEC_DEFAULTS.RegistryMirrorSpec.overridePath,
    skipFallback: mirror.skipFallback ?? airGapped,
  }));
}

/**
 * The schematics of node classes that add extensions or kernel arguments to the cluster's,
 * one per distinct content (the factory's schematic id is a hash of it, and one image file per
 * schematic and host is all a Proxmox host can hold: two downloads of one file would fight
 * over it), named after the first class by name that has it. A class that adds nothing uses
 * the cluster's image. normalize-nodes.ts gives each node the name of its class's schematic.
 */
function classSchematics(spec: ClusterSpec, talos: Pick<TalosModel, "extensions" | "extraKernelArgs" | "overlay" | "meta">): ClassSchematicModel[] {
  const byContent = new Map<string, ClassSchematicModel>();
  const clusterKey = JSON.stringify([talos.extensions, talos.extraKernelArgs, talos.overlay ?? null, talos.meta ?? []]);
  for (const [name, cls] of byKey(spec.spec.nodeClasses ?? {})) {
    if (cls.schematic === undefined) continue;
    const extensions = [...new Set([...talos.extensions, ...(cls.schematic.extensions ?? [])])].sort();
    const extraKernelArgs = [...talos.extraKernelArgs, ...(cls.schematic.extraKernelArgs ?? []).filter((arg) => !talos.extraKernelArgs.includes(arg))];
    const overlay = cls.schematic.overlay === undefined ? talos.overlay : normalizeOverlay(cls.schematic.overlay);
    const meta = metaByKey(talos.meta ?? [], cls.schematic.meta ?? []);
    const key = JSON.stringify([extensions, extraKernelArgs, overlay ?? null, meta]);
    if (key === clusterKey) continue;
    const known = byContent.get(key);
    if (known !== undefined) known.classes.push(name);
    else
      byContent.set(key, {
        name,
        classes: [name],
        extensions,
        extraKernelArgs,
        ...(overlay === undefined ? {} : { overlay }),
        ...(meta.length === 0 ? {} : { meta }),
      });
  }
  return [...byContent.values()];
}

/** Options in name order: the schematic (and its id) does not depend on how the spec lists them. */
function normalizeOverlay(overlay: OverlaySpec): OverlaySpec {
  const options = overlay.options === undefined ? undefined : Object.fromEntries(byKey(overlay.options));
  return { name: overlay.name, image: overlay.image, ...(options === undefined ? {} : { options }) };
}

/** META values by key, `over`'s replacing `base`'s, in key order. */
function metaByKey(base: readonly MetaValueSpec[], over: readonly MetaValueSpec[]): MetaValueSpec[] {
  const byKey = new Map<number, MetaValueSpec>();
  for (const value of [...base, ...over]) byKey.set(value.key, { key: value.key, value: value.value });
  return [...byKey.values()].sort((a, b) => a.key - b.key);
}
