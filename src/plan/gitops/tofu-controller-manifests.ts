/**
 * The objects that let an existing cluster running Flux and tofu-controller reconcile the
 * generated tree (seed 001): a GitRepository for the tree and a Terraform object. Field names
 * follow the tofu-controller API reference (infra.contrib.fluxcd.io/v1alpha2,
 * https://flux-iac.github.io/tofu-controller/References/terraform/) and Flux's GitRepository
 * (source.toolkit.fluxcd.io/v1). Documents keep their construction order (apiVersion first).
 */
import { compareVersions, parseVersion } from "../../base/version-constraints.js";
import type { TofuControllerModel } from "../../model/gitops.js";
import type { BackendModel } from "../../model/model.js";
import { s3BackendBlock } from "./backend-block.js";

/** The root outputs tofu-controller copies into a Secret (templates/talos-cluster/root-outputs). */
export const WRITTEN_OUTPUTS = ["kubeconfig", "talosconfig"] as const;

export function gitRepository(tofu: TofuControllerModel): Record<string, unknown> {
  const spec: Record<string, unknown> = {
    interval: tofu.sourceInterval,
    url: tofu.repository,
    ref: { branch: tofu.branch },
  };
  if (tofu.gitSecret !== undefined) spec["secretRef"] = { name: tofu.gitSecret };
  return {
    apiVersion: "source.toolkit.fluxcd.io/v1",
    kind: "GitRepository",
    metadata: { name: tofu.sourceName, namespace: tofu.namespace },
    spec,
  };
}

export function terraform(tofu: TofuControllerModel, backend: BackendModel): Record<string, unknown> {
  const spec: Record<string, unknown> = {
    interval: tofu.interval,
    // "auto" applies every plan; empty waits until approvePlan is set to the planned revision.
    approvePlan: tofu.approvePlan === "auto" ? "auto" : "",
    path: tofu.path,
    sourceRef: { kind: "GitRepository", name: tofu.sourceName, namespace: tofu.namespace },
  };
  // Without backendConfig the runner overrides the tree's backend with a Kubernetes backend
  // (state in the Secret tfstate-default-<name>): right for a tree with local state, wrong
  // for one whose state lives in S3.
  if (backend.kind === "s3") spec["backendConfig"] = { customConfiguration: s3BackendBlock(backend) };
  if (tofu.vars.length > 0) spec["vars"] = tofu.vars;
  spec["writeOutputsToSecret"] = { name: tofu.outputsSecret, outputs: [...WRITTEN_OUTPUTS] };
  // Said either way, so the reviewer sees it: true destroys the cluster with the object.
  spec["destroyResourcesOnDeletion"] = tofu.destroyResourcesOnDeletion;
  if (tofu.runnerImage !== undefined || tofu.env.length > 0) spec["runnerPodTemplate"] = { spec: runnerPodSpec(tofu) };
  return {
    apiVersion: "infra.contrib.fluxcd.io/v1alpha2",
    kind: "Terraform",
    metadata: { name: tofu.name, namespace: tofu.namespace },
    spec,
  };
}

/** Credentials come from the Secret, key by key (valueFrom.secretKeyRef), never inline. */
function runnerPodSpec(tofu: TofuControllerModel): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  if (tofu.runnerImage !== undefined) spec["image"] = tofu.runnerImage;
  if (tofu.env.length > 0)
    spec["env"] = tofu.env.map((variable) => ({
      name: variable.name,
      valueFrom: { secretKeyRef: { name: tofu.credentialsSecret, key: variable.key } },
    }));
  return spec;
}

/** The chart repository of tofu-controller (its release manifest, docs/release.yaml). */
export const TOFU_CONTROLLER_CHARTS = "https://flux-iac.github.io/tofu-controller";

/**
 * tofu-controller itself, as its own release manifest installs it (flux-iac/tofu-controller
 * docs/release.yaml): a HelmRepository and a HelmRelease of the tofu-controller chart, its
 * CRDs created on install and replaced on upgrade. The version is pinned exactly, and the
 * controller runs in the namespace of the objects it reconciles.
 */
export function tofuControllerInstall(tofu: TofuControllerModel, version: string): Array<Record<string, unknown>> {
  const chart = chartName(version);
  return [
    {
      apiVersion: "source.toolkit.fluxcd.io/v1",
      kind: "HelmRepository",
      metadata: { name: "tofu-controller", namespace: tofu.namespace },
      spec: { interval: "1h", url: TOFU_CONTROLLER_CHARTS },
    },
    {
      apiVersion: "helm.toolkit.fluxcd.io/v2",
      kind: "HelmRelease",
      metadata: { name: "tofu-controller", namespace: tofu.namespace },
      spec: {
        interval: "1h",
        chart: { spec: { chart, version, sourceRef: { kind: "HelmRepository", name: "tofu-controller" } } },
        releaseName: "tofu-controller",
        targetNamespace: tofu.namespace,
        install: { crds: "Create" },
        upgrade: { crds: "CreateReplace" },
      },
    },
  ];
}

/** The first release published as the tofu-controller chart (charts/ renamed at v0.16.0-rc.5). */
const RENAMED_CHART = "0.16.0-rc.5";

/**
 * The chart's name in the repository's index at `version`: releases up to v0.16.0-rc.4 are
 * published as tf-controller, later ones as tofu-controller (the index.yaml of
 * flux-iac.github.io/tofu-controller, gh-pages branch); Flux finds no chart by the other name.
 */
export function chartName(version: string): "tf-controller" | "tofu-controller" {
  const parsed = parseVersion(version.replace(/^v/, ""));
  const renamed = parseVersion(RENAMED_CHART);
  if (parsed === undefined || renamed === undefined) return "tofu-controller";
  return compareVersions(parsed, renamed) < 0 ? "tf-controller" : "tofu-controller";
}
