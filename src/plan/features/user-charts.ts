/**
 * The spec's own Helm charts (addons.charts): one module each (modules/chart-<name>/, the same
 * module as the built-in add-ons, src/plan/chart-module.ts), values in values/charts/<name>.yaml.
 * inline: rendered into the control planes' inline manifests, which Talos applies at bootstrap,
 * Namespaces first, then CustomResourceDefinitions, then the rest (machined controllers/k8s/
 * manifest_apply.go sorts them so): CRD charts that everything else needs. helm-release: a
 * helm_release once the cluster is healthy and the releases the nodes need are deployed, and
 * after the releases of the charts it names in `after`.
 */
import { chartInlineManifestName, chartValuesPath } from "../../catalog/chart-names.js";
import type { UserChartModel } from "../../model/addons.js";
import type { ClusterModel } from "../../model/model.js";
import type { Feature, ModuleInfo } from "../feature.js";
import { chartCall, chartModuleFiles } from "../chart-module.js";
import { bootReleases, releaseCall, waitForExpr } from "../helm-releases.js";
import { valuesFile } from "./values-file.js";

/** Module call of a chart: chart_<name>, the release name as written (as image_<class> keeps the class's). */
export function chartCallName(name: string): string {
  return `chart_${name}`;
}

const folderOf = (chart: UserChartModel): string => `chart-${chart.name}`;
const valuesPathOf = (chart: UserChartModel): string => chartValuesPath(chart.name);

function moduleInfo(chart: UserChartModel): ModuleInfo {
  const call = chartCallName(chart.name);
  const release = chart.mode === "helm-release";
  const after = chart.after.map(releaseCall);
  return {
    folder: folderOf(chart),
    call,
    description: `${chart.chart} ${chart.version} (${chart.repository}) in namespace ${chart.namespace}: ${
      release
        ? `a helm_release once the cluster is healthy${after.length > 0 ? `, after ${after.join(", ")}` : ""}`
        : "rendered by helm_template into the control planes' inline manifests"
    }, values in ${valuesPathOf(chart)}.`,
    diagram: release
      ? [`cluster -- "kubeconfig" --> ${call}`, ...after.map((a) => `${a} -- "deployed" --> ${call}`)]
      : [`${call} -- "inline manifest" --> cluster`],
  };
}

function waitFor(model: ClusterModel, chart: UserChartModel): string {
  return waitForExpr(model, chartCallName(chart.name), chart.after);
}

export const userCharts: Feature = {
  id: "user-charts",
  enabled: (model) => model.charts.length > 0,
  modules: (model) => model.charts.map(moduleInfo),
  files: (model) =>
    model.charts.flatMap((chart) => [
      ...chartModuleFiles(model, {
        folder: folderOf(chart),
        release: chart.name,
        inlineName: chartInlineManifestName(chart.name),
        namespace: chart.namespace,
        repository: chart.repository,
        chart: chart.chart,
        mode: chart.mode,
      }),
      valuesFile(model, valuesPathOf(chart), chart.values, [`Helm values of the ${chart.chart} chart, as addons.charts (${chart.name}) gives them.`]),
    ]),
  inlineManifests: (model) => model.charts.filter((chart) => chart.mode === "inline").map((chart) => `module.${chartCallName(chart.name)}.inline_manifests`),
  root: (model) => ({
    calls: model.charts.map((chart) =>
      chartCall(model, {
        call: chartCallName(chart.name),
        folder: folderOf(chart),
        comment: `${chart.chart} ${chart.version}`,
        version: chart.version,
        valuesPath: valuesPathOf(chart),
        mode: chart.mode,
        waitFor: waitFor(model, chart),
        waitsForBoot: bootReleases(model).length > 0,
      }),
    ),
  }),
};
