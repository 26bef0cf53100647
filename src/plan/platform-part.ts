/**
 * What the plan stage asks of a platform (src/platforms/<kind>/plan.ts): the features that make
 * the machines, each node's network documents, the README's platform sentences and the lock's
 * machine facts, for one model. plan() receives the platform; no plan file imports one.
 */
import type { LockedNode } from "../lock/machines-lock.js";
import type { ClusterModel, NodeModel } from "../model/model.js";
import type { Feature, PlatformOutputs } from "./feature.js";

export type TalosDocument = Record<string, unknown>;

export interface PlatformPlanner {
  /** The platform's plan of a model whose platform is this one. */
  plan(model: ClusterModel): PlatformPlan;
}

export interface PlatformPlan {
  /** The features that make the machines: first in the root files and the README. */
  features: readonly Feature[];
  /** What the platform gives the cluster module: HCL expressions. */
  outputs: PlatformOutputs;
  /** Talos network documents of one node (links, addresses, the VIP's link). */
  nodeNetwork(node: NodeModel): TalosDocument[];
  /** Network documents every node gets. */
  commonNetwork(): TalosDocument[];
  /**
   * The machines boot with UEFI Secure Boot: TPM-sealed disk keys then refuse to seal unless
   * Secure Boot is on (documents.ts encryption), so a machine left in setup mode fails closed.
   */
  secureBoot: boolean;
  /** cluster.network.cni when the platform must tell Flannel something; undefined when not. */
  flannel?: TalosDocument;
  readme: PlatformReadme;
  /** The node's machine facts for machines.lock.json (its host, size, firmware...). */
  lock(node: NodeModel): Partial<LockedNode>;
}

/** The README's sentences that depend on the platform. */
export interface PlatformReadme {
  /** "Proxmox VE" */
  name: string;
  /** Credentials the apply needs, as `export` assignments. */
  applyEnv: string[];
  /** Where the machines run, after "3 control planes and 3 workers ". */
  where: string;
  /** The endpoint's URL and sentence when the platform makes its address; undefined when not. */
  createdEndpoint: { url: string; line: string } | undefined;
  /** What an adoption imports: machines by count (adopted), machines it creates (created). */
  adoption(adopted: number, created: number): { machines: string; made: string };
  /**
   * The Image Factory schematics the tree creates (resource addresses): an adoption registers
   * them first (a targeted apply), so that its plan knows every configuration for the dry run.
   */
  schematics: readonly string[];
  /** The machines table: the column's header, and each node's cell and size. */
  placeHeader: string;
  place(node: NodeModel): string;
  size(node: NodeModel): string;
  /** What must exist before the first apply. */
  prerequisites: string[];
  /** "Changing the cluster": what an edit does to the machines. */
  machineNotes: string[];
  /** Whether the tree creates and destroys the machines (metal: they exist without it). */
  ownsMachines: boolean;
  /** "Changing the cluster": what the platform changes about the cluster's network and endpoint. */
  clusterNotes: string[];
}
