/** spec.addons -> AddonModel[], in ADDON_CHARTS order (never the spec's key order). */
import type { ClusterSpec } from "../spec/types.js";
import { ADDON_CHARTS } from "./addon-charts.js";
import type { AddonModel } from "./addons.js";
import { deepMerge } from "./deep-merge.js";
import type { KubernetesModel } from "./model.js";

export function normalizeAddons(spec: ClusterSpec, kubernetes: KubernetesModel): AddonModel[] {
  const addons = spec.spec.addons ?? {};
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
        values: deepMerge(chart.defaultValues({ podSubnets: kubernetes.podSubnets }), addon.values ?? {}),
      },
    ];
  });
}
