/**
 * What a rebuilt tree will do to running machines, from the machines.lock.json the tree had
 * and the one the build makes: machines created, destroyed (reset first), replaced, rebooted,
 * reconfigured. Known from the tree alone, before any plan; `build` prints it and refuses to
 * replace a control plane unless told to (`--allow-replace`). The facts each line rests on
 * are the providers' (cited where the tree makes them): bpg/proxmox replaces a VM whose host
 * or VM id changes and restarts one whose CPU, memory, disk or firmware changes; hcloud stops
 * a server to change its type; Talos applies a configuration in place.
 */
import type { LockedNode, MachinesLock } from "./machines-lock.js";
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


function change(label: string, before: unknown, after: unknown): string | undefined {
  return before === after ? undefined : `${label} ${String(before ?? "none")} -> ${String(after ?? "none")}`;
}

/**
 * Why a machine is replaced, or undefined. Secure Boot on or off is a fresh install: "There is
 * no support at the moment to upgrade non-UKI (GRUB-based) Talos installation to use
 * UKI/SecureBoot" (docs talos/v1.13 secureboot.mdx). The plan only updates the VM in place
 * (bpg/proxmox replaces it for a TPM version change only), so the report says what to do.
 */
function replacement(before: LockedNode, after: LockedNode): string | undefined {
  const secureBoot =
    (before.secureBoot ?? false) === (after.secureBoot ?? false)
      ? undefined
      : `Secure Boot ${after.secureBoot === true ? "on" : "off"}: Talos cannot move an installed node, reinstall it (talosctl reset, then -replace its VM)`;
  return change("host", before.host, after.host) ?? change("VM id", before.vmId, after.vmId) ?? secureBoot ?? publicNetwork(before, after);
}

/**
 * A Hetzner server's public addresses are its primary IPs. The tree never changes a running
 * server's public_net (ignore_changes: the provider powers a server off for any public_net
 * change, terraform-provider-hcloud v1.68.0 internal/server resource.go updatePublicNet), and
 * destroying a primary IP still assigned powers its server off too (internal/primaryip
 * resource.go Delete: power off, unassign, power on), every server at once. So a server
 * changes its public network only by being created again.
 */
function publicNetwork(before: LockedNode, after: LockedNode): string | undefined {
  const from = before.publicNetwork ?? "ipv4";
  const to = after.publicNetwork ?? "ipv4";
  if (from === to) return undefined;
  return `public network ${from} -> ${to}: a running server keeps the public addresses it has, or is powered off to lose one; recreate it (-replace its server)`;
}

/** Why a machine restarts without being replaced, or undefined. */
function restart(before: LockedNode, after: LockedNode): string | undefined {
  const reasons = [
    change("cpu", before.cpu, after.cpu),
    change("memory", before.memory, after.memory),
    change("disk", before.osDisk, after.osDisk),
    before.uefi === after.uefi ? undefined : `firmware ${after.uefi === true ? "UEFI" : "BIOS"}`,
    change("server type", before.serverType, after.serverType),
    // machine.files: written at boot (talos v1.13.9 WriteUserFiles), so Talos reboots to apply them.
    before.files === after.files ? undefined : "machine files",
  ].filter((reason): reason is string => reason !== undefined);
  return reasons.length === 0 ? undefined : reasons.join(", ");
}

/** What an edit of a node's STATE or EPHEMERAL settings does to an installed node: nothing yet. */
const SYSTEM_VOLUMES =
  "system volumes: kept as installed until wiped, `talosctl reset --system-labels-to-wipe EPHEMERAL --reboot` (STATE: reinstall)";

export function machineImpact(previous: MachinesLock, next: MachinesLock): Impact[] {
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
    const replaced = previous.platform === next.platform ? replacement(before, after) : "platform changed";
    if (before.role !== after.role) {
      add(name, "controlplane", "replace", `role ${before.role} -> ${after.role}`);
      continue;
    }
    if (replaced !== undefined) {
      add(name, after.role, "replace", replaced);
      continue;
    }
    const restarted = restart(before, after);
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
