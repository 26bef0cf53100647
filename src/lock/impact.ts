/**
 * What a rebuilt tree does to running machines, node by node in the order the rollout reaches
 * them, from the machines.lock.json the tree had and the one the build makes. Known from the
 * tree alone, before any plan: `build` prints it (impact-text.ts) and refuses what would hurt
 * the cluster (impact-guards.ts).
 *
 * The facts each effect rests on: the talos provider's talos_machine (v0.12.0
 * talos_machine_resource.go) upgrades a node whose image changes (pull, install, cordon and
 * drain, reboot, wait until healthy, uncordon) and then applies a changed configuration; it
 * creates a machine by applying its configuration, and resets it when destroyed. Each platform
 * (src/platforms/<kind>/lock.ts) says which machine changes its provider replaces or restarts:
 * those happen when the provider updates the machine, outside the rollout's chain.
 */
import { compareStrings } from "../base/compare.js";
import { DIGESTS, type LockedNode, type MachinesLock } from "./machines-lock.js";
import type { PlatformLock } from "./platform-part.js";

export type Role = LockedNode["role"];

export interface VersionChange {
  from: string;
  to: string;
}

export type NodeEffect =
  /** A new machine: created, configured, joins the cluster (a control plane: etcd). */
  | { kind: "create" }
  /** A running node a tree of an earlier talos-hclgen configured: its talos_machine takes it over. */
  | { kind: "adopt" }
  /** A new machine in its place, installed from an empty disk. */
  | { kind: "replace"; reason: string }
  /** A new installer image: the Talos version, or the node's schematic (`installer`: its class). */
  | { kind: "upgrade"; talos?: VersionChange; schematic: boolean; installer?: string }
  /** A new configuration; `boot`: it changes what a running node takes only at boot. */
  | { kind: "configure"; boot: boolean }
  /** The platform's provider restarts the machine to change it, outside the rollout. */
  | { kind: "restart"; reasons: string[] }
  /** STATE or EPHEMERAL settings: kept as installed. */
  | { kind: "volumes" }
  /** Gone from the spec: reset (leaves etcd, wiped), Node deleted, machine destroyed. */
  | { kind: "remove" }
  /** Marked gone (a dead machine): forgotten, its etcd member and Node deleted, no reset. */
  | { kind: "gone" };

export interface NodeImpact {
  node: string;
  role: Role;
  /** Its step in the rollout (a removed node's: the one it had). */
  step?: number;
  effects: NodeEffect[];
}

export interface RolloutImpact {
  platform: MachinesLock["platform"];
  /** The Talos version the nodes run once the apply has upgraded them. */
  runningTalos: string;
  /** The Kubernetes version the nodes run until talos_cluster upgrades it, after the last node. */
  kubernetesDuringRollout: string;
  talos?: VersionChange;
  contract?: VersionChange;
  kubernetes?: VersionChange;
  cluster?: VersionChange;
  /**
   * False when the earlier lock's digests were made another way (an older talos-hclgen):
   * configurations are not compared, since every digest differs without any change.
   */
  configurationsCompared: boolean;
  /** Nodes in the rollout's order, then removed ones (the reverse of theirs), then gone ones. */
  nodes: NodeImpact[];
  /** Control planes the earlier lock had: the etcd members before the apply. */
  membersBefore: number;
  /** New nodes that take a removed node's machine identity (its address or VM id) in the same apply. */
  reused: IdentityReuse[];
}

export interface IdentityReuse {
  /** The new node, and the removed node whose identity it takes. */
  node: string;
  from: string;
  /** "address 192.168.62.33", "VM id 1203" */
  what: string[];
}

/**
 * A removed node's address or VM id taken by a new node in the same apply (a rename that keeps
 * them): nothing orders the removed node's reset and its machine's destroy before the new one's
 * create, so the create meets a VM id still in use (bpg/proxmox v0.111.1 CreateVM takes "already
 * exists" as done only on a retry) or a machine being reset under the new configuration.
 */
function reusedIdentities(previous: MachinesLock, next: MachinesLock): IdentityReuse[] {
  const reused: IdentityReuse[] = [];
  // A gone node's machine is dead (no reset, its address is free), but its VM is still destroyed.
  const removed = Object.entries(previous.nodes).filter(([name]) => next.nodes[name] === undefined);
  for (const [name, after] of Object.entries(next.nodes)) {
    if (previous.nodes[name] !== undefined) continue;
    for (const [oldName, before] of removed) {
      const gone = next.gone?.[oldName] !== undefined;
      const what = [
        !gone && before.address !== undefined && before.address === after.address ? `address ${after.address}` : undefined,
        before.vmId !== undefined && before.vmId === after.vmId ? `VM id ${after.vmId}` : undefined,
      ].filter((w): w is string => w !== undefined);
      if (what.length > 0) reused.push({ node: name, from: oldName, what });
    }
  }
  return reused;
}

/** "label before -> after", or undefined when nothing changed. */
export function change(label: string, before: unknown, after: unknown): string | undefined {
  return before === after ? undefined : `${label} ${String(before ?? "none")} -> ${String(after ?? "none")}`;
}

function versionChange(before: string | undefined, after: string | undefined): VersionChange | undefined {
  return before === undefined || after === undefined || before === after ? undefined : { from: before, to: after };
}

