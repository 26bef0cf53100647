/**
 * Which Helm releases wait for which: the spec's own charts (addons.charts) and the tree's
 * add-ons (cert-manager, metrics-server), each with the releases it names in `after` and the
 * ones it needs by itself. A release renders templates of custom resources only when their CRDs
 * exist: Helm refuses a ServiceMonitor (cert-manager chart templates/servicemonitor.yaml,
 * metrics-server templates/servicemonitor.yaml) or a Certificate (metrics-server
 * templates/certificate.yaml with tls.type cert-manager) whose kind the cluster does not know yet,
 * and neither chart checks .Capabilities first. The spec rule (spec/rules/helm-charts.ts) and the
 * model read this one graph, so what is checked is what is written.
 */
import { ADDON_CHARTS, type AddonChart } from "./addon-charts.js";
import type { ClusterSpec } from "../spec/types.js";

export type ReleaseSource = { kind: "chart"; index: number } | { kind: "addon"; specKey: AddonChart["specKey"] };

export interface ReleaseNode {
  /** The Helm release name: the chart's name, or the add-on's id. */
  name: string;
  source: ReleaseSource;
  /** Installed by helm_release (it can wait, and be waited for), not rendered inline. */
  helmRelease: boolean;
  /** A release the nodes need to become Ready (the cloud controller manager): every other release waits for it. */
  boot: boolean;
  /** What the spec names in `after`, in its order. */
  after: string[];
  /** What it waits for without being told, with why. */
  implied: Array<{ name: string; why: string }>;
}

/** Every release of the spec that can take part in the order, charts first (spec order), then add-ons. */
export function releaseGraph(spec: ClusterSpec): ReleaseNode[] {
  const addons = spec.spec.addons ?? {};
  const nodes: ReleaseNode[] = (addons.charts ?? []).map((chart, index) => ({
    name: chart.name,
    source: { kind: "chart", index },
    helmRelease: (chart.mode ?? "helm-release") === "helm-release",
    boot: false,
    after: chart.after ?? [],
    implied: [],
  }));
  for (const chart of ADDON_CHARTS) {
    const addon = addons[chart.specKey];
    if (addon === undefined) continue;
    nodes.push({
      name: chart.id,
      source: { kind: "addon", specKey: chart.specKey },
      helmRelease: (addon.mode ?? chart.defaultMode) === "helm-release",
      boot: chart.id === "hcloud-ccm",
      after: "after" in addon ? (addon.after ?? []) : [],
      implied: [],
    });
  }
  // metrics-server's serving certificate from cert-manager: its Issuer and Certificate need
  // cert-manager's CRDs, which a cert-manager release brings (inline, they exist at bootstrap).
  const metricsServer = nodes.find((n) => n.name === "metrics-server");
  const certManager = nodes.find((n) => n.name === "cert-manager");
  const tls = addons.metricsServer?.values?.["tls"];
  const tlsType = tls !== null && typeof tls === "object" ? (tls as Record<string, unknown>)["type"] : undefined;
  if (metricsServer?.helmRelease === true && certManager?.helmRelease === true && tlsType === "cert-manager" && !metricsServer.after.includes("cert-manager")) {
    metricsServer.implied.push({ name: "cert-manager", why: "its values take the serving certificate from cert-manager (tls.type: cert-manager)" });
  }
  return nodes;
}

/** What a release waits for, explicit then implied, each once. */
export function waitsFor(node: ReleaseNode): string[] {
  return [...new Set([...node.after, ...node.implied.map((i) => i.name)])];
}
