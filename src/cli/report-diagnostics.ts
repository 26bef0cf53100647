/**
 * Diagnostics to stderr: sorted, in the pretty style (code frame) for a person at a terminal
 * and the plain one-line style for logs and CI, followed by a count.
 */
import { sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { TextRange } from "../diagnostics/redact.js";
import { renderPlain } from "../diagnostics/render-plain.js";
import { renderPrettyAll } from "../diagnostics/render-pretty.js";
import { summarize } from "../diagnostics/summary.js";
import type { CliIo } from "./io.js";
import type { Style } from "./terminal.js";

export interface ReportOptions {
  style: Style;
  /** Only errors: warnings are left out. */
  quiet: boolean;
  /** Source text by display path, for code frames. */
  sources: ReadonlyMap<string, string>;
  /** What the secret scan flagged in each source, which code frames hide. */
  secretRanges?: ReadonlyMap<string, readonly TextRange[]>;
}

export function reportDiagnostics(io: CliIo, diagnostics: readonly Diagnostic[], options: ReportOptions): void {
  const shown = sortDiagnostics(diagnostics).filter((d) => !options.quiet || d.severity === "error");
  if (shown.length === 0) return;
  if (options.style.pretty) {
    io.stderr.write(
      `${renderPrettyAll(shown, { color: options.style.color, source: (file) => options.sources.get(file), hidden: (file) => options.secretRanges?.get(file) })}\n\n`,
    );
  } else {
    io.stderr.write(`${renderPlain(shown).join("\n")}\n`);
  }
  io.stderr.write(`${summarize(shown)}\n`);
}
