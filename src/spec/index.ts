import { collapseAliasRepeats } from "../diagnostics/alias-repeats.js";
import { hasErrors, sortDiagnostics, type Diagnostic, type PathSegment, type Span } from "../diagnostics/diagnostic.js";
import type { TextRange } from "../diagnostics/redact.js";
import { createLocator } from "./locate.js";
import { parseSpec } from "./parse.js";
import { checkRules } from "./rules/index.js";
import { platformOf } from "./rules/platform.js";
import type { PlatformRuleSets } from "./platform-rules.js";
import { checkSecrets } from "./rules/secrets.js";
import { checkSchema } from "./schema-check.js";
import type { ClusterSpec } from "./types.js";

export type { ClusterSpec } from "./types.js";
export type { Locator } from "./locate.js";
export type { PlatformRules, PlatformRuleSets } from "./platform-rules.js";

export interface SpecCheckResult {
  /** The validated spec; present only when no diagnostic is an error. */
  spec?: ClusterSpec;
  /** Sorted (file, line, column, severity, code, message). */
  diagnostics: Diagnostic[];
  /** Ranges of the text holding what the secret scan flagged, which no renderer may print. */
  secretRanges: TextRange[];
  /**
   * Source span of a spec path (["spec", "nodes", 1, "role"]), for later stages that need to
   * point at the spec; undefined when the path is not in the file (a default, say).
   */
  locate: (path: readonly PathSegment[]) => Span | undefined;
  /** Like locate, but the key's span for map entries ("role:" rather than its value). */
  locateKey: (path: readonly PathSegment[]) => Span | undefined;
}

/**
 * The front end: YAML -> schema -> cross-field rules. Each stage runs only when the one before
 * found no error, so users see the root cause rather than its echoes; warnings never stop it.
 */
export function checkSpec(text: string, specPath: string, platforms: PlatformRuleSets): SpecCheckResult {
  const parsed = parseSpec(text, specPath);
  const locator = createLocator(parsed.doc, parsed.lineCounter, specPath);
  let secretRanges: TextRange[] = [];
  const result = (diagnostics: Diagnostic[], spec?: ClusterSpec): SpecCheckResult => ({
    diagnostics: collapseAliasRepeats(sortDiagnostics(diagnostics)),
    secretRanges,
    locate: (path) => locator.span(path),
    locateKey: (path) => locator.keySpan(path),
    ...(spec === undefined ? {} : { spec }),
  });
  if (hasErrors(parsed.diagnostics) || parsed.value === undefined) return result(parsed.diagnostics);

  const scan = checkSecrets(parsed.value, locator);
  const secrets = scan.diagnostics;
  secretRanges = scan.ranges;
  // A leaked `apiToken:` is also an unknown field; the secret diagnostic is the one that matters.
  // A token pasted into a patterned field would also fail the pattern, and that message quotes
  // the value ("(got ...)"), as would a rule about it (spec/flux-auth-mismatch quotes the
  // repository URL): drop every other diagnostic at or under a flagged path, so none repeats it.
  // A set of paths, and each diagnostic's prefixes looked up in it (at most 64 deep,
  // text-guards.ts): not every pair of the two lists, which a hostile spec makes quadratic.
  const flagged = new Set(secrets.map((d) => JSON.stringify(d.path ?? [])));
  const aboutSecret = (d: Diagnostic): boolean => {
    if (flagged.size === 0 || d.path === undefined) return false;
    for (let n = 0; n <= d.path.length; n++) if (flagged.has(JSON.stringify(d.path.slice(0, n)))) return true;
    return false;
  };
  const schema = checkSchema(parsed.value, locator, text).filter((d) => !aboutSecret(d));
  const early = [...parsed.diagnostics, ...secrets, ...schema];
  if (hasErrors(schema)) return result(early);

  // The schema passed: the value has the ClusterSpec shape (types.ts mirrors the schema).
  const spec = parsed.value as ClusterSpec;
  const rules = platforms[platformOf(spec)].rules;
  const all = [...early, ...checkRules(spec, locator, rules).filter((d) => !aboutSecret(d))];
  return result(all, hasErrors(all) ? undefined : spec);
}
