/**
 * The rollout impact (impact.ts) as `build` prints it and as a pull request shows it: one line
 * per node, in the order the apply reaches them (a step number; the workers of one wave share
 * theirs), then Kubernetes, then the nodes that leave. Each line says what the node goes
 * through, so the reviewer knows which machine reboots when.
 */
import { compareVersions, parseVersion } from "../base/version-constraints.js";
import { compareMinors, minorOf } from "../base/versions.js";
import { rebootsToConfigure } from "./impact-guards.js";
import type { NodeEffect, NodeImpact, RolloutImpact } from "./impact.js";
import type { PlatformLock } from "./platform-part.js";

const ROLE = { controlplane: "control plane", worker: "worker" } as const;

/** What an edit of a node's STATE or EPHEMERAL settings does to an installed node: nothing yet. */
const SYSTEM_VOLUMES = "system volumes kept as installed until wiped (`talosctl reset --system-labels-to-wipe EPHEMERAL --reboot`; STATE: reinstall)";

function effectText(impact: RolloutImpact, node: NodeImpact, effect: NodeEffect, platform: PlatformLock): string {
  const machine = `its ${platform.machine}`;
  switch (effect.kind) {
    case "create":
      return node.role === "controlplane" ? "created, configured, joins etcd" : "created, configured, joins the cluster";
    case "adopt":
      return "taken over by its talos_machine (the rollout of this talos-hclgen): its configuration applied again, reboots only for a change";
    case "replace":
      return `replaced (${effect.reason}): a new machine, installed from an empty disk`;
    case "upgrade": {
      const what = [
        effect.talos === undefined ? undefined : `Talos ${effect.talos.from} -> ${effect.talos.to}`,
        effect.schematic ? `new ${effect.installer === undefined ? "" : `${effect.installer} `}image (extensions, kernel arguments or overlay)` : undefined,
      ].filter((part) => part !== undefined);
      const from = parseVersion(effect.talos?.from ?? "");
      const to = parseVersion(effect.talos?.to ?? "");
      const verb = from !== undefined && to !== undefined && compareVersions(to, from) < 0 ? "downgraded" : "upgraded";
      return `${verb} (${what.join(", ")}): cordoned, drained, rebooted, waited for until ${node.role === "controlplane" ? "etcd is healthy and the Node Ready" : "Ready"}, uncordoned`;
    }
    case "configure":
      if (!effect.boot) return "configuration applied in place";
      return rebootsToConfigure(impact, node)
        ? "configuration applied; Talos reboots the node for its boot-only settings (machine files, env...), not drained, and the rollout goes on without waiting"
        : "configuration applied in place; its boot-only settings (machine files, env...) take effect at its next reboot";
    case "restart":
      return `${machine} restarts (${effect.reasons.join(", ")}) when the provider updates it, not drained, outside the rollout`;
    case "volumes":
      return SYSTEM_VOLUMES;
    case "remove":
      return `removed: drained and reset (${node.role === "controlplane" ? "leaves etcd, " : ""}disk wiped), its Node deleted${platform.ownsMachines ? `, ${machine} destroyed` : ""}`;
    case "gone":
      return `gone: forgotten without a reset (it is dead), ${node.role === "controlplane" ? "its etcd member removed, " : ""}its Node deleted${platform.ownsMachines ? `, ${machine} destroyed` : ""}`;
  }
}

function nodeLine(impact: RolloutImpact, node: NodeImpact, platform: PlatformLock): string {
  const leaving = node.effects.some((effect) => effect.kind === "remove" || effect.kind === "gone");
  const step = node.step === undefined || leaving ? "" : `${node.step}. `;
  return `${step}${node.node} (${ROLE[node.role]}): ${node.effects.map((effect) => effectText(impact, node, effect, platform)).join("; ")}`;
}

export function describeRollout(impact: RolloutImpact, platform: PlatformLock): string[] {
  const lines: string[] = [];
  if (impact.cluster !== undefined) {
    lines.push(`cluster ${impact.cluster.from} -> ${impact.cluster.to}: every node's configuration names the new cluster`);
  }
  if (impact.contract !== undefined) {
    lines.push(`machine-config contract ${impact.contract.from} -> ${impact.contract.to}: every configuration is generated in the new format`);
  }
  if (!impact.configurationsCompared && !impact.nodes.some((node) => node.effects.some((effect) => effect.kind === "adopt"))) {
    lines.push("configurations not compared: machines.lock.json was written by another talos-hclgen; a changed configuration is applied in place");
  }
  const leaving = (node: NodeImpact) => node.effects.some((effect) => effect.kind === "remove" || effect.kind === "gone");
  for (const node of impact.nodes.filter((n) => !leaving(n))) lines.push(nodeLine(impact, node, platform));
  if (impact.kubernetes !== undefined) {
    const { from, to } = impact.kubernetes;
    const scope = compareMinors(minorOf(to), minorOf(from)) === 0 ? "" : ` (a new minor: read its deprecations first)`;
    lines.push(
      `then Kubernetes ${from} -> ${to}${scope}: talos_cluster runs upgrade-k8s after the last node, one control plane's API server, controller manager and scheduler at a time, then each kubelet`,
    );
  }
  for (const node of impact.nodes.filter(leaving)) lines.push(nodeLine(impact, node, platform));
  return lines;
}
