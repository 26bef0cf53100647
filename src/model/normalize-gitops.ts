/** spec.gitops -> GitopsModel: defaults, the forge, and what the tofu-controller runner needs. */
import type { ClusterSpec, FluxSpec, TofuControllerSpec } from "../spec/types.js";
import { DEFAULT_VERSIONS, GITOPS_DEFAULTS, SPEC_DEFAULTS } from "../catalog/defaults.js";
import type { ArgocdModel, FluxModel, ForgeModel, GitopsModel, RunnerEnvModel, RunnerVarModel, TofuControllerModel } from "./gitops.js";
import type { NormalizedPlatform } from "./platform-part.js";
import type { BackendModel } from "./model.js";
import { withoutTrailingSlashes } from "../base/trim-runs.js";

export function normalizeGitops(spec: ClusterSpec, platformRunner: NormalizedPlatform["runner"], backend: BackendModel): GitopsModel {
  const gitops = spec.spec.gitops ?? {};
  const model: GitopsModel = {};
  if (gitops.flux !== undefined) model.flux = normalizeFlux(spec.metadata.name, gitops.flux);
  if (gitops.argocd !== undefined) {
    const argocd: ArgocdModel = {
      chartVersion: gitops.argocd.version ?? DEFAULT_VERSIONS.argocd,
      namespace: GITOPS_DEFAULTS.argocdNamespace,
      repository: gitops.argocd.repository,
      revision: gitops.argocd.revision ?? GITOPS_DEFAULTS.argocdRevision,
      path: gitops.argocd.path,
      values: gitops.argocd.values ?? {},
    };
    model.argocd = argocd;
  }
  if (gitops.tofuController !== undefined) {
    const env = runnerEnv(platformRunner.env, backend, model.flux);
    model.tofuController = normalizeTofuController(spec.metadata.name, gitops.tofuController, env, [...platformRunner.vars]);
  }
  return model;
}

function normalizeFlux(clusterName: string, flux: FluxSpec): FluxModel {
  const model: FluxModel = {
    url: flux.repository,
    branch: flux.branch ?? GITOPS_DEFAULTS.branch,
    path: flux.path ?? `${GITOPS_DEFAULTS.fluxPathPrefix}${clusterName}`,
    interval: flux.interval ?? GITOPS_DEFAULTS.fluxInterval,
    auth: flux.auth ?? SPEC_DEFAULTS.FluxSpec.auth,
    sshUser: sshUserOf(flux.repository),
  };
  const forge = forgeOf(flux);
  if (forge !== undefined) model.forge = forge;
  if (flux.namespace !== undefined) model.namespace = flux.namespace;
  return model;
}

/** ssh://git@host/org/repo.git -> "git"; Flux needs the login separately from the key. */
function sshUserOf(url: string): string {
  const match = /^ssh:\/\/([^@/]+)@/.exec(url);
  return match?.[1] ?? GITOPS_DEFAULTS.sshUser;
}

function forgeOf(flux: FluxSpec): ForgeModel | undefined {
  const forge = flux.forge;
  if (forge?.github !== undefined) return { kind: "github", ...forge.github };
  if (forge?.gitea !== undefined) return { kind: "gitea", ...forge.gitea, url: withoutTrailingSlashes(forge.gitea.url) };
  return undefined;
}

function normalizeTofuController(name: string, spec: TofuControllerSpec, env: RunnerEnvModel[], vars: RunnerVarModel[]): TofuControllerModel {
  const model: TofuControllerModel = {
    name,
    namespace: spec.namespace ?? GITOPS_DEFAULTS.tofuNamespace,
    sourceName: `${name}-infra`,
    repository: spec.repository,
    branch: spec.branch ?? GITOPS_DEFAULTS.branch,
    path: treePath(spec.path),
    interval: spec.interval ?? GITOPS_DEFAULTS.tofuInterval,
    sourceInterval: GITOPS_DEFAULTS.sourceInterval,
    approvePlan: spec.approvePlan ?? GITOPS_DEFAULTS.approvePlan,
    credentialsSecret: spec.credentialsSecret ?? `${name}-credentials`,
    destroyResourcesOnDeletion: spec.destroyResourcesOnDeletion ?? SPEC_DEFAULTS.TofuControllerSpec.destroyResourcesOnDeletion,
    outputsSecret: `${name}-outputs`,
    env,
    vars,
  };
  // An ssh:// source cannot be fetched without a key; https:// may be public.
  const gitSecret = spec.gitSecret ?? (spec.repository.startsWith("ssh://") ? `${name}-git` : undefined);
  if (gitSecret !== undefined) model.gitSecret = gitSecret;
  if (spec.runnerImage !== undefined) model.runnerImage = spec.runnerImage;
  if (spec.install !== undefined) model.installVersion = spec.install.version;
  return model;
}

/** tofu-controller's form of a path in the repository: "infra/x/" -> "./infra/x", "." -> "./". */
function treePath(path: string): string {
  const bare = withoutTrailingSlashes(path.replace(/^(?:\.\/)+/, ""));
  return bare === "" || bare === "." ? "./" : `./${bare}`;
}

/**
 * What the tree reads from the environment, by provider: the runner pod gets each from the
 * credentials Secret (valueFrom.secretKeyRef, never inline). Keys are named like the variables.
 */
const FORGE_ENV: Record<ForgeModel["kind"], RunnerEnvModel> = {
  github: env("GITHUB_TOKEN"),
  gitea: env("GITEA_TOKEN"),
};

function runnerEnv(platformEnv: readonly RunnerEnvModel[], backend: BackendModel, flux: FluxModel | undefined): RunnerEnvModel[] {
  const list: RunnerEnvModel[] = [...platformEnv];
  // The S3 backend (and its lock file) authenticate like the AWS SDK.
  if (backend.kind === "s3") list.push(env("AWS_ACCESS_KEY_ID"), env("AWS_SECRET_ACCESS_KEY"));
  if (flux?.auth === "token") list.push(env("TF_VAR_flux_git_token"));
  if (flux?.forge !== undefined) list.push(FORGE_ENV[flux.forge.kind]);
  return list;
}

function env(name: string): RunnerEnvModel {
  return { name, key: name };
}
