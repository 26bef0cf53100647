import { hasErrors, sortDiagnostics, type Diagnostic, type PathSegment, type Span } from "../diagnostics/diagnostic.js";
import { createLocator } from "./locate.js";
import { parseSpec } from "./parse.js";
import { checkRules } from "./rules/index.js";
import { checkSecrets } from "./rules/secrets.js";
import { checkSchema } from "./schema-check.js";
import type { ClusterSpec } from "./types.js";

export type { ClusterSpec } from "./types.js";
export type { Locator } from "./locate.js";

export interface SpecCheckResult {
  /** The validated spec; present only when no diagnostic is an error. */
  spec?: ClusterSpec;
  /** Sorted (file, line, column, severity, code, message). */
  diagnostics: Diagnostic[];
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
export function checkSpec(text: string, specPath: string): SpecCheckResult {
  const parsed = parseSpec(text, specPath);
  const locator = createLocator(parsed.doc, parsed.lineCounter, specPath);
  const result = (diagnostics: Diagnostic[], spec?: ClusterSpec): SpecCheckResult => ({
    diagnostics: sortDiagnostics(diagnostics),
    locate: (path) => locator.span(path),
    locateKey: (path) => locator.keySpan(path),
    ...(spec === undefined ? {} : { spec }),
  });
  if (hasErrors(parsed.diagnostics) || parsed.value === undefined) return result(parsed.diagnostics);

  const secrets = checkSecrets(parsed.value, locator);
  const secretPaths = new Set(secrets.map((d) => JSON.stringify(d.path)));
  // A leaked `apiToken:` is also an unknown field; the secret diagnostic is the one that matters.
  // A token pasted into a patterned field would also fail the pattern, and that message quotes
  // the value ("(got ...)"), which would print the secret into CI logs: drop those too.
  const schema = checkSchema(parsed.value, locator, text).filter((d) => !secretPaths.has(JSON.stringify(d.path)));
  const early = [...parsed.diagnostics, ...secrets, ...schema];
  if (hasErrors(schema)) return result(early);

  // The schema passed: the value has the ClusterSpec shape (types.ts mirrors the schema).
  const spec = parsed.value as ClusterSpec;
  const all = [...early, ...checkRules(spec, locator)];
  return result(all, hasErrors(all) ? undefined : spec);
}
