import type { LineCounter } from "yaml";
import type { Span } from "../diagnostics/diagnostic.js";

/** A span over [start, end) of `file`, with its 1-based start position from yaml's LineCounter. */
export function makeSpan(file: string, lineCounter: LineCounter, start: number, end: number): Span {
  const pos = lineCounter.linePos(start);
  // linePos reports line 0 only before the first newline has been registered; the lexer always
  // registers offset 0, but stay safe for hand-made counters.
  return { file, start, end: Math.max(start, end), pos: pos.line === 0 ? { line: 1, col: start + 1 } : { line: pos.line, col: pos.col } };
}
