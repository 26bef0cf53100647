/**
 * Diagnostics go to terminals, CI logs and --json reports, which are not secret: no diagnostic
 * prints a value the secret scan flags. Every renderer passes what it prints through here:
 * messages, hints, file names and paths lose each credential-shaped span (secret-shapes.ts),
 * and a code frame also loses the source ranges the scan flagged by their key (`password:
 * hunter2` has no shape), which the compiler hands over as CompileResult.secretRanges.
 */
import type { Diagnostic, PathSegment, Span } from "./diagnostic.js";
import { findSecrets } from "./secret-shapes.js";

export const REDACTED = "<redacted>";

export interface TextRange {
  start: number;
  end: number;
}

/** Sorted, with overlapping and touching ranges merged; empty ranges dropped. */
export function mergeRanges(ranges: readonly TextRange[]): TextRange[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const merged: TextRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ start: r.start, end: r.end });
  }
  return merged;
}

/** `text` with each of the (merged) ranges replaced by REDACTED. */
export function redactRanges(text: string, ranges: readonly TextRange[]): string {
  if (ranges.length === 0) return text;
  let out = "";
  let at = 0;
  for (const r of mergeRanges(ranges)) {
    out += text.slice(at, r.start) + REDACTED;
    at = r.end;
  }
  return out + text.slice(at);
}

/** `text` without its credential-shaped spans. */
export function redactSecrets(text: string): string {
  const found = findSecrets(text);
  return found.length === 0 ? text : redactRanges(text, found);
}

function redactSpan(span: Span): Span {
  const file = redactSecrets(span.file);
  return file === span.file ? span : { ...span, file };
}

function redactSegment(segment: PathSegment): PathSegment {
  return typeof segment === "string" ? redactSecrets(segment) : segment;
}

/** The diagnostic with every text it carries redacted (its offsets and positions unchanged). */
export function redactDiagnostic(d: Diagnostic): Diagnostic {
  return {
    ...d,
    message: redactSecrets(d.message),
    ...(d.hint === undefined ? {} : { hint: redactSecrets(d.hint) }),
    ...(d.file === undefined ? {} : { file: redactSecrets(d.file) }),
    ...(d.path === undefined ? {} : { path: d.path.map(redactSegment) }),
    ...(d.span === undefined ? {} : { span: redactSpan(d.span) }),
    ...(d.related === undefined ? {} : { related: redactSpan(d.related) }),
  };
}

/**
 * One line of a source, redacted: `line` is text[lineStart, lineEnd); `hidden` are ranges of
 * the whole text (merged). `at(offset, side)` maps an offset of the text on this line to one
 * in the redacted line: inside a hidden range, to the start or the end of its REDACTED.
 */
export interface RedactedLine {
  text: string;
  at(offset: number, side: "start" | "end"): number;
}

export function redactLine(text: string, lineStart: number, lineEnd: number, hidden: readonly TextRange[]): RedactedLine {
  const pieces: Array<{ from: number; to: number; outFrom: number; hidden: boolean }> = [];
  let out = "";
  let at = lineStart;
  for (const r of hidden) {
    if (r.end <= lineStart || r.start >= lineEnd) continue;
    const start = Math.max(r.start, lineStart);
    const end = Math.min(r.end, lineEnd);
    if (start > at) {
      pieces.push({ from: at, to: start, outFrom: out.length, hidden: false });
      out += text.slice(at, start);
    }
    pieces.push({ from: start, to: end, outFrom: out.length, hidden: true });
    out += REDACTED;
    at = end;
  }
  pieces.push({ from: at, to: lineEnd, outFrom: out.length, hidden: false });
  out += text.slice(at, lineEnd);
  const pieceAt = (offset: number) => pieces.find((p) => offset >= p.from && offset < p.to);
  return {
    text: out,
    at(offset, side) {
      // An end offset is exclusive: it belongs with the character before it.
      const p = side === "start" ? pieceAt(offset) : pieceAt(offset - 1);
      if (p === undefined) return side === "start" || offset > lineStart ? out.length : 0;
      if (p.hidden) return side === "start" ? p.outFrom : p.outFrom + REDACTED.length;
      return p.outFrom + (offset - p.from);
    },
  };
}
