/**
 * The Talos patches of the tree, as YAML files under patches/. Each layer (common, role,
 * node) has one generated file, followed by the spec's raw patches for that layer, one file
 * each (two v1alpha1 documents cannot share a file). The talos-cluster module applies them in
 * that order.
 */
import type { ClusterModel, NodeModel } from "../../model/model.js";
import type { TalosPatch } from "../../spec/types.js";
import { KUBEPRISM_PORT } from "../../model/defaults.js";
import { emitYamlDocuments } from "../../render/yaml.js";
import { header, type PlannedFile } from "../planned-file.js";
import { hostnameConfig, layer2VipConfig, linkAliasConfig, registryMirrorConfig, resolverConfig, timeSyncConfig } from "./documents.js";

type Document = Record<string, unknown>;

/** The alias of the NIC that carries the node network (and the VIP). */
export const PRIMARY_LINK_ALIAS = "net0";

/** The patch files, and for each layer the paths (relative to the tree) in merge order. */
export interface PatchPlan {
  files: PlannedFile[];
  common: string[];
  controlplane: string[];
  worker: string[];
  nodes: Array<{ name: string; files: string[] }>;
}

export function planPatches(model: ClusterModel): PatchPlan {
  const files: PlannedFile[] = [];
  const emit = (stem: string, generated: Document[], user: readonly TalosPatch[]): string[] => {
    const paths: string[] = [];
    if (generated.length > 0) paths.push(addFile(files, model.specPath, `patches/${stem}.yaml`, generated, false));
    user.forEach((patch, index) =>
      paths.push(addFile(files, model.specPath, `patches/${stem}.user-${index + 1}.yaml`, [patch], true)),
    );
    return paths;
  };
  return {
    common: emit("common", commonDocuments(model), model.patches.common),
    controlplane: emit("controlplane", [controlPlaneDocument(model)], model.patches.controlplane),
    worker: emit("worker", [], model.patches.worker),
    nodes: model.nodes.map((node) => ({ name: node.name, files: emit(`nodes/${node.name}`, nodeDocuments(model, node), node.patches) })),
    files,
  };
}

function addFile(files: PlannedFile[], specPath: string, path: string, documents: readonly unknown[], fromUser: boolean): string {
  const contents = `${header("yaml", specPath)}\n${emitYamlDocuments(documents, { sortKeys: fromUser })}`;
  files.push({ path, kind: "yaml", contents });
  return path;
}

function commonDocuments(model: ClusterModel): Document[] {
  const cniReplaced = model.cni.kind !== "flannel";
  const machine: Document = {
    install: { disk: model.talos.installDisk },
    // The node network is where the kubelet and etcd talk; other NICs stay private.
    kubelet: { nodeIP: { validSubnets: [model.network.cidr] } },
    features: { kubePrism: { enabled: true, port: KUBEPRISM_PORT } },
  };
  const network: Document = {
    dnsDomain: model.kubernetes.dnsDomain,
    podSubnets: model.kubernetes.podSubnets,
    serviceSubnets: model.kubernetes.serviceSubnets,
  };
  if (cniReplaced) network["cni"] = { name: "none" };
  const cluster: Document = { network };
  // Cilium replaces kube-proxy (kubeProxyReplacement=true in its values).
  if (model.cni.kind === "cilium") cluster["proxy"] = { disabled: true };
  const documents: Document[] = [{ machine, cluster }];
  if (model.network.nameservers.length > 0) documents.push(resolverConfig(model.network.nameservers));
  if (model.network.ntp.length > 0) documents.push(timeSyncConfig(model.network.ntp));
  for (const mirror of model.registryMirrors) documents.push(registryMirrorConfig(mirror));
  return documents;
}

function controlPlaneDocument(model: ClusterModel): Document {
  return {
    cluster: {
      allowSchedulingOnControlPlanes: model.kubernetes.allowSchedulingOnControlPlanes,
      // etcd peers talk over the node network only.
      etcd: { advertisedSubnets: [model.network.cidr] },
    },
  };
}

function nodeDocuments(model: ClusterModel, node: NodeModel): Document[] {
  const documents: Document[] = [];
  const machine: Document = {};
  if (node.labels.length > 0) machine["nodeLabels"] = Object.fromEntries(node.labels.map((l) => [l.key, l.value]));
  if (node.installDisk !== undefined) machine["install"] = { disk: node.installDisk };
  if (Object.keys(machine).length > 0) documents.push({ machine });
  documents.push(hostnameConfig(node.name));
  const primary = node.nics[0];
  if (node.role === "controlplane" && model.endpoint.vip !== undefined && primary !== undefined) {
    documents.push(linkAliasConfig(PRIMARY_LINK_ALIAS, primary.mac));
    documents.push(layer2VipConfig(model.endpoint.vip, PRIMARY_LINK_ALIAS));
  }
  return documents;
}
