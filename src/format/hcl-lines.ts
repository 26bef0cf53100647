// Lines and their cells, as hclwrite's format passes see them (hclwrite/format.go
// linesForFormat). A line ends at a Newline token or at a line comment, which owns its
// newline (tokenIsNewline). Heredoc bodies sit inside StringLit tokens, so a heredoc is part
// of the line that opens it.
//
// hclwrite cuts each line into three cells: lead, assign (from a `=` to the end of the line)
// and comment (a trailing line comment). Cells are runs of token indices: [first, leadEnd)
// is the lead, [leadEnd, assignEnd) the assign cell and [assignEnd, end) the comment cell,
// each possibly empty (the lead never is).

import { Kind, type Tokens } from "./hcl-tokens.js";

export class Lines {
  count = 0;
  first: Int32Array;
  leadEnd: Int32Array;
  assignEnd: Int32Array;
  end: Int32Array;
  /** What the line's brackets add to the indentation (formatIndent's net). */
  net: Int32Array;
  /**
   * 1 when formatting changes the spaces before a token of the line other than its first;
   * the writer copies the other lines whole. Each token's spaces are set by one pass only
   * (the first token's by formatIndent, the rest of the lead and assign cells' by
   * formatSpaces, an assign cell's `=` and a trailing comment's by formatCells), so a pass
   * compares with the lexer's value, the source's own spacing, and marks the line.
   */
  dirty: Uint8Array;
  /** Scratch for formatCells: the width of the line before the cell being aligned. */
  width: Int32Array;

  /** `capacity`: at least the number of lines, e.g. the number of tokens. */
  constructor(capacity: number) {
    this.first = new Int32Array(capacity);
    this.leadEnd = new Int32Array(capacity);
    this.assignEnd = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.net = new Int32Array(capacity);
    this.dirty = new Uint8Array(capacity);
    this.width = new Int32Array(capacity);
  }

  /** Appends a line [first, end) and returns its index; cells and net are set by the caller. */
  push(first: number, end: number): number {
    const line = this.count++;
    this.first[line] = first;
    this.end[line] = end;
    return line;
  }
}

/** Opening and closing brackets, for indentation and the assign cell rule: +1, -1 or 0. */
export function bracketChange(kind: Kind): number {
  switch (kind) {
    case Kind.OBrace:
    case Kind.OBrack:
    case Kind.OParen:
    case Kind.TemplateInterp:
    case Kind.TemplateControl:
      return 1;
    case Kind.CBrace:
    case Kind.CBrack:
    case Kind.CParen:
    case Kind.TemplateSeqEnd:
      return -1;
    default:
      return 0;
  }
}

// What a token means to splitLines, one table lookup per token: most mean nothing.
enum Role {
  None,
  Opener,
  Closer,
  Equal,
  Heredoc,
  Newline,
  Comment,
}
const ROLE = new Uint8Array(Kind.FatArrow + 1);
for (let kind: Kind = 0; kind < ROLE.length; kind++) {
  if (bracketChange(kind) > 0) ROLE[kind] = Role.Opener;
  if (bracketChange(kind) < 0) ROLE[kind] = Role.Closer;
}
ROLE[Kind.Equal] = Role.Equal;
ROLE[Kind.OHeredoc] = Role.Heredoc;
ROLE[Kind.Newline] = Role.Newline;
ROLE[Kind.Comment] = Role.Comment;

/** Splits the tokens into lines, drops the blank lines we drop and cuts the rest into cells. */
export function splitLines(tokens: Tokens): Lines {
  const { kinds, count } = tokens;
  const lines = new Lines(count);
  let previousBlank = false; // whether the last line kept is blank
  let first = 0;
  while (first < count) {
    // Blank lines: our addition to hclwrite (see src/format/hcl.ts). Drop them at the start
    // of the file, after another blank line and after a line ending in an opener; drop the
    // blank line before a line of closers; and at the end of the file (below).
    if (kinds[first] === Kind.Newline) {
      const previous = lines.count - 1;
      if (previous >= 0 && !previousBlank && !endsWithOpener(tokens, lines.first[previous] ?? 0, lines.end[previous] ?? 0)) {
        const line = lines.push(first, first + 1);
        lines.leadEnd[line] = first + 1;
        lines.assignEnd[line] = first + 1;
        lines.net[line] = 0;
        previousBlank = true;
      }
      first++;
      continue;
    }
    if (previousBlank && isCloserLine(tokens, first)) lines.count--;
    first = cutLine(tokens, lines, first);
    previousBlank = false;
  }
  if (previousBlank) lines.count--;
  return lines;
}

