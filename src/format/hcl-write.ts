// Writes the formatted tokens out. Most of a generated file is already formatted, so the
// output is built from runs of the source copied whole: a token joins the current run when
// it follows the previous written token in the source, its text is its source range and the
// source between them is exactly the spaces the format passes chose. Only where a line was
// dropped or the spacing changes does the writer cut the run and write spaces itself.
//
// Whole lines go at once when they are clean (Lines.dirty): the passes gave every token but
// the first the spaces the source already has before it (Tokens.spaces starts as that
// count). That count is the source itself only if the space between tokens holds nothing
// but spaces and no token has a replacement text; so with a tab anywhere in the file, or a
// CRLF, a trimmed comment or heredoc opener, every line goes token by token. (The one other
// gap, blanks after a heredoc end marker, is never clean: its Newline gets 0 spaces.)

import type { Lines } from "./hcl-lines.js";
import type { Tokens } from "./hcl-tokens.js";

export function writeTokens(tokens: Tokens, lines: Lines): string {
  const { starts, ends, spaces, src } = tokens;
  const anyReplaced = tokens.hasReplacements();
  let out = "";
  // The current run is src[runStart, runEnd); `previous` is the last token written.
  let runStart = 0;
  let runEnd = 0;
  let previous = -1;
  const cleanLinesAsIs = !anyReplaced && !src.includes("\t");
  for (let line = 0; line < lines.count; line++) {
    const first = lines.first[line] ?? 0;
    const end = lines.end[line] ?? 0;
    if (cleanLinesAsIs && lines.dirty[line] === 0) {
      // Only the first token's spaces (its indentation) can differ from the source.
      const start = starts[first] ?? 0;
      const space = spaces[first] ?? 0;
      if (first !== previous + 1 || start - runEnd !== space || !onlySpaces(src, runEnd, start)) {
        out += src.slice(runStart, runEnd) + spacesOf(space);
        runStart = start;
      }
      runEnd = ends[end - 1] ?? 0;
      previous = end - 1;
      continue;
    }
    for (let i = first; i < end; i++) {
      const start = starts[i] ?? 0;
      const space = spaces[i] ?? 0;
      const replacement = anyReplaced ? tokens.replacement(i) : undefined;
      if (i === previous + 1 && start - runEnd === space && replacement === undefined && onlySpaces(src, runEnd, start)) {
        runEnd = ends[i] ?? 0;
      } else {
        out += src.slice(runStart, runEnd) + spacesOf(space);
        if (replacement === undefined) {
          runStart = start;
        } else {
          out += replacement;
          runStart = ends[i] ?? 0;
        }
        runEnd = ends[i] ?? 0;
      }
      previous = i;
    }
  }
  return out + src.slice(runStart, runEnd);
}

function onlySpaces(src: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (src.charCodeAt(i) !== 0x20) return false;
  return true;
}

const SPACES: string[] = [];

function spacesOf(count: number): string {
  return (SPACES[count] ??= " ".repeat(count));
}
