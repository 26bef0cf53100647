import type { ClusterSpec } from "../spec/types.js";
import type { ClusterModel, ProviderModel } from "./model.js";
import { PROVIDER_DEFAULTS } from "./defaults.js";
import { compareStrings } from "./util.js";

/** The providers the tree uses, each pinned to the project default unless the spec overrides it. */
export function normalizeProviders(spec: ClusterSpec, model: ClusterModel): ProviderModel[] {
  const used = new Set<string>(["talos"]);
  if (model.platform.kind === "proxmox") used.add("proxmox");
  if (model.cni.kind === "cilium") used.add("helm");
  const overrides: Partial<Record<string, string>> = spec.spec.providers ?? {};
  return [...used].sort(compareStrings).map((name) => {
    const defaults = PROVIDER_DEFAULTS[name];
    if (defaults === undefined) throw new Error(`no default for provider ${name}`);
    return { name, source: defaults.source, version: overrides[name] ?? defaults.version };
  });
}
