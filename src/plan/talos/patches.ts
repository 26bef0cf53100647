/**
 * The Talos patches of the tree, as YAML files under patches/. Each layer (common, role,
 * node) has one generated file when it has anything to say, followed by the spec's raw
 * patches for that layer, one file each (two v1alpha1 documents cannot share a file). The
 * talos-cluster module applies them in that order, with the node's hostname first in its layer.
 */
import type { ClusterModel, NodeModel } from "../../model/model.js";
import type { TalosPatch } from "../../spec/types.js";
import { DEFAULT_APISERVER_PORT, KUBEPRISM_PORT } from "../../catalog/defaults.js";
import { compareStrings } from "../../base/compare.js";
import { formatNetwork, parseCidr } from "../../base/net/cidr.js";
import { emitYamlDocuments } from "../../render/yaml.js";
import { header, type PlannedFile } from "../planned-file.js";
import { kubeSpanConfig, registryMirrorConfig, resolverConfig, systemVolumeConfigs, timeSyncConfig, userVolumeConfig, wireguardConfig } from "./documents.js";
import { extensionServiceConfig } from "./extension-services.js";
import { commonFirewallDocuments, nodeFirewallDocuments, roleFirewallDocuments } from "./firewall.js";
import { holdsSecret, secretDocuments, secretsOf, type SecretDocuments } from "./secret-documents.js";
import type { PlatformPlan } from "../platform-part.js";
import { flags, nodeSettingsMachine } from "./node-settings.js";

type Document = Record<string, unknown>;

/** The patch files, and for each layer the paths (relative to the tree) in merge order. */
export interface PatchPlan {
  files: PlannedFile[];
  common: string[];
  controlplane: string[];
  worker: string[];
  nodes: Array<{ name: string; files: string[] }>;
  /** Extension service documents that carry secrets: built in the root module, not files. */
  secrets: SecretDocuments;
  /** The sensitive variables those documents read. */
  secretVariables: SecretVariable[];
}

export function planPatches(model: ClusterModel, platform: PlatformPlan): PatchPlan {
  const files: PlannedFile[] = [];
  const fileHeader = header("yaml", model.specPath); // the same first line for every file
  const emit = (stem: string, generated: Document[], user: readonly TalosPatch[]): string[] => {
    const paths: string[] = [];
    if (generated.length > 0) paths.push(addFile(files, fileHeader, `patches/${stem}.yaml`, generated, false));
    user.forEach((patch, index) => paths.push(addFile(files, fileHeader, `patches/${stem}.user-${index + 1}.yaml`, [patch], true)));
    return paths;
  };
  const perNode = model.nodes.map((node) => ({ node, documents: nodeDocuments(model, platform, node) }));
  return {
    common: emit("common", commonDocuments(model, platform), model.patches.common),
    controlplane: emit("controlplane", [controlPlaneDocument(model), ...roleFirewallDocuments(model, "controlplane")], model.patches.controlplane),
    worker: emit("worker", roleFirewallDocuments(model, "worker"), model.patches.worker),
    nodes: perNode.map(({ node, documents }) => ({
      name: node.name,
      files: emit(
        `nodes/${node.name}`,
        documents.filter((d) => !holdsSecret(d)),
        node.patches,
      ),
    })),
    secrets: secretDocuments(perNode.map(({ node, documents }) => ({ name: node.name, documents: documents.filter(holdsSecret) }))),
    secretVariables: secretVariables(perNode.flatMap(({ documents }) => documents.filter(holdsSecret))),
    files,
  };
}

function addFile(files: PlannedFile[], fileHeader: string, path: string, documents: readonly unknown[], fromUser: boolean): string {
  const contents = `${fileHeader}\n${emitYamlDocuments(documents, { sortKeys: fromUser })}`;
  files.push({ path, kind: "yaml", contents });
  return path;
}

/**
 * A dual-stack cluster's kubelets need a node IP of each family: Talos picks them from
 * validSubnets (machined controllers/k8s/nodeip_config.go; without validSubnets it would take
 * any address of the service subnets' families). Besides network.cidr, the IPv6 networks of the
 * nodes' first NICs, when the service subnets have an IPv6 block; none otherwise, so single-stack
 * trees keep their configuration. A first NIC on DHCPv6 or SLAAC has no network the spec knows: then any
 * IPv6 address (::/0, Talos's own choice for the family; nodeip.go takes routed addresses only).
 */
