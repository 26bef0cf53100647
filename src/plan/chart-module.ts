/**
 * The child module of one Helm chart (templates/helm-addon/): a helm_release once the cluster is
 * healthy, or a helm_template whose manifest goes into the control planes' inline manifests.
 * The built-in add-ons (features/helm-addons.ts) and the spec's own charts (features/
 * user-charts.ts) are both this module, each in its own folder with its chart's literals, so a
 * reviewer reads one small module per chart.
 */
import type { InstallMode } from "../model/cilium.js";
import type { ClusterModel } from "../model/model.js";
import { expr, type HclValue } from "../render/hcl-value.js";
import { renderTemplate } from "../render/templates.js";
import { renderSection } from "./module-files.js";
import { header, type PlannedFile } from "./planned-file.js";

const TEMPLATES = "helm-addon";
const MODULE_FILES = ["versions", "variables", "main", "outputs"] as const;

/** Namespaces every cluster has: neither helm_release nor the inline manifests create them. */
const EXISTING_NAMESPACES: readonly string[] = ["default", "kube-system", "kube-public", "kube-node-lease"];

export interface ChartModule {
  /** Folder under modules/. */
  folder: string;
  /** Helm release name. */
  release: string;
  /** Name of its entry in cluster.inlineManifests (inline, or a Secret beside a release). */
  inlineName: string;
  namespace: string;
  repository: string;
  chart: string;
  mode: InstallMode;
  /** The Hetzner controller manager's Secret (token and network), built from sensitive variables. */
  secret?: boolean;
}

export function chartModuleFiles(model: ClusterModel, module: ChartModule): PlannedFile[] {
  const release = module.mode === "helm-release";
  const secret = module.secret === true;
  const createNamespace = !EXISTING_NAMESPACES.includes(module.namespace);
  const sources: Record<string, string> = {};
  for (const provider of model.providers) sources[`${provider.name}Source`] = provider.source;
  const parts = [...(createNamespace ? ["its Namespace"] : []), ...(secret ? ["the Secret the chart reads"] : []), "the rendered chart"];
  const contents: HclValue[] = [
    ...(createNamespace ? [expr("local.namespace")] : []),
    ...(secret ? [expr("local.secret")] : []),
    expr(`data.helm_template.this.manifest`),
  ];
  const view = {
    header: header("hcl", model.specPath),
    ...sources,
    release,
    secret,
    name: module.release,
    inlineName: module.inlineName,
    namespace: module.namespace,
    // helm_release creates the namespace; inline, a Namespace object does.
    createNamespace,
    repository: module.repository,
    chart: module.chart,
    chartVersionDescription: `Version of the ${module.chart} chart (${module.repository}).`,
    secretManifestName: `${module.inlineName}-secret`,
    inlineDescription: `One entry of cluster.inlineManifests: ${parts.join(", then ")}.`,
    inlineContents: contents,
  };
  return MODULE_FILES.map((file) => ({
    path: `modules/${module.folder}/${file}.tf`,
    kind: "hcl",
    contents: renderTemplate(`${TEMPLATES}/${file}.tf`, view),
  }));
}

export interface ChartCall {
  call: string;
  folder: string;
  /** What the call's comment names: the chart and its version. */
  comment: string;
  version: string;
  valuesPath: string;
  mode: InstallMode;
  /** The HCL list a release waits for (helm-releases.ts waitForExpr). */
  waitFor: string;
  /** Whether it waits for releases the nodes need (the comment says so). */
  waitsForBoot: boolean;
  /** The Secret's network (hcloud controller manager only). */
  secretNetwork?: string;
}

/** The module call in the root main.tf. */
export function chartCall(model: ClusterModel, call: ChartCall): string {
  const release = call.mode === "helm-release";
  return renderSection(TEMPLATES, "call", {
    release,
    call: call.call,
    comment: call.comment,
    source: `./modules/${call.folder}`,
    version: call.version,
    kubernetesVersion: model.kubernetes.version,
    values: expr(`file("\${path.module}/${call.valuesPath}")`),
    waitFor: release ? expr(call.waitFor) : null,
    waitsForBoot: call.waitsForBoot,
    secret: call.secretNetwork === undefined ? null : { network: expr(call.secretNetwork) },
  });
}
