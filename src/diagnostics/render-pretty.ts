import { createStyler, type Styler } from "./ansi.js";
import { diagnosticFile, type Diagnostic, type Span } from "./diagnostic.js";
import { spanLocation } from "./render-plain.js";
import { terminalSafe } from "./terminal-safe.js";

export interface PrettyOptions {
  /** ANSI colours; the CLI decides (TTY and NO_COLOR), never this module. */
  color: boolean;
  /** Source text of a file, for the code frame; without it only the location is printed. */
  source?: (file: string) => string | undefined;
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
export function renderPretty(raw: Diagnostic, options: PrettyOptions): string {
  // Everything printed is made terminal-safe (terminal-safe.ts); the span keeps the real file
  // name, which `source` looks up.
  const d: Diagnostic = {
    ...raw,
    message: terminalSafe(raw.message),
    ...(raw.hint === undefined ? {} : { hint: terminalSafe(raw.hint) }),
    ...(raw.file === undefined ? {} : { file: terminalSafe(raw.file) }),
  };
  const style = createStyler(options.color);
  const colour = d.severity === "error" ? style.red : style.yellow;
  const lines = [`${style.bold(colour(`${d.severity}[${d.code}]`))}${style.bold(`: ${d.message}`)}`];
  const text = d.span === undefined ? undefined : options.source?.(d.span.file);
  if (d.span !== undefined && text !== undefined) {
    lines.push(...frame(d.span, text, d.hint, style, colour));
  } else {
    const file = d.span ? `${terminalSafe(d.span.file)}:${d.span.pos.line}:${d.span.pos.col}` : diagnosticFile(d);
    if (file !== "") lines.push(`  ${style.blue("-->")} ${file}`);
    if (d.hint !== undefined) lines.push(`  ${style.blue("=")} ${style.cyan(`hint: ${d.hint}`)}`);
  }
  if (d.related !== undefined) lines.push(`  ${style.blue("=")} from spec: ${terminalSafe(spanLocation(d.related))}`);
  return lines.join("\n");
}

/** Several diagnostics separated by blank lines, as a terminal shows them. */
export function renderPrettyAll(diagnostics: readonly Diagnostic[], options: PrettyOptions): string {
  return diagnostics.map((d) => renderPretty(d, options)).join("\n\n");
}

function frame(span: Span, text: string, hint: string | undefined, style: Styler, colour: (s: string) => string): string[] {
  const lineStart = text.lastIndexOf("\n", span.start - 1) + 1;
  const newline = text.indexOf("\n", span.start);
  const lineEnd = newline === -1 ? text.length : newline;
  const line = terminalSafe(text.slice(lineStart, lineEnd).replace(/\r$/, ""));
  const gutter = String(span.pos.line);
  const pad = " ".repeat(gutter.length);
  // Keep tabs in the caret's indentation so it lines up however the terminal expands them.
  const before = terminalSafe(text.slice(lineStart, span.start)).replace(/[^\t]/g, " ");
  // Underline only the first line of a multi-line span (a block map, say).
  const width = Math.max(1, Math.min(span.end, lineStart + line.length) - span.start);
  const caret = colour("^".repeat(width));
  return [
    `${pad}${style.blue("-->")} ${terminalSafe(span.file)}:${span.pos.line}:${span.pos.col}`,
    `${pad} ${style.blue("|")}`,
    `${style.blue(gutter)} ${style.blue("|")} ${line}`,
    `${pad} ${style.blue("|")} ${before}${caret}${hint === undefined ? "" : ` ${style.cyan(hint)}`}`,
  ];
}
