/**
 * A feature is one capability of the generated tree (a platform, the Talos cluster, the
 * CNI, a GitOps engine...). Each contributes its own child module and its own sections of
 * the root files, from its own templates, so that capabilities stay independent: adding one
 * is a new file in src/plan/features/ plus one line in the registry.
 */
import type { ClusterModel } from "../model/model.js";
import type { PlannedFile } from "./planned-file.js";
import type { PatchPlan } from "./talos/patches.js";

/** What every feature may read besides the model: what the other features provide. */
export interface PlanContext {
  platform: PlatformOutputs;
  /** HCL expressions, each a list(object({name, contents})) for cluster.inlineManifests. */
  inlineManifests: string[];
  patches: PatchPlan;
}

/** Rendered HCL snippets a feature adds to the root module, in feature order. */
export interface RootSections {
  providers?: string[];
  variables?: string[];
  calls?: string[];
  outputs?: string[];
  /** import blocks (they may only live in the root module): imports.tf, written only when some feature has one. */
  imports?: string[];
}

export interface ModuleInfo {
  /** Folder under modules/. */
  folder: string;
  /** Name of the module call in the root main.tf. */
  call: string;
  /** What the generated README says the module does. */
  description: string;
  /** Arrows of the README's mermaid diagram, e.g. `nodes -- "addresses" --> cluster`. */
  diagram: string[];
}

/** What the platform gives the cluster: HCL expressions the cluster module call uses. */
export interface PlatformOutputs {
  /**
   * map(object({role, address, internal_address?})) of every node, referencing the machines
   * when they are created here. `address` is where the Talos API is reached; `internal_address`
   * is the node-network address the cluster knows the node by, when it differs (hcloud).
   */
  nodesExpr: string;
  installerImageExpr: string;
  /** The installer of a node class with a schematic of its own (TalosModel.classSchematics). */
  classInstallerImageExpr?: (className: string) => string;
  /** The Kubernetes API URL, when the platform creates its address (hcloud load balancer or floating IP). */
  endpointExpr?: string;
  /** list(string) of Talos patches for the control planes that only exist at apply time (HCloudVIPConfig, certSANs). */
  controlplanePatchesExpr?: string;
  /**
   * The Kubernetes API URL for clients of this tree (helm, flux) when it is not the kubeconfig's:
   * an endpoint named by a host whose DNS record cannot exist before the first apply.
   */
  kubernetesHostExpr?: string;
}

export interface Feature {
  id: string;
  enabled(model: ClusterModel): boolean;
  module?(model: ClusterModel): ModuleInfo;
  /** For a feature with one module per item of a spec list (the spec's own charts). */
  modules?(model: ClusterModel): ModuleInfo[];
  /** Files of the child module (modules/<folder>/...) and any other files (values/, manifests/). */
  files(model: ClusterModel, context: PlanContext): PlannedFile[];
  root(model: ClusterModel, context: PlanContext): RootSections;
  /** HCL expressions of list(object({name, contents})) for the control planes' inlineManifests. */
  inlineManifests?(model: ClusterModel): string[];
}
