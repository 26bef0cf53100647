/**
 * What a rebuilt tree will do to running machines, from the machines.lock.json the tree had
 * and the one the build makes: machines created, destroyed (reset first), replaced, rebooted,
 * reconfigured. Known from the tree alone, before any plan; `build` prints it and refuses to
 * replace a control plane unless told to (`--allow-replace`). The facts each line rests on
 * are the providers' (each platform's, src/platforms/<kind>/lock.ts: bpg/proxmox replaces a VM
 * whose host or VM id changes and restarts one whose CPU, memory, disk or firmware changes;
 * hcloud stops a server to change its type); Talos applies a configuration in place.
 */
import type { LockedNode, MachinesLock } from "./machines-lock.js";
import type { PlatformLock } from "./platform-part.js";
import { compareStrings } from "../base/compare.js";

export type ImpactKind = "create" | "destroy" | "replace" | "reboot" | "reconfigure";

export interface Impact {
  /** Node names, sorted; for a change of every node, all of them. */
  nodes: string[];
  kind: ImpactKind;
  /** What changes, e.g. "host alpha -> bravo". */
  detail: string;
  /** Any node concerned is a control plane. */
  controlPlane: boolean;
}

/** "label before -> after", or undefined when nothing changed. */
export function change(label: string, before: unknown, after: unknown): string | undefined {
  return before === after ? undefined : `${label} ${String(before ?? "none")} -> ${String(after ?? "none")}`;
}

/** Why a machine restarts without being replaced, or undefined. */
function restart(platform: PlatformLock, before: LockedNode, after: LockedNode): string | undefined {
  const reasons = [
    ...platform.restarts(before, after),
    // machine.files: written at boot (talos v1.13.9 WriteUserFiles), so Talos reboots to apply them.
    ...(before.files === after.files ? [] : ["machine files"]),
  ];
  return reasons.length === 0 ? undefined : reasons.join(", ");
}

/** What an edit of a node's STATE or EPHEMERAL settings does to an installed node: nothing yet. */
const SYSTEM_VOLUMES = "system volumes: kept as installed until wiped, `talosctl reset --system-labels-to-wipe EPHEMERAL --reboot` (STATE: reinstall)";

export function machineImpact(previous: MachinesLock, next: MachinesLock, platform: PlatformLock): Impact[] {
  const impacts: Impact[] = [];
  const add = (node: string, role: LockedNode["role"], kind: ImpactKind, detail: string): void => {
    impacts.push({ nodes: [node], kind, detail, controlPlane: role === "controlplane" });
  };
  const names = [...new Set([...Object.keys(previous.nodes), ...Object.keys(next.nodes)])].sort(compareStrings);
  const reconfigured: string[] = [];
  for (const name of names) {
    const before = previous.nodes[name];
    const after = next.nodes[name];
    if (before === undefined && after !== undefined) {
      add(name, after.role, "create", `new ${after.role === "controlplane" ? "control plane" : "worker"}`);
      continue;
    }
    if (after === undefined && before !== undefined) {
      add(name, before.role, "destroy", "reset first (leaves etcd, wiped); then `kubectl delete node " + name + "`");
      continue;
    }
    if (before === undefined || after === undefined) continue;
    const replaced = previous.platform === next.platform ? platform.replacement(before, after) : "platform changed";
    if (before.role !== after.role) {
      add(name, "controlplane", "replace", `role ${before.role} -> ${after.role}`);
      continue;
    }
    if (replaced !== undefined) {
      add(name, after.role, "replace", replaced);
      continue;
    }
    const restarted = restart(platform, before, after);
    if (restarted !== undefined) add(name, after.role, "reboot", restarted);
    // Talos provisions STATE and EPHEMERAL at install and never again (docs talos/v1.13
    // disk-management/system.mdx: "only applied when the volume has not been provisioned yet";
    // disk-encryption.mdx: only an empty partition is encrypted).
    if (before.volumes !== after.volumes) {
      add(name, after.role, "reconfigure", SYSTEM_VOLUMES);
    }
    if (before.configuration !== after.configuration) reconfigured.push(name);
  }
  const versions = [
    change("Talos", previous.talos, next.talos),
    // Locks written before the contract was recorded have none: no change to report then.
    previous.contract === undefined ? undefined : change("contract", previous.contract, next.contract),
    change("Kubernetes", previous.kubernetes, next.kubernetes),
  ].filter((v): v is string => v !== undefined);
  if (reconfigured.length > 0) {
    const detail = versions.length > 0 ? `configuration (${versions.join(", ")})` : "configuration";
    impacts.push({
      nodes: reconfigured,
      kind: "reconfigure",
      detail,
      controlPlane: reconfigured.some((name) => next.nodes[name]?.role === "controlplane"),
    });
  }
  return impacts;
}

const VERBS: Record<ImpactKind, string> = {
  create: "created",
  destroy: "destroyed",
  replace: "replaced",
  reboot: "rebooted",
  reconfigure: "reconfigured",
};

/**
 * One line per impact, as `build` prints them, with what the operator should know: the
 * reboots of a whole role at once, and how Kubernetes and Talos versions are meant to move.
 */
export function describeImpact(impacts: readonly Impact[], next: MachinesLock): string[] {
  const lines: string[] = [];
  const allOf = (role: LockedNode["role"]): string[] =>
    Object.entries(next.nodes)
      .filter(([, node]) => node.role === role)
      .map(([name]) => name)
      .sort(compareStrings);
  for (const impact of impacts) {
    let who = impact.nodes.join(", ");
    for (const role of ["controlplane", "worker"] as const) {
      const every = allOf(role);
      if (every.length > 1 && every.every((name) => impact.nodes.includes(name)) && impact.nodes.length === every.length) {
        who = role === "controlplane" ? "every control plane" : "every worker";
      }
    }
    if (impact.nodes.length === Object.keys(next.nodes).length && impact.nodes.length > 1) who = "every node";
    let line = `${who}: ${VERBS[impact.kind]} (${impact.detail})`;
    if (impact.kind === "reboot" && impact.nodes.length > 1) line += ", all at once: apply one at a time (-parallelism=1)";
    if (impact.kind === "reconfigure" && impact.detail.includes("Kubernetes")) {
      line += "; run `talosctl upgrade-k8s` first, or every node restarts its Kubernetes components at once";
    }
    if (impact.kind === "reconfigure" && impact.detail.includes("Talos")) {
      line += "; `talosctl upgrade` then installs the new version node by node";
    }
    lines.push(line);
  }
  return lines;
}

/** Single-node impacts of the same kind and detail folded into one line ("cp-1, cp-2: reboot"). */
export function foldImpacts(impacts: readonly Impact[]): Impact[] {
  const folded: Impact[] = [];
  for (const impact of impacts) {
    const same = folded.find((f) => f.kind === impact.kind && f.detail === impact.detail && (impact.kind === "reboot" || impact.detail === SYSTEM_VOLUMES));
    if (same === undefined) folded.push({ ...impact, nodes: [...impact.nodes] });
    else {
      same.nodes.push(...impact.nodes);
      same.controlPlane ||= impact.controlPlane;
    }
  }
  return folded;
}
