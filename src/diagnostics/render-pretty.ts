import { aliasRepeatsNote } from "./alias-repeats.js";
import { createStyler, type Styler } from "./ansi.js";
import { diagnosticFile, type Diagnostic, type Span } from "./diagnostic.js";
import { mergeRanges, redactDiagnostic, redactLine, type TextRange } from "./redact.js";
import { spanLocation } from "./render-plain.js";
import { findSecrets } from "./secret-shapes.js";
import { terminalSafe } from "./terminal-safe.js";

export interface PrettyOptions {
  /** ANSI colours; the CLI decides (TTY and NO_COLOR), never this module. */
  color: boolean;
  /** Source text of a file, for the code frame; without it only the location is printed. */
  source?: (file: string) => string | undefined;
  /**
   * Ranges of a file's source that hold a secret the scan flagged by its key, which a code
   * frame must not print (CompileResult.secretRanges); credential shapes are hidden anyway.
   */
  hidden?: (file: string) => readonly TextRange[] | undefined;
}

/**
 * The style for people at a terminal (rustc/esbuild style): a headline, the location, and a
 * code frame with a caret under the span and the hint beside it.
 *
 *   error[schema/enum]: nodes[1].role must be one of "controlplane", "worker" (got "wroker")
 *     --> spec.yaml:7:13
 *      |
 *    7 |       role: wroker
 *      |             ^^^^^^ did you mean "worker"?
 */
export function renderPretty(given: Diagnostic, options: PrettyOptions): string {
  // Everything printed is redacted (redact.ts) and made terminal-safe (terminal-safe.ts); the
  // span keeps the real file name, which `source` looks up.
  const raw = redactDiagnostic(given);
  const d: Diagnostic = {
    ...raw,
    message: terminalSafe(raw.message),
    ...(raw.hint === undefined ? {} : { hint: terminalSafe(raw.hint) }),
    ...(raw.file === undefined ? {} : { file: terminalSafe(raw.file) }),
  };
  const style = createStyler(options.color);
  const colour = d.severity === "error" ? style.red : style.yellow;
  const lines = [`${style.bold(colour(`${d.severity}[${d.code}]`))}${style.bold(`: ${d.message}`)}`];
  const file = given.span?.file;
  const text = file === undefined ? undefined : options.source?.(file);
  if (d.span !== undefined && file !== undefined && text !== undefined) {
    lines.push(...frame(d.span, text, hiddenIn(text, options.hidden?.(file)), d.hint, style, colour));
  } else {
    const file = d.span ? `${terminalSafe(d.span.file)}:${d.span.pos.line}:${d.span.pos.col}` : diagnosticFile(d);
    if (file !== "") lines.push(`  ${style.blue("-->")} ${file}`);
    if (d.hint !== undefined) lines.push(`  ${style.blue("=")} ${style.cyan(`hint: ${d.hint}`)}`);
  }
  if (d.related !== undefined) lines.push(`  ${style.blue("=")} from spec: ${terminalSafe(spanLocation(d.related))}`);
  if (d.aliasRepeats !== undefined) lines.push(`  ${style.blue("=")} note: ${terminalSafe(aliasRepeatsNote(d.aliasRepeats))}`);
  return lines.join("\n");
}

/** Several diagnostics separated by blank lines, as a terminal shows them. */
export function renderPrettyAll(diagnostics: readonly Diagnostic[], options: PrettyOptions): string {
  return diagnostics.map((d) => renderPretty(d, options)).join("\n\n");
}

/** The source's credential shapes, scanned once per source text (a file's diagnostics share it). */
let scanned: { text: string; ranges: TextRange[] } | undefined;

function hiddenIn(text: string, flagged: readonly TextRange[] | undefined): TextRange[] {
  if (scanned?.text !== text) scanned = { text, ranges: findSecrets(text) };
  return mergeRanges([...scanned.ranges, ...(flagged ?? [])]);
}

function frame(span: Span, text: string, hidden: readonly TextRange[], hint: string | undefined, style: Styler, colour: (s: string) => string): string[] {
  const lineStart = text.lastIndexOf("\n", span.start - 1) + 1;
  const newline = text.indexOf("\n", span.start);
  const lineEnd = newline === -1 ? text.length : text[newline - 1] === "\r" ? newline - 1 : newline;
  // The line as printed: what the scan flagged is "<redacted>", and the caret follows it.
  const redacted = redactLine(text, lineStart, lineEnd, hidden);
  const line = terminalSafe(redacted.text);
  const gutter = String(span.pos.line);
  const pad = " ".repeat(gutter.length);
  const start = redacted.at(span.start, "start");
  // Keep tabs in the caret's indentation so it lines up however the terminal expands them.
  const before = terminalSafe(redacted.text.slice(0, start)).replace(/[^\t]/g, " ");
  // Underline only the first line of a multi-line span (a block map, say).
  const width = Math.max(1, redacted.at(Math.min(span.end, lineEnd), "end") - start);
  const caret = colour("^".repeat(width));
  return [
    `${pad}${style.blue("-->")} ${terminalSafe(span.file)}:${span.pos.line}:${span.pos.col}`,
    `${pad} ${style.blue("|")}`,
    `${style.blue(gutter)} ${style.blue("|")} ${line}`,
    `${pad} ${style.blue("|")} ${before}${caret}${hint === undefined ? "" : ` ${style.cyan(hint)}`}`,
  ];
}
