/** spec.addons -> AddonModel[], in ADDON_CHARTS order (never the spec's key order). */
import type { ClusterSpec } from "../spec/types.js";
import { ADDON_CHARTS } from "../catalog/addon-charts.js";
import type { AddonModel, UserChartModel } from "./addons.js";
import { deepMerge } from "../base/deep-merge.js";
import type { KubernetesModel } from "./model.js";
import { SPEC_DEFAULTS } from "../catalog/defaults.js";
import { releaseGraph, waitsFor, type ReleaseNode } from "../catalog/release-order.js";

export function normalizeAddons(spec: ClusterSpec, kubernetes: KubernetesModel): AddonModel[] {
  const addons = spec.spec.addons ?? {};
  const graph = releaseGraph(spec);
  return ADDON_CHARTS.flatMap((chart) => {
    const addon = addons[chart.specKey];
    if (addon === undefined) return [];
    return [
      {
        id: chart.id,
        chart: chart.chart,
        repository: chart.repository,
        version: addon.version ?? chart.defaultVersion,
        namespace: chart.namespace,
        mode: addon.mode ?? chart.defaultMode,
        values: deepMerge(
          chart.defaultValues({ podSubnets: kubernetes.podSubnets, kubeletServingCerts: kubeletServingCerts(spec) !== undefined }),
          addon.values ?? {},
        ),
        after: waitsForRelease(graph, chart.id),
      },
    ];
  });
}

/** addons.charts: a helm_release unless the spec says inline (nothing the nodes need at boot). */
export function normalizeCharts(spec: ClusterSpec): UserChartModel[] {
  return (spec.spec.addons?.charts ?? []).map((chart) => ({
    name: chart.name,
    repository: chart.repository,
    chart: chart.chart,
    version: chart.version,
    namespace: chart.namespace,
    mode: chart.mode ?? "helm-release",
    values: chart.values ?? {},
    after: chart.after ?? [],
  }));
}

function waitsForRelease(graph: readonly ReleaseNode[], name: string): string[] {
  const node = graph.find((n) => n.name === name && n.source.kind === "addon");
  return node === undefined || !node.helmRelease ? [] : waitsFor(node);
}

/**
 * The Kubelet Serving Certificate Approver that approves the kubelets' serving certificates
 * (kubernetes.io/kubelet-serving CSRs), when metrics-server verifies them: the manifest the
 * control planes fetch. Undefined when nothing needs the certificates.
 */
export const DEFAULT_APPROVER_MANIFEST = "https://raw.githubusercontent.com/alex1989hu/kubelet-serving-cert-approver/v0.11.0/deploy/standalone-install.yaml";

export function kubeletServingCerts(spec: ClusterSpec): { approverManifest: string } | undefined {
  const metrics = spec.spec.addons?.metricsServer;
  if (metrics === undefined || (metrics.kubeletTls ?? SPEC_DEFAULTS.MetricsServerSpec.kubeletTls) !== "verify") return undefined;
  return { approverManifest: metrics.approverManifest ?? DEFAULT_APPROVER_MANIFEST };
}
