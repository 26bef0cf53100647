/**
 * A node's Kubernetes settings as the machine section of its patch (Talos v1alpha1
 * MachineConfig: nodeLabels, nodeAnnotations, nodeTaints, certSANs, sysctls, kernel.modules,
 * kubelet.extraArgs and extraConfig), the node's role, class and own settings merged.
 *
 * Taints depend on the role. Talos applies a control plane's machine.nodeTaints itself, with
 * an admin client; on a worker it applies them with the kubelet's own credentials
 * (talos v1.13.9 internal/app/machined/pkg/controllers/k8s/node_apply.go: a temporary
 * control-plane client only when the machine is a control plane, else the kubelet kubeconfig),
 * and the NodeRestriction admission plugin does not let a kubelet change its node's taints
 * (Talos machine.nodeTaints docs: "worker nodes are not allowed to modify the taints"). So a
 * worker's taints go to the kubelet's --register-with-taints (kubelet reference:
 * "<key>=<value>:<effect>", comma separated), which sets them when the node registers.
 *
 * None of these needs a reboot: Talos applies a change to nodeLabels, nodeAnnotations,
 * nodeTaints, sysctls, kubelet, kernel and the whole cluster section in place (talos v1.13.9
 * internal/app/machined/pkg/runtime/v1alpha1/v1alpha1_runtime.go CanApplyImmediate), so the
 * impact report calls an edit of them a reconfiguration (src/lock/impact.ts); new kernel module
 * parameters take effect at the next boot (machine.kernel.modules docs).
 */
import type { ExtraArgsModel, NodeModel } from "../../model/model.js";

type Document = Record<string, unknown>;

export const REGISTER_WITH_TAINTS = "register-with-taints";

export function flags(args: ExtraArgsModel): Record<string, string> {
  return Object.fromEntries(args.map((a) => [a.name, a.value]));
}

export function nodeSettingsMachine(node: NodeModel): Document {
  const machine: Document = {};
  const map = (entries: ReadonlyArray<{ key: string; value: string }>) => Object.fromEntries(entries.map((e) => [e.key, e.value]));
  if (node.labels.length > 0) machine["nodeLabels"] = map(node.labels);
  if (node.annotations.length > 0) machine["nodeAnnotations"] = map(node.annotations);
  const kubeletArgs = flags(node.kubeletExtraArgs);
  if (node.taints.length > 0) {
    if (node.role === "controlplane") machine["nodeTaints"] = map(node.taints);
    else kubeletArgs[REGISTER_WITH_TAINTS] = node.taints.map(registeredTaint).join(",");
  }
  const kubelet: Document = {};
  if (Object.keys(kubeletArgs).length > 0) kubelet["extraArgs"] = kubeletArgs;
  if (Object.keys(node.kubeletExtraConfig).length > 0) kubelet["extraConfig"] = node.kubeletExtraConfig;
  if (Object.keys(kubelet).length > 0) machine["kubelet"] = kubelet;
  if (node.certSANs.length > 0) machine["certSANs"] = node.certSANs;
  if (node.sysctls.length > 0) machine["sysctls"] = map(node.sysctls);
  // Talos writes them at boot only (talos v1.13.9 v1alpha1_sequencer_tasks.go WriteUserFiles;
  // machine.files is not among what CanApplyImmediate applies in place): an edit reboots.
  if (node.files.length > 0) {
    machine["files"] = node.files.map((file) => ({
      content: file.content,
      permissions: parseInt(file.permissions ?? "0644", 8),
      path: file.path,
      op: file.op ?? "create",
    }));
  }
  if (node.kernelModules.length > 0)
    machine["kernel"] = {
      modules: node.kernelModules.map((m) => (m.parameters.length > 0 ? { name: m.name, parameters: m.parameters } : { name: m.name })),
    };
  return machine;
}

/**
 * key + "value:Effect" -> "key=value:Effect"; an empty value stays empty ("key=:Effect"), which
 * Kubernetes reads as "key:Effect" (pkg/util/taints parseTaint: the value after "=" may be empty).
 */
function registeredTaint(taint: { key: string; value: string }): string {
  return `${taint.key}=${taint.value}`;
}
