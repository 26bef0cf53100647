/**
 * Helm-packaged add-ons (cert-manager, metrics-server, the Hetzner cloud controller manager),
 * one feature and one module each, from one set of templates (templates/helm-addon/). Per
 * add-on `mode`: inline (helm_template into every control plane's inline manifests) or
 * helm-release (a helm_release once the cluster is healthy).
 */
import { ADDON_CHARTS, type AddonChart } from "../../catalog/addon-charts.js";
import type { AddonModel } from "../../model/addons.js";
import type { ClusterModel } from "../../model/model.js";
import type { Feature } from "../feature.js";
import { bootReleases, CHART_CALLS, releaseCall, waitForExpr } from "../helm-releases.js";
import { chartCall, chartModuleFiles } from "../chart-module.js";
import type { PlannedFile } from "../planned-file.js";
import { valuesFile } from "./values-file.js";

const TITLES: Readonly<Record<AddonModel["id"], { title: string; about: string }>> = {
  "cert-manager": { title: "cert-manager", about: "certificates for Ingress and webhooks" },
  "metrics-server": { title: "metrics-server", about: "resource metrics for kubectl top and autoscaling" },
  "hcloud-ccm": { title: "Hetzner Cloud controller manager", about: "node metadata, routes and load balancers from Hetzner Cloud" },
};

function addonOf(model: ClusterModel, chart: AddonChart): AddonModel {
  const addon = model.addons.find((a) => a.id === chart.id);
  if (addon === undefined) throw new Error(`plan bug: ${chart.id} feature without its add-on`);
  return addon;
}

function addonFeature(chart: AddonChart): Feature {
  const call = CHART_CALLS[chart.id];
  const valuesPath = `values/${chart.id}.yaml`;
  return {
    id: chart.id,
    enabled: (model) => model.addons.some((a) => a.id === chart.id),
    module: (model) => {
      const addon = addonOf(model, chart);
      const release = addon.mode === "helm-release";
      const after = addon.after.map(releaseCall);
      const { title, about } = TITLES[chart.id];
      return {
        folder: chart.id,
        call,
        description: `${title} (${about}): ${release ? `a helm_release once the cluster is healthy${after.length > 0 ? `, after ${after.join(", ")}` : ""}` : "rendered by helm_template into the control planes' inline manifests"}, values in ${valuesPath}.`,
        diagram: release
          ? [`cluster -- "kubeconfig" --> ${call}`, ...after.map((a) => `${a} -- "deployed" --> ${call}`)]
          : [`${call} -- "inline manifest" --> cluster`],
      };
    },
    files: (model) => {
      const addon = addonOf(model, chart);
      return [
        ...moduleFiles(model, addon),
        valuesFile(model, valuesPath, addon.values, [
          `Helm values of the ${addon.chart} chart:`,
          `the add-on's defaults with addons.${chart.specKey}.values from the spec merged over them`,
          "(maps merge, lists and scalars replace).",
        ]),
      ];
    },
    inlineManifests: (model) => {
      const addon = addonOf(model, chart);
      return addon.mode === "inline" || hasSecret(addon) ? [`module.${call}.inline_manifests`] : [];
    },
    root: (model) => ({ calls: [callSection(model, addonOf(model, chart), valuesPath)] }),
  };
}

/** The Hetzner controller manager reads its token and network from a Secret the tree creates. */
function hasSecret(addon: AddonModel): boolean {
  return addon.id === "hcloud-ccm";
}

function moduleFiles(model: ClusterModel, addon: AddonModel): PlannedFile[] {
  return chartModuleFiles(model, {
    folder: addon.id,
    release: addon.id,
    inlineName: addon.id,
    namespace: addon.namespace,
    repository: addon.repository,
    chart: addon.chart,
    mode: addon.mode,
    secret: hasSecret(addon),
  });
}

function callSection(model: ClusterModel, addon: AddonModel, valuesPath: string): string {
  const call = CHART_CALLS[addon.id];
  return chartCall(model, {
    call,
    folder: addon.id,
    comment: `${TITLES[addon.id].title} ${addon.version}`,
    version: addon.version,
    valuesPath,
    mode: addon.mode,
    waitFor: waitForExpr(model, call, addon.after),
    waitsForBoot: bootReleases(model).some((c) => c !== call),
    // The private network of the hcloud platform module (the spec rules allow this add-on on
    // hcloud only); the token is the root variable hcloud_token that module's provider uses.
    ...(hasSecret(addon) ? { secretNetwork: "module.nodes.network_id" } : {}),
  });
}

export const ADDON_FEATURES: readonly Feature[] = ADDON_CHARTS.map(addonFeature);