function ipv6NodeSubnets(model: ClusterModel): string[] {
  if (!model.kubernetes.serviceSubnets.some((text) => parseCidr(text)?.family === 6)) return [];
  const networks = new Set<string>();
  for (const node of model.nodes) {
    const nic = node.nics[0];
    if (nic?.ipv6 !== undefined) return ["::/0"];
    for (const text of [nic?.address, ...(nic?.additionalAddresses ?? [])]) {
      const cidr = text === undefined ? undefined : parseCidr(text);
      if (cidr?.family === 6) networks.add(formatNetwork(cidr));
    }
  }
  return [...networks].sort(compareStrings);
}

function commonDocuments(model: ClusterModel, platform: PlatformPlan): Document[] {
  const cniReplaced = model.cni.kind !== "flannel";
  const kubelet: Document = { nodeIP: { validSubnets: [model.network.cidr, ...ipv6NodeSubnets(model)] } };
  // Serving certificates signed by the cluster CA, so that metrics-server can verify the
  // kubelets (Talos guide "Deploy the Metrics Server"); the approver signs off the CSRs.
  if (model.kubeletServingCerts !== undefined) kubelet["extraArgs"] = { "rotate-server-certificates": "true" };
  const machine: Document = {
    install: { disk: model.talos.installDisk },
    // The node network is where the kubelet and etcd talk; other NICs stay private.
    kubelet,
    features: { kubePrism: { enabled: true, port: KUBEPRISM_PORT } },
  };
  const network: Document = {
    dnsDomain: model.kubernetes.dnsDomain,
    podSubnets: model.kubernetes.podSubnets,
    serviceSubnets: model.kubernetes.serviceSubnets,
  };
  if (cniReplaced) network["cni"] = { name: "none" };
  else if (platform.flannel !== undefined) network["cni"] = platform.flannel;
  const cluster: Document = { network };
  // The public discovery service (discovery.talos.dev) cannot be reached from an air gap.
  if (!model.talos.discovery) cluster["discovery"] = { enabled: false };
  // KubeSpan finds its peers through the discovery service; the Kubernetes registry is
  // "problematic with KubeSpan" when the API endpoint is routed through it, so only the service
  // registry (Talos v1.13 KubeSpan guide, what talosctl gen config --with-kubespan writes).
  else if (model.network.kubespan !== undefined) cluster["discovery"] = { enabled: true, registries: { kubernetes: { disabled: true } } };
  // Cilium replaces kube-proxy (kubeProxyReplacement=true in its values).
  if (model.cni.kind === "cilium") cluster["proxy"] = { disabled: true };
  // The Hetzner cloud controller manager initializes the nodes: kubelets start with
  // --cloud-provider=external (https://www.talos.dev/v1.13/reference/configuration/v1alpha1/config/#Config.cluster.externalCloudProvider).
  if (model.addons.some((addon) => addon.id === "hcloud-ccm")) cluster["externalCloudProvider"] = { enabled: true };
  const documents: Document[] = [{ machine, cluster }];
  if (model.network.kubespan !== undefined) documents.push(kubeSpanConfig(model.network.kubespan));
  documents.push(...platform.commonNetwork());
  const resolver = perNodeResolvers(model) ? undefined : resolverConfig(model.network);
  if (resolver !== undefined) documents.push(resolver);
  if (model.network.ntp.length > 0 || model.network.ptp.length > 0) {
    documents.push(timeSyncConfig(model.network.ntp, model.network.ptp));
  }
  for (const mirror of model.registryMirrors) documents.push(registryMirrorConfig(mirror));
  documents.push(...commonFirewallDocuments(model));
  return documents;
}