/**
 * Adds the line that starts at token `first` and returns where it ends. One walk over its
 * tokens finds the cells and sums the brackets, which both the assign cell rule and
 * formatIndent need. A function per line rather than one loop over the file: V8 optimizes it
 * the ordinary way, without on-stack replacement of a long loop.
 */
function cutLine(tokens: Tokens, lines: Lines, first: number): number {
  const { kinds, ends, src, count } = tokens;
  let net = 0; // brackets opened minus brackets closed so far
  let equal = -1; // the first `=` that is not the line's first token
  let netBeforeEqual = 0;
  let heredoc = -1; // the first heredoc opener
  let netAtHeredoc = 0;
  for (let i = first; i < count; i++) {
    const role = ROLE[kinds[i] ?? 0];
    if (role === Role.None) continue;
    if (role === Role.Opener) {
      net++;
    } else if (role === Role.Closer) {
      net--;
    } else if (role === Role.Equal) {
      if (equal === -1 && i > first) {
        equal = i;
        netBeforeEqual = net;
      }
    } else if (role === Role.Heredoc) {
      if (heredoc === -1) {
        heredoc = i;
        netAtHeredoc = net;
      }
    } else if (role === Role.Newline || src.charCodeAt((ends[i] ?? 0) - 1) === 0x0a /* a line comment */) {
      const line = lines.push(first, i + 1);
      // linesForFormat: a comment cell needs something before it; the assign cell starts at
      // the first `=` (never the line's first token; `==`, `<=`, `>=`, `!=`, `=>` are other
      // token kinds) and only if the rest of the line closes every bracket it opens:
      // `foo = {` opens a multi-line value and so gets no assign cell.
      const commentStart = i > first && role === Role.Comment ? i : i + 1;
      const hasAssign = equal !== -1 && net === netBeforeEqual;
      const leadEnd = hasAssign ? equal : commentStart;
      lines.leadEnd[line] = leadEnd;
      lines.assignEnd[line] = commentStart;
      // formatIndent counts the lead up to a heredoc opener, then the assign cell, whose
      // brackets balance by the rule above.
      lines.net[line] = heredoc !== -1 && heredoc < leadEnd ? netAtHeredoc : hasAssign ? netBeforeEqual : net;
      return i + 1;
    }
  }
  // The lexer ends every input with a Newline token (formatHcl adds a final newline).
  throw new Error("formatHcl: the last line has no newline");
}

function endsWithOpener(tokens: Tokens, first: number, end: number): boolean {
  const last = tokens.kinds[end - 1] === Kind.Newline ? end - 2 : end - 1;
  if (last < first) return false;
  const kind = tokens.kind(last);
  return kind === Kind.OBrace || kind === Kind.OBrack || kind === Kind.OParen;
}

/** `}`, `]`, `)`, `})`, `},`, `} # end`: only closers, commas and a trailing comment. */
function isCloserLine(tokens: Tokens, first: number): boolean {
  if (!isCloser(tokens.kind(first))) return false;
  for (let i = first + 1; i < tokens.count; i++) {
    const kind = tokens.kind(i);
    if (kind === Kind.Newline) return true;
    if (kind === Kind.Comment) {
      // a line comment ends the line; a block comment does not
      if (tokens.src.charCodeAt((tokens.ends[i] ?? 0) - 1) === 0x0a) return true;
    } else if (!isCloser(kind) && kind !== Kind.Comma) {
      return false;
    }
  }
  return true;
}

function isCloser(kind: Kind): boolean {
  return kind === Kind.CBrace || kind === Kind.CBrack || kind === Kind.CParen;
}
