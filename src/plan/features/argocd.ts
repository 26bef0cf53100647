/**
 * Argo CD from day 0 (seed 003): the argo-cd chart rendered by helm_template, a Namespace and a
 * root Application appended to the control planes' inline manifests, the way the Cilium
 * manifest gets there (Talos creates them at bootstrap, before anything can reach the API).
 */
import type { ArgocdModel } from "../../model/gitops.js";
import type { ClusterModel } from "../../model/model.js";
import { expr } from "../../render/hcl-value.js";
import { emitYaml } from "../../render/yaml.js";
import type { Feature } from "../feature.js";
import { planModuleFiles, renderSection } from "../module-files.js";
import { header, type PlannedFile } from "../planned-file.js";

const FOLDER = "argocd";
const VALUES_FILE = "values/argocd.yaml";

function argocdOf(model: ClusterModel): ArgocdModel {
  if (model.gitops.argocd === undefined) throw new Error("plan bug: argocd feature without gitops.argocd");
  return model.gitops.argocd;
}

export const argocd: Feature = {
  id: FOLDER,
  enabled: (model) => model.gitops.argocd !== undefined,
  module: () => ({
    folder: FOLDER,
    call: "argocd",
    description: "The argo-cd chart rendered client-side (helm_template, CRDs included), with its Namespace and a root Application, as one inline manifest.",
    diagram: ['argocd -- "inline manifest" --> cluster'],
  }),
  files: (model) => [...planModuleFiles(model, FOLDER), valuesFile(model)],
  inlineManifests: () => ["module.argocd.inline_manifests"],
  root: (model) => {
    const a = argocdOf(model);
    return {
      calls: [
        renderSection(FOLDER, "call", {
          chartVersion: a.chartVersion,
          kubernetesVersion: model.kubernetes.version,
          namespace: a.namespace,
          values: expr(`file("\${path.module}/${VALUES_FILE}")`),
          repository: a.repository,
          revision: a.revision,
          path: a.path,
        }),
      ],
    };
  },
};

/** The user's chart values as a file of the tree: reviewable, and never pasted into HCL. */
function valuesFile(model: ClusterModel): PlannedFile {
  const values = argocdOf(model).values;
  return {
    path: VALUES_FILE,
    kind: "yaml",
    contents: `${header("yaml", model.specPath)}\n${emitYaml(values, { sortKeys: true })}`,
  };
}
