import type { ClusterSpec } from "../spec/types.js";
import type { ClusterModel, ProviderModel } from "./model.js";
import { PROVIDER_DEFAULTS } from "../catalog/defaults.js";
import { compareStrings } from "../base/compare.js";

/** The providers the tree uses, each pinned to the project default unless the spec overrides it. */
export function normalizeProviders(spec: ClusterSpec, model: ClusterModel, platformProviders: readonly string[]): ProviderModel[] {
  // tls: the talos-cluster module signs the rollout's Kubernetes credential (its drains).
  const used = new Set<string>(["talos", "tls", ...platformProviders]);
  if (model.cni.kind === "cilium") used.add("helm");
  if (model.addons.length > 0 || model.charts.length > 0) used.add("helm");
  // Argo CD is rendered by helm_template; Flux bootstraps through its provider, with a
  // generated deploy key (tls, above) that the forge's provider may register.
  if (model.gitops.argocd !== undefined) used.add("helm");
  const flux = model.gitops.flux;
  if (flux !== undefined) used.add("flux");
  if (flux?.forge !== undefined) used.add(flux.forge.kind);
  const overrides: Partial<Record<string, string>> = spec.spec.providers ?? {};
  return [...used].sort(compareStrings).map((name) => {
    const defaults = PROVIDER_DEFAULTS[name];
    if (defaults === undefined) throw new Error(`no default for provider ${name}`);
    return { name, source: defaults.source, version: overrides[name] ?? defaults.version };
  });
}
