/**
 * What the model stage asks of a platform (src/platforms/<kind>/normalize.ts): its model, and
 * the cluster and node values only it can decide. normalize() receives the platform; no model
 * file imports one.
 */
import type { MachinesLock } from "../lock/machines-lock.js";
import type { ClusterSpec, NodeClassSpec, NodeNicSpec, NodeSpec } from "../spec/types.js";
import type { RunnerEnvModel, RunnerVarModel } from "./gitops.js";
import type { NicModel, NodeModel, PlatformModel, TalosModel } from "./model.js";

export interface PlatformNormalizer {
  /** The extensions of the cluster's image when the spec lists none. */
  readonly defaultExtensions: readonly string[];
  /**
   * The platform's model and what it decides, for one spec. `previous` is the lock of the tree
   * being rebuilt (or how a tree without one placed its nodes): machines stay where they are.
   */
  normalize(spec: ClusterSpec, talos: TalosModel, previous: MachinesLock | "round-robin" | undefined): NormalizedPlatform;
}

export interface NormalizedPlatform {
  model: PlatformModel;
  /** The API endpoint's address, when the platform makes it (a load balancer or floating IP). */
  apiEndpoint?: "load-balancer" | "floating-ip";
  /** Where the Talos and Kubernetes APIs are reached from, when the platform knows: the nodes' firewall's default. */
  adminCidrs?: readonly string[];
  /** The MTU of the node network's links, when the platform fixes it (Hetzner's private network). */
  linkMtu?: number;
  /** The providers the platform's module uses, beside talos. */
  providers: readonly string[];
  /** What a tofu-controller runner needs for this platform: the environment the tree reads, root variables it sets. */
  runner: { env: readonly RunnerEnvModel[]; vars: readonly RunnerVarModel[] };
  /** The node's platform fields (host, datastore, firmware, data disk volume), set on the shared model. */
  node(model: NodeModel, spec: NodeSpec, index: number, sizing: NodeClassSpec | undefined): void;
  /** A NIC's platform fields (a Proxmox bridge and MAC, a metal link), set on the shared model. */
  nic(model: NicModel, spec: NodeNicSpec, index: number, node: NodeSpec, logicalName: string | undefined): void;
}