/** What happens to a node both locks have. */
function kept(previous: MachinesLock, next: MachinesLock, platform: PlatformLock, before: LockedNode, after: LockedNode): NodeEffect[] {
  if (before.role !== after.role) return [{ kind: "replace", reason: `role ${before.role} -> ${after.role}` }];
  // talos_machine's node forces a new resource (provider v0.12.0 talos_machine_resource.go,
  // RequiresReplace): the old one resets the node it reached, the new one configures the new
  // address. Locks of DHCP nodes have no address.
  if (before.address !== undefined && after.address !== undefined && before.address !== after.address) {
    return [{ kind: "replace", reason: `address ${before.address} -> ${after.address}` }];
  }
  const replaced = previous.platform === next.platform ? platform.replacement(before, after) : `platform ${previous.platform} -> ${next.platform}`;
  if (replaced !== undefined) return [{ kind: "replace", reason: replaced }];
  const effects: NodeEffect[] = [];
  const talos = versionChange(previous.talos, next.talos);
  // Locks written before the schematic was recorded say nothing about it.
  const schematic = before.schematic !== undefined && after.schematic !== undefined && before.schematic !== after.schematic;
  if (talos !== undefined || schematic) {
    effects.push({
      kind: "upgrade",
      ...(talos === undefined ? {} : { talos }),
      schematic,
      ...(after.installer === undefined ? {} : { installer: after.installer }),
    });
  }
  if (previous.digests === undefined) effects.push({ kind: "adopt" });
  else if (previous.digests === DIGESTS && before.configuration !== after.configuration) effects.push({ kind: "configure", boot: before.boot !== after.boot });
  const restarts = platform.restarts(before, after);
  if (restarts.length > 0) effects.push({ kind: "restart", reasons: restarts });
  // Talos provisions STATE and EPHEMERAL at install and never again (docs talos/v1.13
  // disk-management/system.mdx: "only applied when the volume has not been provisioned yet";
  // disk-encryption.mdx: only an empty partition is encrypted).
  if (before.volumes !== after.volumes) effects.push({ kind: "volumes" });
  return effects;
}

const byStep = (a: NodeImpact, b: NodeImpact): number => (a.step ?? Infinity) - (b.step ?? Infinity) || compareStrings(a.node, b.node);

export function rolloutImpact(previous: MachinesLock, next: MachinesLock, platform: PlatformLock): RolloutImpact {
  const live: NodeImpact[] = [];
  const removed: NodeImpact[] = [];
  for (const [name, after] of Object.entries(next.nodes)) {
    const before = previous.nodes[name];
    const effects: NodeEffect[] = before === undefined ? [{ kind: "create" }] : kept(previous, next, platform, before, after);
    if (effects.length > 0) live.push({ node: name, role: after.role, ...(after.step === undefined ? {} : { step: after.step }), effects });
  }
  const gone = next.gone ?? {};
  const goneBefore = previous.gone ?? {};
  for (const [name, before] of Object.entries(previous.nodes)) {
    if (next.nodes[name] !== undefined) continue;
    const impact = { node: name, role: before.role, ...(before.step === undefined ? {} : { step: before.step }) };
    removed.push({ ...impact, effects: [{ kind: gone[name] === undefined ? "remove" : "gone" }] });
  }
  // A node marked gone that the earlier lock did not have as a machine (already gone, or never
  // built by this tree): still forgotten by the apply, once.
  for (const [name, role] of Object.entries(gone)) {
    if (previous.nodes[name] === undefined && goneBefore[name] === undefined) removed.push({ node: name, role, effects: [{ kind: "gone" }] });
  }
  const impact: RolloutImpact = {
    platform: next.platform,
    runningTalos: next.talos,
    kubernetesDuringRollout: previous.kubernetes,
    configurationsCompared: previous.digests === DIGESTS,
    nodes: [
      ...live.sort(byStep),
      // The chain's destroys run backwards: the last node of the rollout goes first.
      ...removed.filter((n) => n.effects[0]?.kind === "remove").sort((a, b) => byStep(b, a)),
      ...removed.filter((n) => n.effects[0]?.kind === "gone"),
    ],
    membersBefore: Object.values(previous.nodes).filter((node) => node.role === "controlplane").length,
    reused: reusedIdentities(previous, next),
  };
  const talos = versionChange(previous.talos, next.talos);
  if (talos !== undefined) impact.talos = talos;
  // Locks written before the contract or the cluster name was recorded have none: no change then.
  const contract = versionChange(previous.contract, next.contract);
  if (contract !== undefined) impact.contract = contract;
  const kubernetes = versionChange(previous.kubernetes, next.kubernetes);
  if (kubernetes !== undefined) impact.kubernetes = kubernetes;
  const cluster = versionChange(previous.cluster, next.cluster);
  if (cluster !== undefined) impact.cluster = cluster;
  return impact;
}

/** Whether the apply changes nothing that runs. */
export function isQuiet(impact: RolloutImpact): boolean {
  return impact.nodes.length === 0 && impact.kubernetes === undefined && impact.cluster === undefined && impact.configurationsCompared;
}

/** The nodes with an effect of `kind`. */
export function nodesWith(impact: RolloutImpact, kind: NodeEffect["kind"]): NodeImpact[] {
  return impact.nodes.filter((node) => node.effects.some((effect) => effect.kind === kind));
}
