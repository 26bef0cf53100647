/**
 * Which provider versions the offline mirror offers. A version recorded with the schema wins
 * when the tree's constraints allow it; otherwise the lowest version the constraints allow
 * (schemas from `providers schema -json` carry no version, so this is the usual case).
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { formatAddress, PUBLIC_REGISTRIES } from "./provider-address.js";
import type { LoadedProvider, LoadedSchemas } from "./provider-schemas.js";
import type { Requirement } from "./required-providers.js";
import { formatVersion, parseConstraint, parseVersion, pickVersion, satisfiesAll, type ConstraintTerm } from "../base/version-constraints.js";
import { compareStrings } from "../base/compare.js";

export interface MirrorEntry {
  provider: LoadedProvider;
  /** Every host the provider is installed under. */
  hosts: string[];
  version: string;
}

export interface MirrorPlan {
  entries: MirrorEntry[];
  diagnostics: Diagnostic[];
}

/** No constraint and no recorded version: any version will do. */
const FALLBACK_VERSION = "0.0.1";

function termsOf(requirement: Requirement | undefined): ConstraintTerm[] | undefined {
  const terms: ConstraintTerm[] = [];
  for (const text of requirement?.constraints ?? []) {
    const parsed = parseConstraint(text);
    if (parsed === undefined) return undefined; // malformed: init reports it with a position
    terms.push(...parsed);
  }
  return terms;
}

function chooseVersion(provider: LoadedProvider, requirement: Requirement | undefined, diagnostics: Diagnostic[]): string {
  const name = formatAddress(provider.address);
  const recorded = provider.version === undefined ? undefined : parseVersion(provider.version);
  const terms = termsOf(requirement);
  if (terms === undefined) return provider.version ?? FALLBACK_VERSION;
  if (recorded !== undefined && satisfiesAll(recorded, terms)) return formatVersion(recorded);
  const picked = pickVersion(terms);
  const wanted = requirement?.constraints.join(", ") ?? "";
  if (picked === undefined) {
    diagnostics.push({
      code: "validate/version-conflict",
      severity: "error",
      message: `no version of "${name}" meets all of the tree's constraints: ${wanted}`,
    });
    return provider.version ?? FALLBACK_VERSION;
  }
  if (recorded !== undefined) {
    diagnostics.push({
      code: "validate/schema-version",
      severity: "warning",
      message: `the schema for "${name}" is for version ${provider.version ?? ""}, the tree asks for ${wanted}; validating against it anyway`,
    });
  }
  return formatVersion(picked);
}

export function planMirror(schemas: LoadedSchemas, requirements: ReadonlyMap<string, Requirement>): MirrorPlan {
  const diagnostics: Diagnostic[] = [];
  for (const [key, requirement] of requirements) {
    if (!schemas.providers.has(key)) {
      diagnostics.push({
        code: "validate/missing-provider-schema",
        severity: "error",
        message: `the tree requires "${formatAddress(requirement.address)}", which is not in the provider schemas`,
        hint: "add its `tofu providers schema -json` output to the --provider-schemas folder",
      });
    }
  }
  const entries: MirrorEntry[] = [];
  for (const [key, provider] of [...schemas.providers].sort(([a], [b]) => compareStrings(a, b))) {
    const hosts = PUBLIC_REGISTRIES.includes(provider.address.host) ? [...PUBLIC_REGISTRIES] : [provider.address.host];
    entries.push({ provider, hosts, version: chooseVersion(provider, requirements.get(key), diagnostics) });
  }
  return { entries, diagnostics };
}
