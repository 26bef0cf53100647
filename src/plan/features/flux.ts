/**
 * Flux, bootstrapped from day 0 through the fluxcd/flux provider (seeds 003, 004): the provider
 * is configured in the root from the cluster's client certificate, flux_bootstrap_git runs once
 * the cluster is healthy. Git access is a deploy key generated in the tree (optionally
 * registered through the forge's provider) or a token variable.
 */
import type { FluxModel } from "../../model/gitops.js";
import type { ClusterModel } from "../../model/model.js";
import { kubernetesHost, waitForExpr } from "../helm-releases.js";
import type { Feature } from "../feature.js";
import { planModuleFiles, renderSection } from "../module-files.js";

const FOLDER = "flux";

function fluxOf(model: ClusterModel): FluxModel {
  if (model.gitops.flux === undefined) throw new Error("plan bug: flux feature without gitops.flux");
  return model.gitops.flux;
}

export const flux: Feature = {
  id: FOLDER,
  enabled: (model) => model.gitops.flux !== undefined,
  module: (model) => ({
    folder: FOLDER,
    call: "flux",
    description:
      "flux_bootstrap_git once the cluster is healthy: Flux's controllers from the provider's embedded manifests, committed to the repository" +
      (fluxOf(model).forge === undefined ? "." : ", after the deploy key is registered on the forge."),
    diagram: ['cluster -- "client certificate, healthy" --> flux'],
  }),
  files: (model) => planModuleFiles(model, FOLDER, view(model)),
  root: (model, context) => {
    const v = view(model);
    return {
      providers: [renderSection(FOLDER, "providers", { ...v, kubernetesHost: kubernetesHost(context) })],
      variables: v.sshKey ? [] : [renderSection(FOLDER, "variables", v)],
      calls: [renderSection(FOLDER, "call", v)],
      outputs: v.sshKey ? [renderSection(FOLDER, "outputs", v)] : [],
    };
  },
};

function view(model: ClusterModel) {
  const f = fluxOf(model);
  const forge = f.forge;
  return {
    url: f.url,
    branch: f.branch,
    path: f.path,
    interval: f.interval,
    namespace: f.namespace ?? null,
    sshKey: f.auth === "ssh-key",
    sshUser: f.sshUser,
    hasForge: forge !== undefined,
    deployKeyTitle: `${model.name}-flux`,
    // Flux's pods need Ready nodes: the health check, and a CNI or cloud controller that Helm
    // installs after it (helm-releases.ts).
    waitFor: waitForExpr(model, ""),
    github: forge?.kind === "github" ? { ...forge, source: sourceOf(model, "github") } : null,
    gitea: forge?.kind === "gitea" ? { ...forge, source: sourceOf(model, "gitea") } : null,
  };
}

function sourceOf(model: ClusterModel, name: string): string {
  const provider = model.providers.find((p) => p.name === name);
  if (provider === undefined) throw new Error(`plan bug: provider ${name} not in the model`);
  return provider.source;
}
