/**
 * Diagnostics are values: every stage returns them, the CLI sorts and renders them.
 * A user mistake is never an exception; `throw` is reserved for bugs (exit 3).
 */
import { compareStrings } from "../base/compare.js";
import { MAX_QUOTED_LENGTH, quoteExcerpt } from "./excerpt.js";

export type Severity = "error" | "warning";

/** 1-based line and column, as editors show them. */
export interface Position {
  line: number;
  col: number;
}

export interface Span {
  /** Path of the source file as given on the command line (relative, POSIX separators). */
  file: string;
  /** Offsets into the source text. */
  start: number;
  end: number;
  /** Start position (1-based), computed from `start`. */
  pos: Position;
}

export type PathSegment = string | number;

export interface Diagnostic {
  /** Stable code, `<stage>/<kebab-slug>`, listed in src/diagnostics/codes.ts. */
  code: string;
  severity: Severity;
  /** A lower-case sentence fragment; values in double quotes; no trailing period. */
  message: string;
  span?: Span;
  /**
   * The file a diagnostic without a span is about (an unreadable file, say); renderers print it
   * alone. When `span` is set, `span.file` wins.
   */
  file?: string;
  /** YAML path of the offending node, rendered as nodes[1].role. */
  path?: readonly PathSegment[];
  /** How to fix it, when known ("did you mean ..."). */
  hint?: string;
  /** Where the reported thing came from, e.g. the spec field a generated block was made from. */
  related?: Span;
  /** Other paths that reach the same text through YAML aliases, with the same finding (alias-repeats.ts). */
  aliasRepeats?: { count: number; paths: ReadonlyArray<readonly PathSegment[]> };
}

export function formatPath(path: readonly PathSegment[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (segment.length <= MAX_QUOTED_LENGTH && /^[A-Za-z_][A-Za-z0-9_-]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${quoteExcerpt(segment)}]`;
  }
  return out;
}

/** The file a diagnostic is about, or "" when it is about no file in particular. */
export function diagnosticFile(d: Diagnostic): string {
  return d.span?.file ?? d.file ?? "";
}

/** Total order: file, line, column, severity (errors first), code, message. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    compareStrings(diagnosticFile(a), diagnosticFile(b)) ||
    (a.span?.pos.line ?? 0) - (b.span?.pos.line ?? 0) ||
    (a.span?.pos.col ?? 0) - (b.span?.pos.col ?? 0) ||
    compareStrings(a.severity, b.severity) ||
    compareStrings(a.code, b.code) ||
    compareStrings(a.message, b.message)
  );
}

export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(compareDiagnostics);
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}
