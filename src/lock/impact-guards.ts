/**
 * What `build` refuses to put in front of `tofu apply`, from the rollout impact (impact.ts): the
 * changes that would take the cluster down or that Talos itself refuses halfway through a
 * rollout. Some are refused outright (they never work, or lose etcd quorum); some only without
 * the flag that says the operator means it (`--allow-replace`, `--allow-restart`).
 */
import { compareMinors, minorOf } from "../base/versions.js";
import { runsKubernetes, talosRelease } from "../catalog/talos-compatibility.js";
import { nodesWith, type NodeImpact, type RolloutImpact } from "./impact.js";
import type { PlatformLock } from "./platform-part.js";

export type GuardFlag = "allow-replace" | "allow-restart";

export interface Refusal {
  code:
    | "cli/replaces-control-plane"
    | "cli/control-planes-at-once"
    | "cli/etcd-quorum"
    | "cli/role-change"
    | "cli/address-change"
    | "cli/identity-reuse"
    | "cli/cluster-rename"
    | "cli/restarts-at-once"
    | "cli/talos-upgrade-path"
    | "cli/kubernetes-upgrade-path";
  message: string;
  hint: string;
  /** The flag that lets the build through; none: refused whatever the flags. */
  unless?: GuardFlag;
  /** Only a warning: the build goes on. */
  warning?: true;
}

const names = (nodes: readonly NodeImpact[]): string => nodes.map((node) => node.node).join(", ");
const planes = (nodes: readonly NodeImpact[]): NodeImpact[] => nodes.filter((node) => node.role === "controlplane");

/** Talos rebooted a node for a boot-only change before 1.14 (catalog/talos-boot-only-fields.ts). */
export function rebootsToConfigure(impact: RolloutImpact, node: NodeImpact): boolean {
  return compareMinors(minorOf(impact.runningTalos), "v1.14") < 0 && node.effects.some((effect) => effect.kind === "configure" && effect.boot);
}

/** Nodes that go down outside the rollout's one-at-a-time chain. */
export function restartedAtOnce(impact: RolloutImpact): NodeImpact[] {
  return impact.nodes.filter((node) => node.effects.some((effect) => effect.kind === "restart") || rebootsToConfigure(impact, node));
}

function membership(impact: RolloutImpact): Refusal[] {
  const refusals: Refusal[] = [];
  const roleChanges = impact.nodes.filter((node) => node.effects.some((effect) => effect.kind === "replace" && effect.reason.startsWith("role ")));
  if (roleChanges.length > 0) {
    refusals.push({
      code: "cli/role-change",
      message: `${names(roleChanges)} change${roleChanges.length === 1 ? "s" : ""} role: Talos cannot turn a running node into the other role`,
      hint: "in two steps: remove the node from the spec and apply (it is reset and leaves the cluster), then add it back with its new role and apply",
    });
  }
  const moved = impact.nodes.filter((node) => node.effects.some((effect) => effect.kind === "replace" && effect.reason.startsWith("address ")));
  if (moved.length > 0) {
    refusals.push({
      code: "cli/address-change",
      message: `${names(moved)} change${moved.length === 1 ? "s" : ""} address: the tree would reset the running node and configure a machine at the new address`,
      hint: "add the machine under a new name with the new address and apply, then remove the old node",
    });
  }
  for (const reuse of impact.reused) {
    refusals.push({
      code: "cli/identity-reuse",
      message: `${reuse.node} takes ${reuse.from}'s ${reuse.what.join(" and ")} in the apply that removes ${reuse.from}: nothing orders ${reuse.from}'s reset and removal before ${reuse.node}'s creation`,
      hint: `remove ${reuse.from} and apply first, then add ${reuse.node} and apply; or give ${reuse.node} an address${reuse.what.some((w) => w.startsWith("VM id")) ? " and VM id" : ""} of its own`,
    });
  }
  // A control plane that leaves, whichever way: etcd loses a member each time, and two at once
  // can take quorum with them (docs talos/v1.13 etcd-maintenance.mdx: remove members one at a time).
  const leaving = planes(impact.nodes.filter((node) => node.effects.some((e) => e.kind === "replace" || e.kind === "remove" || e.kind === "gone")));
  if (leaving.length > 1) {
    refusals.push({
      code: "cli/control-planes-at-once",
      message: `${names(leaving)} would leave etcd in one apply (replaced, removed or gone)`,
      hint: "change one control plane per apply: apply, wait until etcd is healthy (talosctl etcd status), then the next",
    });
  }
  const replaced = planes(nodesWith(impact, "replace")).filter((node) => !roleChanges.includes(node) && !moved.includes(node));
  if (replaced.length === 1) {
    refusals.push({
      code: "cli/replaces-control-plane",
      message: `the rebuilt tree replaces control plane ${names(replaced)}`,
      hint: "a replaced control plane joins etcd again from an empty disk: replace one at a time",
      unless: "allow-replace",
    });
  }
  // A dead member is removed by the members left (talosctl etcd remove-member), which needs a
  // quorum of the members etcd still counts: more than half (etcd raft). Without it the cluster
  // must be recovered from a snapshot (docs talos/v1.13 disaster-recovery.mdx).
  const gone = planes(nodesWith(impact, "gone"));
  const alive = impact.membersBefore - gone.length;
  if (gone.length > 0 && impact.membersBefore > 0 && alive <= impact.membersBefore / 2) {
    refusals.push({
      code: "cli/etcd-quorum",
      message: `with ${names(gone)} gone, ${alive} of ${impact.membersBefore} etcd members are left: no quorum to remove the dead one${gone.length === 1 ? "" : "s"}`,
      hint: "etcd cannot change its membership without quorum: recover it from a snapshot first (talosctl etcd snapshot, then talosctl bootstrap --recover-from; docs talos disaster-recovery)",
    });
  }
  return refusals;
}

