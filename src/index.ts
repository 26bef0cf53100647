/**
 * The library API: compile a spec into the files of an OpenTofu tree. Pure: no file system,
 * no console, no environment. The CLI and the writer are the only effectful parts.
 */
import { hasErrors, sortDiagnostics } from "./diagnostics/diagnostic.js";
import { formatFiles } from "./format/format.js";
import { normalize } from "./model/normalize.js";
import { plan } from "./plan/plan.js";
import { checkSpec } from "./spec/index.js";
import { parseMachinesLock } from "./lock/machines-lock.js";
import type { CompileOptions, CompileResult } from "./types.js";
import { PLATFORMS } from "./platforms/index.js";
import { platformOf } from "./spec/rules/platform.js";

export type { CompileOptions, CompileResult, GeneratedFile } from "./types.js";
export type { Diagnostic, Severity, Span } from "./diagnostics/diagnostic.js";
export type { ClusterSpec } from "./spec/types.js";
/** Spec bytes to text, refusing what is not UTF-8 (with the position of the first bad byte). */
export { decodeSpec, type DecodedSpec } from "./spec/encoding.js";

export function compile(specText: string, options: CompileOptions): CompileResult {
  const checked = checkSpec(specText, options.specPath, PLATFORMS);
  const diagnostics = sortDiagnostics(checked.diagnostics);
  const secretRanges = checked.secretRanges.length === 0 ? {} : { secretRanges: checked.secretRanges };
  if (checked.spec === undefined || hasErrors(diagnostics)) return { files: [], diagnostics, ...secretRanges };
  const previous = parseMachinesLock(options.previousLock) ?? (options.treeWithoutLock === true ? "round-robin" : undefined);
  const platform = PLATFORMS[platformOf(checked.spec)];
  const model = normalize(checked.spec, options.sourceName ?? options.specPath, platform, previous);
  return { files: formatFiles(plan(model, platform)), diagnostics };
}
