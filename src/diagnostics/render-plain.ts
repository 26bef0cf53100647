import { diagnosticFile, type Diagnostic } from "./diagnostic.js";
import { terminalSafe } from "./terminal-safe.js";

/**
 * The plain style, for tests, CI and pipes: one line per diagnostic, then an indented hint line.
 *
 *   spec.yaml:14:12: error[schema/enum]: nodes[1].role must be one of "controlplane", "worker" (got "wroker")
 *     hint: did you mean "worker"?
 *
 * Stable against terminal width and colour, which is why golden files use it (esbuild's
 * expectedScanLog does the same).
 */
export function renderPlainOne(d: Diagnostic): string {
  const head = terminalSafe(`${location(d)}${d.severity}[${d.code}]: ${d.message}`);
  return d.hint === undefined ? head : `${head}\n  hint: ${terminalSafe(d.hint)}`;
}

/** One string per diagnostic (two lines when it has a hint), in the order given. */
export function renderPlain(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map(renderPlainOne);
}

function location(d: Diagnostic): string {
  if (d.span !== undefined) return `${d.span.file}:${d.span.pos.line}:${d.span.pos.col}: `;
  const file = diagnosticFile(d);
  return file === "" ? "" : `${file}: `;
}
