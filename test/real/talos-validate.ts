/**
 * Talos's own validation (tools/talos-validate) of what each node receives, with the machinery
 * of the Talos minor the tree installs (v1.13.9; v1.14.1 for v1.14).
 */
import { execa } from "execa";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Tools } from "./tools.js";

export type TalosMinor = keyof Tools["talosValidate"];

/** The validation a tree's nodes get: that of the Talos minor they install. */
export function talosMinor(version: string): TalosMinor {
  const minor = /^v?(\d+\.\d+)/.exec(version)?.[1];
  if (minor === "1.13" || minor === "1.14") return `v${minor}`;
  throw new Error(`no Talos validation is built for Talos ${version}: add its machinery to tools/talos-validate`);
}

export interface TalosVerdict {
  node: string;
  valid: boolean;
  error: string;
  warnings: string[];
}

export async function validateConfigurations(
  tools: Tools,
  dir: string,
  configs: ReadonlyMap<string, string>,
  mode: "metal" | "cloud",
  talos: TalosMinor = "v1.13",
  { strict = true }: { strict?: boolean } = {},
): Promise<TalosVerdict[]> {
  mkdirSync(dir, { recursive: true });
  const nodes = [...configs.keys()].sort();
  const files = nodes.map((node) => {
    const file = join(dir, `${node}.yaml`);
    writeFileSync(file, configs.get(node) ?? "");
    return file;
  });
  if (files.length === 0) return [];
  const result = await execa(tools.talosValidate[talos], ["--mode", mode, ...(strict ? ["--strict"] : []), "--json", ...files], { reject: false });
  if (result.exitCode !== 0 && result.exitCode !== 1) throw new Error(`talos-validate: ${result.stderr}`);
  const parsed = JSON.parse(result.stdout) as { file: string; valid: boolean; error?: string; warnings: string[] }[];
  return parsed.map((r, i) => ({ node: nodes[i] ?? r.file, valid: r.valid, error: r.error ?? "", warnings: r.warnings }));
}

/**
 * What Talos v1.14 warns about in every configuration of the v1.13 contract that uses the field,
 * with nothing the contract could write instead: it still applies the field ("remains supported
 * during the deprecation period", Talos docs v1.14 containerd.mdx; upgrading-talos.mdx,
 * "Install, files and container runtime"). machinery v1.14.1 v1alpha1_validation.go Validate.
 * Its replacement documents (CRICustomizationConfig, EtcFileConfig) are v1.14 kinds, which a
 * node still on Talos v1.13 refuses, and the tree keeps the v1.13 contract (src/catalog/defaults.ts).
 */
export const V1_13_CONTRACT_DEPRECATIONS: readonly string[] = [".machine.files is deprecated; use dedicated configuration documents instead"];

/**
 * The nodes whose configuration Talos refuses or warns about, strictly (`talosctl validate
 * --strict` turns every warning into an error), except for the deprecations the v1.13 contract
 * cannot avoid: validated without --strict, then every other warning is a refusal.
 */
export async function refusedConfigurations(
  tools: Tools,
  dir: string,
  configs: ReadonlyMap<string, string>,
  mode: "metal" | "cloud",
  talos: TalosMinor,
): Promise<TalosVerdict[]> {
  const verdicts = await validateConfigurations(tools, dir, configs, mode, talos, { strict: false });
  return verdicts
    .map((verdict) => ({ ...verdict, warnings: verdict.warnings.filter((warning) => !V1_13_CONTRACT_DEPRECATIONS.includes(warning)) }))
    .filter((verdict) => !verdict.valid || verdict.warnings.length > 0);
}

/**
 * How Talos words a refusal of a document beside a v1alpha1 field: every message of a
 * V1Alpha1ConflictValidate in machinery v1.14.1 config/types ("... is already set in v1alpha1
 * config", "... is already configured in .cluster.discovery of the v1alpha1 config", "... can't
 * be used with KubePrismConfig document", "cannot use KubeCredentialProviderConfig with legacy
 * kubelet configuration", "... is incompatible with v1alpha1 config", "... in both v1alpha1 and
 * new-style configuration").
 */
const CONFLICT = /already (?:set|configured) in|can't be used with|cannot use \w+ with legacy|incompatible with v1alpha1|in both v1alpha1/;

/** Whether Talos refused a configuration for a document beside a v1alpha1 field. */
export function isConflict(error: string): boolean {
  return CONFLICT.test(error);
}

/** Talos's words for a worker's configuration with a control-plane-only document (container/validate.go). */
const CONTROL_PLANE_ONLY = "only allowed on control plane machines";

/** Which kinds Talos refuses beside a tree's configurations, and why. */
export interface KindRefusals {
  /** Refused for a v1alpha1 field the configuration has, on some role. */
  conflicting: Set<string>;
  /** Refused on a worker as a document only control planes may have. */
  controlPlaneOnly: Set<string>;
}

/**
 * What Talos says of each kind as a document added to a configuration of `configs` (one per
 * role: "controlplane", "worker"). Each kind is tried bare (with a `name`, and again without one
 * where the kind has none): a bare document may break the kind's own rules ("endpoint is
 * required"), which Talos reports beside the refusals; only the refusals count here.
 */
export async function kindRefusals(
  tools: Tools,
  dir: string,
  configs: ReadonlyMap<string, string>,
  kinds: Iterable<string>,
  mode: "metal" | "cloud",
  talos: TalosMinor,
): Promise<KindRefusals> {
  const refusals: KindRefusals = { conflicting: new Set(), controlPlaneOnly: new Set() };
  let pending = [...kinds].map((kind) => ({ kind, named: true }));
  while (pending.length > 0) {
    const trials = new Map<string, string>();
    for (const { kind, named } of pending)
      for (const [role, text] of configs) trials.set(`${kind}-${role}`, `${text}---\napiVersion: v1alpha1\nkind: ${kind}\n${named ? "name: probe\n" : ""}`);
    const verdicts = await validateConfigurations(tools, dir, trials, mode, talos, { strict: false });
    const retry = new Set<string>();
    for (const { kind, named } of pending)
      for (const role of configs.keys()) {
        const error = verdicts.find((v) => v.node === `${kind}-${role}`)?.error ?? "";
        if (named && error.includes("unknown keys found during decoding")) retry.add(kind);
        if (CONFLICT.test(error)) refusals.conflicting.add(kind);
        if (role === "worker" && error.includes(CONTROL_PLANE_ONLY)) refusals.controlPlaneOnly.add(kind);
      }
    pending = [...retry].map((kind) => ({ kind, named: false }));
  }
  return refusals;
}