function controlPlaneDocument(model: ClusterModel): Document {
  const cluster: Document = {
    allowSchedulingOnControlPlanes: model.kubernetes.allowSchedulingOnControlPlanes,
    // etcd peers talk over the node network only.
    etcd: { advertisedSubnets: [model.network.cidr] },
  };
  // The control planes fetch the approver's manifest and keep it applied (cluster.extraManifests).
  // The spec's own follow (cluster.extraManifests).
  const extraManifests = [...(model.kubeletServingCerts === undefined ? [] : [model.kubeletServingCerts.approverManifest]), ...model.kubernetes.extraManifests];
  if (extraManifests.length > 0) cluster["extraManifests"] = [...new Set(extraManifests)];
  const { apiServer, controllerManager, scheduler } = model.kubernetes;
  const apiServerConfig: Document = {};
  if (apiServer.certSANs.length > 0) apiServerConfig["certSANs"] = apiServer.certSANs;
  if (apiServer.extraArgs.length > 0) apiServerConfig["extraArgs"] = flags(apiServer.extraArgs);
  if (Object.keys(apiServerConfig).length > 0) cluster["apiServer"] = apiServerConfig;
  if (controllerManager.extraArgs.length > 0) cluster["controllerManager"] = { extraArgs: flags(controllerManager.extraArgs) };
  if (scheduler.extraArgs.length > 0) cluster["scheduler"] = { extraArgs: flags(scheduler.extraArgs) };
  // An endpoint that lands on a control plane (VIP, floating IP) reaches kube-apiserver on its own port.
  if (model.endpoint.apiServerPort !== DEFAULT_APISERVER_PORT) {
    cluster["controlPlane"] = { localAPIServerPort: model.endpoint.apiServerPort };
  }
  return { cluster };
}

/**
 * A node with resolvers of its own (nodes[].nameservers) takes a ResolverConfig of its own. Talos
 * appends the lists of a patched document (machinery config/types/network/resolver.go:
 * nameservers has no merge:"replace"), so a node patch cannot take the common one's list back:
 * then every node's ResolverConfig is in its own patch, the cluster's list where it has none.
 */
function perNodeResolvers(model: ClusterModel): boolean {
  return model.nodes.some((node) => node.nameservers !== undefined);
}

function nodeDocuments(model: ClusterModel, platform: PlatformPlan, node: NodeModel): Document[] {
  const documents: Document[] = [];
  const machine: Document = nodeSettingsMachine(node);
  // A selector has priority over the common patch's disk path (machine.install.diskSelector docs).
  if (node.installDiskSelector !== undefined) machine["install"] = { diskSelector: node.installDiskSelector };
  else if (node.installDisk !== undefined) machine["install"] = { disk: node.installDisk };
  if (Object.keys(machine).length > 0) documents.push({ machine });
  // The hostname is not here: the talos-cluster module sets it from the node's name
  // (documents.ts hostnameConfig), so a node with nothing else of its own has no file.
  documents.push(...platform.nodeNetwork(node));
  if (perNodeResolvers(model)) {
    const resolver = resolverConfig({ ...model.network, nameservers: node.nameservers ?? model.network.nameservers });
    if (resolver !== undefined) documents.push(resolver);
  }
  documents.push(...node.wireguard.map(wireguardConfig));
  documents.push(...nodeFirewallDocuments(model, node));
  const keys = { secureBoot: platform.secureBoot };
  documents.push(...systemVolumeConfigs(node.systemVolumes, keys));
  documents.push(...node.userVolumes.map((volume) => userVolumeConfig(volume, keys)));
  documents.push(...node.extensionServices.map(extensionServiceConfig));
  return documents;
}

/** A sensitive variable the spec names, with the documents that read it. */
export interface SecretVariable {
  name: string;
  usedBy: string[];
}

/** Every secret variable the documents read, by name. */
export function secretVariables(documents: readonly Document[]): SecretVariable[] {
  const uses = new Map<string, Set<string>>();
  for (const document of documents) {
    for (const secret of secretsOf(document)) {
      const where = `${String(document["kind"])} ${String(document["name"])}${secret.prefix === "" ? "" : `: ${secret.prefix.replace(/=$/, "")}`}`;
      uses.set(secret.variable, (uses.get(secret.variable) ?? new Set<string>()).add(where));
    }
  }
  return [...uses.keys()].sort().map((name) => ({ name, usedBy: [...(uses.get(name) ?? [])].sort() }));
}
