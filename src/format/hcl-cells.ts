// hclwrite formatCells (hclwrite/format.go): consecutive lines with an assign cell form a
// chain (any other line ends it: blank, comment-only, block header, `foo = {`, a closer);
// each `=` in a chain moves to one column past the widest lead. Then the same for trailing
// comments, measured after lead and assign.

import type { Lines } from "./hcl-lines.js";
import { Kind, type Tokens } from "./hcl-tokens.js";

export function formatCells(tokens: Tokens, lines: Lines): void {
  // Lead widths first: the comment chains measure the assign cells after they moved.
  alignChains(tokens, lines, lines.leadEnd, lines.assignEnd, lines.leadEnd);
  alignChains(tokens, lines, lines.assignEnd, lines.end, lines.assignEnd);
}

/**
 * Aligns the cells that start at `cellStart[line]` (a line has one when it is not empty, i.e.
 * before `cellEnd[line]`); a line's width is the columns of its tokens before `widthEnd`.
 */
function alignChains(tokens: Tokens, lines: Lines, cellStart: Int32Array, cellEnd: Int32Array, widthEnd: Int32Array): void {
  const { width } = lines;
  let chainStart = 0;
  let max = 0;
  for (let line = 0; line < lines.count; line++) {
    if ((cellStart[line] ?? 0) === (cellEnd[line] ?? 0)) {
      if (chainStart < line) align(tokens, lines, cellStart, chainStart, line, max);
      chainStart = line + 1;
      max = 0;
      continue;
    }
    const columnsBefore = columns(tokens, lines.first[line] ?? 0, widthEnd[line] ?? 0);
    width[line] = columnsBefore;
    if (columnsBefore > max) max = columnsBefore;
  }
  if (chainStart < lines.count) align(tokens, lines, cellStart, chainStart, lines.count, max);
}

/** Moves each cell of the chain [from, to) to one column past `max`, the widest line. */
function align(tokens: Tokens, lines: Lines, cellStart: Int32Array, from: number, to: number, max: number): void {
  for (let line = from; line < to; line++) {
    const start = cellStart[line] ?? 0;
    const spaces = max - (lines.width[line] ?? 0) + 1;
    if (tokens.spaces[start] !== spaces) {
      tokens.spaces[start] = spaces;
      lines.dirty[line] = 1;
    }
  }
}

// Token kinds whose text is always printable ASCII: one column per character.
const PLAIN = new Uint8Array(Kind.FatArrow + 1).fill(1);
for (const kind of [Kind.Newline, Kind.Comment, Kind.Ident, Kind.QuotedLit, Kind.OHeredoc, Kind.StringLit, Kind.CHeredoc]) {
  PLAIN[kind] = 0;
}

// Created on first use: building a Segmenter loads ICU break data (~9 ms measured on Node 20),
// which every CLI start would pay although only non-ASCII cells ever need it.
let graphemes: Intl.Segmenter | undefined;

// hclwrite Tokens.Columns (hclwrite/tokens.go): spaces plus grapheme clusters of the text.
function columns(tokens: Tokens, from: number, to: number): number {
  const { kinds, starts, ends, spaces, src } = tokens;
  const anyReplaced = tokens.hasReplacements();
  let total = 0;
  for (let i = from; i < to; i++) {
    total += spaces[i] ?? 0;
    const start = starts[i] ?? 0;
    const end = ends[i] ?? 0;
    const replacement = anyReplaced ? tokens.replacement(i) : undefined;
    if (replacement !== undefined) total += textColumns(replacement, 0, replacement.length);
    else if (PLAIN[kinds[i] ?? 0] === 1) total += end - start;
    else total += textColumns(src, start, end);
  }
  return total;
}

// Printable ASCII, one column per character; anything else is counted in grapheme clusters.
const PRINTABLE = /[\x20-\x7e]*/y;

function textColumns(text: string, start: number, end: number): number {
  PRINTABLE.lastIndex = start;
  PRINTABLE.test(text);
  if (PRINTABLE.lastIndex >= end) return end - start;
  graphemes ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  let count = 0;
  for (const _ of graphemes.segment(text.slice(start, end))) count++;
  return count;
}
