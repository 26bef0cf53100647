/**
 * What is installed by helm_release rather than inline, and what the cluster's readiness
 * depends on. A helm_release talks to the cluster, so it needs the helm provider configured
 * with the cluster's credentials and must wait for the Kubernetes API; the CNI (and, with an
 * external cloud provider, the cloud controller manager) must be up before anything else runs.
 */
import type { AddonId } from "../model/addons.js";
import type { PlanContext } from "./feature.js";
import type { ClusterModel } from "../model/model.js";

/** Module call of each chart in the root main.tf. */
export const CHART_CALLS: Readonly<Record<"cilium" | AddonId, string>> = {
  cilium: "cilium",
  "cert-manager": "cert_manager",
  "metrics-server": "metrics_server",
  "hcloud-ccm": "hcloud_ccm",
};

/**
 * The Kubernetes API URL the tree's own clients (helm, flux) use: the kubeconfig's server, or
 * the platform's address when the endpoint's DNS name cannot resolve at the first apply.
 */
export function kubernetesHost(context: PlanContext): string {
  return context.platform.kubernetesHostExpr ?? "module.cluster.kubernetes_client_configuration.host";
}

export function usesHelmRelease(model: ClusterModel): boolean {
  return (
    (model.cni.kind === "cilium" && model.cni.mode === "helm-release") ||
    model.addons.some((a) => a.mode === "helm-release") ||
    model.charts.some((c) => c.mode === "helm-release")
  );
}

/**
 * Releases the nodes need before they are Ready and schedulable: a CNI installed by Helm, and
 * the cloud controller manager that lifts the node.cloudprovider.kubernetes.io/uninitialized
 * taint. Every other release waits for them.
 */
export function bootReleases(model: ClusterModel): string[] {
  const calls: string[] = [];
  if (model.cni.kind === "cilium" && model.cni.mode === "helm-release") calls.push(CHART_CALLS.cilium);
  for (const addon of model.addons) {
    if (addon.id === "hcloud-ccm" && addon.mode === "helm-release") calls.push(CHART_CALLS[addon.id]);
  }
  return calls;
}

/**
 * The HCL list a release waits for (its `wait_for` variable): the cluster's health check,
 * then the boot releases other than itself.
 */
export function waitForExpr(model: ClusterModel, self: string, after: readonly string[] = []): string {
  const items = [
    "module.cluster.healthy",
    ...bootReleases(model)
      .filter((c) => c !== self)
      .map((c) => `module.${c}.release`),
    ...after.map((name) => `module.${releaseCall(name)}.release`),
  ];
  return `[${items.join(", ")}]`;
}

/** The module call of a release an `after` names: an add-on's, or a chart of the spec's (modules/chart-<name>). */
export function releaseCall(name: string): string {
  return name in CHART_CALLS ? CHART_CALLS[name as keyof typeof CHART_CALLS] : `chart_${name}`;
}

/**
 * Whether Kubernetes can pass Talos's full health check (every node Ready, CoreDNS up) as soon
 * as Talos bootstrapped it: only when the CNI comes from Talos itself or the inline manifests,
 * and no release has to lift the cloud provider taint first. Otherwise the health check only
 * waits for the control plane (skip_kubernetes_checks) and the releases do the rest.
 */
export function kubernetesReadyAtBoot(model: ClusterModel): boolean {
  if (model.cni.kind === "none") return false;
  return bootReleases(model).length === 0;
}