function restarts(impact: RolloutImpact): Refusal[] {
  const down = restartedAtOnce(impact);
  const upgrading = planes(nodesWith(impact, "upgrade"));
  const planeDown = planes(down);
  const clash = planeDown.length === 1 && upgrading.some((node) => !planeDown.includes(node));
  if (down.length <= 1 && !clash) return [];
  const why = clash
    ? `${names(planeDown)} restarts while the rollout reboots ${names(upgrading.filter((node) => !planeDown.includes(node)))}`
    : `${names(down)} restart at once, outside the rollout's one-at-a-time order`;
  return [
    {
      code: "cli/restarts-at-once",
      message: why,
      hint: "restart them one at a time: apply each node's machine alone (tofu apply -target=<its VM or server>), or change one node per build",
      unless: "allow-restart",
    },
  ];
}

function versions(impact: RolloutImpact): Refusal[] {
  const refusals: Refusal[] = [];
  const talos = impact.talos;
  if (talos !== undefined) {
    const target = talosRelease(talos.to);
    const from = minorOf(talos.from);
    const upward = compareMinors(minorOf(talos.to), from) >= 0;
    if (target?.upgradeFrom !== undefined && upward && compareMinors(from, target.upgradeFrom) < 0) {
      refusals.push({
        code: "cli/talos-upgrade-path",
        message: `Talos ${talos.from} -> ${talos.to}: the ${target.talos} installer refuses a node older than ${target.upgradeFrom}`,
        hint: `upgrade through each minor in turn: ${target.upgradeFrom} first (its latest patch), apply, then the next`,
      });
    } else if (target?.downgradeBelow !== undefined && !upward && compareMinors(from, target.downgradeBelow) >= 0) {
      refusals.push({
        code: "cli/talos-upgrade-path",
        message: `Talos ${talos.from} -> ${talos.to}: the ${target.talos} installer refuses a node of ${target.downgradeBelow} or newer`,
        hint: "go down one minor at a time, or keep the version",
      });
    } else if (upward && skipsMinor(from, minorOf(talos.to))) {
      refusals.push({
        code: "cli/talos-upgrade-path",
        message: `Talos ${talos.from} -> ${talos.to} skips a minor: the installer allows it, but Talos tests upgrades between adjacent minors only`,
        hint: "upgrading through each minor's latest patch in turn is the path Talos documents (docs talos upgrading-talos.mdx)",
        warning: true,
      });
    }
    // The nodes run their new Talos under the old Kubernetes until talos_cluster upgrades it,
    // after the last node (pkg/machinery/compatibility: Talos refuses Kubernetes images outside its range).
    const running = impact.kubernetesDuringRollout;
    if (target !== undefined && !runsKubernetes(target, running)) {
      refusals.push({
        code: "cli/kubernetes-upgrade-path",
        message: `Talos ${talos.to} does not run Kubernetes ${running}, which the nodes keep until the rollout ends`,
        hint: `upgrade Kubernetes first, on Talos ${talos.from}, to ${target.kubernetes.oldest} or newer; then Talos`,
      });
    }
  }
  const kubernetes = impact.kubernetes;
  if (kubernetes !== undefined) {
    const from = minorOf(kubernetes.from);
    const to = minorOf(kubernetes.to);
    const step = compareMinors(to, from);
    // upgrade-k8s follows go-kubernetes upgrade paths: the same minor or the next one
    // (kubernetes/upgrade/path.go IsSupported), never down.
    if (step < 0 || skipsMinor(from, to)) {
      refusals.push({
        code: "cli/kubernetes-upgrade-path",
        message: `Kubernetes ${kubernetes.from} -> ${kubernetes.to}: talosctl upgrade-k8s ${step < 0 ? "cannot go back to an older minor" : "moves one minor at a time"}`,
        hint: step < 0 ? "keep the running minor (a newer patch is fine)" : `go to ${nextMinor(from)} first (its latest patch), apply, then ${to}`,
      });
    }
  }
  return refusals;
}

function nextMinor(minor: string): string {
  const [major = "1", number = "0"] = minor.replace(/^v/, "").split(".");
  return `v${major}.${Number(number) + 1}`;
}

/** Whether `to` is more than one minor after `from` (same major). */
function skipsMinor(from: string, to: string): boolean {
  return compareMinors(to, nextMinor(from)) > 0;
}

function rename(impact: RolloutImpact, platform: PlatformLock): Refusal[] {
  if (impact.cluster === undefined) return [];
  const machines = platform.renamed === undefined ? "" : `, and ${platform.renamed}`;
  return [
    {
      code: "cli/cluster-rename",
      message: `metadata.name ${impact.cluster.from} -> ${impact.cluster.to}: every node's configuration names another cluster${machines}`,
      hint: `keep metadata.name ${impact.cluster.from} for this cluster (the tree's folder and state can move without it)`,
      unless: "allow-replace",
    },
  ];
}

/** Everything the impact runs into, in the order an operator fixes them. */
export function impactRefusals(impact: RolloutImpact, platform: PlatformLock): Refusal[] {
  return [...versions(impact), ...rename(impact, platform), ...membership(impact), ...restarts(impact)];
}
