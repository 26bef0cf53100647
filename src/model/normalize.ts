/**
 * spec -> model. Every default and derived value is decided here (and in the files this
 * one calls), so plan and render never have to guess.
 */
import type { ClusterSpec } from "../spec/types.js";
import type { ClusterModel, CniModel, EndpointModel, NetworkModel, RegistryMirrorModel, TalosModel } from "./model.js";
import {
  DEFAULT_API_PORT,
  DEFAULT_DNS_DOMAIN,
  DEFAULT_EXTENSIONS,
  DEFAULT_INSTALL_DISK,
  DEFAULT_POD_SUBNETS,
  DEFAULT_SERVICE_SUBNETS,
  DEFAULT_VERSIONS,
  FACTORY_URL,
  REQUIRED_VERSION,
} from "./defaults.js";
import { normalizeNodes } from "./normalize-nodes.js";
import { normalizePlatform } from "./normalize-platform.js";
import { normalizeBackend } from "./normalize-backend.js";
import { normalizeProviders } from "./normalize-providers.js";
import { byKey, minorOf, prefixLengthOf } from "./util.js";

export function normalize(spec: ClusterSpec, specPath: string): ClusterModel {
  const body = spec.spec;
  const name = spec.metadata.name;
  const talos = normalizeTalos(spec);
  const network = normalizeNetwork(spec);
  const platform = normalizePlatform(spec, talos);
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
      allowSchedulingOnControlPlanes: body.kubernetes?.allowSchedulingOnControlPlanes ?? false,
    },
    endpoint: normalizeEndpoint(spec),
    network,
    registryMirrors: normalizeMirrors(spec),
    platform,
    nodes: normalizeNodes(spec, network, platform),
    patches: {
      common: body.patches?.common ?? [],
      controlplane: body.patches?.controlplane ?? [],
      worker: body.patches?.worker ?? [],
    },
    cni,
    backend: normalizeBackend(spec),
    providers: [],
    requiredVersion: REQUIRED_VERSION,
  };
  model.providers = normalizeProviders(spec, model);
  return model;
}

function normalizeTalos(spec: ClusterSpec): TalosModel {
  const talos = spec.spec.talos ?? {};
  const version = talos.version ?? DEFAULT_VERSIONS.talos;
  const model: TalosModel = {
    version,
    contract: talos.contract ?? minorOf(version),
    factoryUrl: (talos.factoryUrl ?? FACTORY_URL).replace(/\/+$/, ""),
    // Sorted and de-duplicated: the schematic id is a hash of this list.
    extensions: [...new Set(talos.schematic?.extensions ?? DEFAULT_EXTENSIONS)].sort(),
    extraKernelArgs: talos.schematic?.extraKernelArgs ?? [],
    installDisk: talos.installDisk ?? DEFAULT_INSTALL_DISK,
  };
  if (talos.installerMirror !== undefined) model.installerMirror = talos.installerMirror.replace(/\/+$/, "");
  if (talos.imageMirror !== undefined) model.imageMirror = talos.imageMirror.replace(/\/+$/, "");
  return model;
}

function normalizeEndpoint(spec: ClusterSpec): EndpointModel {
  const endpoint = spec.spec.endpoint;
  const port = endpoint.port ?? DEFAULT_API_PORT;
  const firstControlPlane = spec.spec.nodes.find((n) => n.role === "controlplane");
  // Schema and rules guarantee a VIP, a host, or a control plane with an address.
  const host = endpoint.vip ?? endpoint.host ?? (firstControlPlane?.address ?? "").split("/")[0] ?? "";
  const bracketed = host.includes(":") ? `[${host}]` : host;
  const model: EndpointModel = { host, port, url: `https://${bracketed}:${port}` };
  if (endpoint.vip !== undefined) model.vip = endpoint.vip;
  return model;
}

function normalizeNetwork(spec: ClusterSpec): NetworkModel {
  const network = spec.spec.network;
  const model: NetworkModel = {
    cidr: network.cidr,
    prefixLength: prefixLengthOf(network.cidr),
    nameservers: network.nameservers ?? [],
    ntp: network.ntp ?? [],
  };
  if (network.gateway !== undefined) model.gateway = network.gateway;
  return model;
}

function normalizeMirrors(spec: ClusterSpec): RegistryMirrorModel[] {
  return byKey(spec.spec.registryMirrors ?? {}).map(([registry, mirror]) => ({
    registry,
    endpoints: mirror.endpoints,
    overridePath: mirror.overridePath ?? false,
    skipFallback: mirror.skipFallback ?? false,
  }));
}

function normalizeCni(spec: ClusterSpec): CniModel {
  const cni = spec.spec.cni;
  if (cni?.none !== undefined) return { kind: "none" };
  if (cni?.cilium === undefined) return { kind: "flannel" }; // Talos's own default CNI
  return {
    kind: "cilium",
    version: cni.cilium.version ?? DEFAULT_VERSIONS.cilium,
    mode: cni.cilium.mode ?? "inline",
    values: cni.cilium.values ?? {},
  };
}
