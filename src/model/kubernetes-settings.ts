/**
 * Kubernetes settings the spec types (node labels, taints, annotations, sysctls, kernel
 * modules, kubelet flags; flags of the control-plane components), normalized: a node class's
 * settings under the node's own, key by key, and everything in key order so the generated
 * patches do not follow the order the spec happens to list them in.
 */
import type { ExtraArgs, KubernetesSpec, NodeSettingsSpec, SystemVolumes } from "../spec/types.js";
import type { ExtraArgsModel, KernelModuleModel, KeyValue, KubernetesModel, NodeModel } from "./model.js";
import { byKey } from "../base/compare.js";

export function extraArgsModel(args: ExtraArgs | undefined): ExtraArgsModel {
  return byKey(args ?? {}).map(([name, value]) => ({ name, value }));
}

export function componentSettings(
  kubernetes: KubernetesSpec | undefined,
): Pick<KubernetesModel, "apiServer" | "controllerManager" | "scheduler" | "extraManifests" | "inlineManifests"> {
  return {
    extraManifests: kubernetes?.extraManifests ?? [],
    inlineManifests: kubernetes?.inlineManifests ?? [],
    apiServer: {
      certSANs: kubernetes?.apiServer?.certSANs ?? [],
      extraArgs: extraArgsModel(kubernetes?.apiServer?.extraArgs),
    },
    controllerManager: { extraArgs: extraArgsModel(kubernetes?.controllerManager?.extraArgs) },
    scheduler: { extraArgs: extraArgsModel(kubernetes?.scheduler?.extraArgs) },
  };
}

/** The parts of a node's model its settings make. */
export type NodeSettings = Pick<
  NodeModel,
  | "labels"
  | "taints"
  | "annotations"
  | "certSANs"
  | "sysctls"
  | "kernelModules"
  | "kubeletExtraArgs"
  | "kubeletExtraConfig"
  | "userVolumes"
  | "systemVolumes"
  | "extensionServices"
  | "files"
>;

/** The node's settings over its class's, over its role's. */
export function nodeSettings(role: NodeSettingsSpec | undefined, nodeClass: NodeSettingsSpec | undefined, node: NodeSettingsSpec): NodeSettings {
  const layers = [role ?? {}, nodeClass ?? {}, node];
  const merged = <T>(pick: (s: NodeSettingsSpec) => Record<string, T> | undefined): Array<[string, T]> =>
    byKey(Object.assign({}, ...layers.map((layer) => pick(layer) ?? {})) as Record<string, T>);
  const text = ([key, value]: [string, string | number]): KeyValue => ({ key, value: String(value) });
  // Modules keep the order of the layers; a later layer's entry replaces an earlier one's.
  const modules = new Map<string, KernelModuleModel>();
  for (const module of layers.flatMap((layer) => layer.kernelModules ?? []))
    modules.set(module.name, { name: module.name, parameters: module.parameters ?? [] });
  // Certificate names add up; the first mention keeps its place.
  const certSANs = [...new Set(layers.flatMap((layer) => layer.certSANs ?? []))];
  return {
    labels: merged((s) => s.labels).map(text),
    // In the order the layers list them, not sorted: a worker's taints are joined into one flag
    // value, which then reads like the spec (and a renamed key stays where it was).
    // A Map, not Object.assign: an object lists integer-like keys ("7") first, whatever their layer.
    taints: [...new Map(layers.flatMap((layer) => Object.entries(layer.taints ?? {}))).entries()].map(text),
    annotations: merged((s) => s.annotations).map(text),
    certSANs,
    sysctls: merged((s) => s.sysctls).map(text),
    kernelModules: [...modules.values()],
    kubeletExtraArgs: merged((s) => s.kubelet?.extraArgs).map(([name, value]) => ({ name, value })),
    kubeletExtraConfig: Object.fromEntries(merged((s) => s.kubelet?.extraConfig)),
    userVolumes: byName(layers.flatMap((layer) => layer.userVolumes ?? [])),
    extensionServices: byName(layers.flatMap((layer) => layer.extensionServices ?? [])),
    files: [...new Map(layers.flatMap((layer) => layer.files ?? []).map((file) => [file.path, file])).values()],
    // Volume by volume: a class that sizes EPHEMERAL replaces the role's EPHEMERAL whole, since
    // a selector and sizes only make sense together.
    systemVolumes: Object.assign({}, ...layers.map((layer) => layer.volumes ?? {})) as SystemVolumes,
  };
}

/** One entry per name, a later layer's replacing an earlier one's in its place. */
function byName<T extends { name: string }>(entries: readonly T[]): T[] {
  return [...new Map(entries.map((entry) => [entry.name, entry])).values()];
}
