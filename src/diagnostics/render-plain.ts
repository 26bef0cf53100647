import { aliasRepeatsNote } from "./alias-repeats.js";
import { diagnosticFile, type Diagnostic, type Span } from "./diagnostic.js";
import { redactDiagnostic } from "./redact.js";
import { terminalSafe } from "./terminal-safe.js";

/**
 * The plain style, for tests, CI and pipes: one line per diagnostic, then an indented hint line
 * and, for a problem found in a generated file, the spec field it came from.
 *
 *   spec.yaml:14:12: error[schema/enum]: nodes[1].role must be one of "controlplane", "worker" (got "wroker")
 *     hint: did you mean "worker"?
 *
 * Stable against terminal width and colour, which is why golden files use it (esbuild's
 * expectedScanLog does the same).
 */
export function renderPlainOne(given: Diagnostic): string {
  // No value the secret scan flags is ever printed (redact.ts).
  const d = redactDiagnostic(given);
  const lines = [terminalSafe(`${location(d)}${d.severity}[${d.code}]: ${d.message}`)];
  if (d.hint !== undefined) lines.push(`  hint: ${terminalSafe(d.hint)}`);
  if (d.related !== undefined) lines.push(`  from spec: ${terminalSafe(spanLocation(d.related))}`);
  if (d.aliasRepeats !== undefined) lines.push(`  note: ${terminalSafe(aliasRepeatsNote(d.aliasRepeats))}`);
  return lines.join("\n");
}

/** file:line:col of a span. */
export function spanLocation(span: Span): string {
  return `${span.file}:${span.pos.line}:${span.pos.col}`;
}

/** One string per diagnostic (two lines when it has a hint), in the order given. */
export function renderPlain(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map(renderPlainOne);
}

function location(d: Diagnostic): string {
  if (d.span !== undefined) return `${spanLocation(d.span)}: `;
  const file = diagnosticFile(d);
  return file === "" ? "" : `${file}: `;
}
