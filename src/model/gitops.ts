/**
 * Day-0 GitOps as the model sees it: Flux bootstrapped through the fluxcd/flux provider, or
 * Argo CD rendered into the control planes' inline manifests, and optionally the manifests
 * that let Flux's tofu-controller reconcile the generated tree itself (seeds 001, 003, 004).
 */

/** A forge whose provider registers the generated deploy key on the repository. */
export type ForgeModel = { kind: "github"; owner: string; repository: string } | { kind: "gitea"; url: string; owner: string; repository: string };

export interface FluxModel {
  /** Git URL Flux reconciles from (ssh:// with a deploy key, https:// with a token). */
  url: string;
  branch: string;
  /** Path of this cluster in the repository (immutable once bootstrapped). */
  path: string;
  interval: string;
  auth: "ssh-key" | "token";
  /** User of an ssh:// URL (git@host -> git); the SSH login of the deploy key. */
  sshUser: string;
  forge?: ForgeModel;
  /** The namespace Flux is installed in, when the spec names one (flux-system otherwise). */
  namespace?: string;
}

export interface ArgocdModel {
  chartVersion: string;
  namespace: string;
  repository: string;
  revision: string;
  path: string;
  /** Helm values for the argo-cd chart, as the user wrote them. */
  values: Record<string, unknown>;
}

/** One runner environment variable, read from a key of the credentials Secret. */
export interface RunnerEnvModel {
  name: string;
  key: string;
}

export interface RunnerVarModel {
  name: string;
  value: unknown;
}

export interface TofuControllerModel {
  /** Name of the Terraform object (the cluster name). */
  name: string;
  namespace: string;
  /** Name of the GitRepository that fetches the tree. */
  sourceName: string;
  repository: string;
  branch: string;
  /** Path of the tree in the repository, as tofu-controller wants it (./...). */
  path: string;
  interval: string;
  sourceInterval: string;
  approvePlan: "auto" | "manual";
  credentialsSecret: string;
  /** Secret with the Git credentials of the GitRepository; absent for a public https repository. */
  gitSecret?: string;
  runnerImage?: string;
  destroyResourcesOnDeletion: boolean;
  /** The tofu-controller chart version to install, when the tree installs the controller. */
  installVersion?: string;
  outputsSecret: string;
  env: RunnerEnvModel[];
  /** Root variables the runner sets to something other than their interactive default. */
  vars: RunnerVarModel[];
}

export interface GitopsModel {
  flux?: FluxModel;
  argocd?: ArgocdModel;
  tofuController?: TofuControllerModel;
}
