// Canonical HCL: the output is a fixed point of `tofu fmt` / `terraform fmt`.
//
// Both tools format with hclwrite (hashicorp/hcl v2, hclwrite/format.go): lex the file,
// cut it into lines, then (1) formatIndent, (2) formatSpaces, (3) formatCells. This file
// ports those passes over a token stream that mirrors hclsyntax's lexer
// (hclsyntax/scan_tokens.rl) closely enough to give every token the same type. Only
// whitespace between tokens changes; token text is kept, except that we also:
//   - drop blank lines at the start and end, collapse runs of blank lines to one, and drop
//     blank lines right after a line ending in `{`, `[` or `(` and right before a line of
//     closers (fmt leaves blank lines alone, so this cannot break the fixed point);
//   - strip trailing whitespace from comments and heredoc end markers, write every
//     newline outside heredoc bodies as LF, and end the file with exactly one newline.
// Heredoc bodies keep their bytes; only the expressions inside their `${ }` are spaced,
// as fmt does. What fmt does beyond hclwrite (terraform's fmt command unwraps `"${x}"` to
// `x` and rewrites legacy `type = "string"`) is not reproduced: templates must not emit
// those forms.

import { HclFormatError, lex, type Kind, type Token } from "./hcl-lexer.js";

export { HclFormatError };

export function formatHcl(text: string): string {
  const source = text.endsWith("\n") ? text : `${text}\n`;
  const lines = normalizeBlankLines(splitLines(lex(source))).map(toFormatLine);
  formatIndent(lines);
  formatSpaces(lines);
  formatCells(lines);
  let out = "";
  for (const line of lines) {
    for (const token of [...line.lead, ...line.assign, ...line.comment]) {
      out += " ".repeat(token.spaces) + token.text;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Lines. A line ends at a Newline token or at a line comment, which owns its newline
// (hclwrite linesForFormat / tokenIsNewline). Heredoc bodies sit inside StringLit tokens,
// so a heredoc is part of the line that opens it.

function isLineEnd(token: Token): boolean {
  return token.kind === "Newline" || (token.kind === "Comment" && token.text.endsWith("\n"));
}

function splitLines(tokens: readonly Token[]): Token[][] {
  const lines: Token[][] = [];
  let current: Token[] = [];
  for (const token of tokens) {
    current.push(token);
    if (isLineEnd(token)) {
      lines.push(current);
      current = [];
    }
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

const OPENERS: ReadonlySet<Kind> = new Set(["OBrace", "OBrack", "OParen"]);
const CLOSERS: ReadonlySet<Kind> = new Set(["CBrace", "CBrack", "CParen"]);

function isBlank(line: readonly Token[]): boolean {
  return line.length === 1 && line[0]?.kind === "Newline";
}

function endsWithOpener(line: readonly Token[]): boolean {
  const last = line.at(-1)?.kind === "Newline" ? line.at(-2) : line.at(-1);
  return last !== undefined && OPENERS.has(last.kind);
}

/** `}`, `]`, `)`, `})`, `},`, `} # end`: only closers, commas and a trailing comment. */
function isCloserLine(line: readonly Token[]): boolean {
  const first = line[0];
  return (
    first !== undefined &&
    CLOSERS.has(first.kind) &&
    line.every((token) => CLOSERS.has(token.kind) || ["Comma", "Comment", "Newline"].includes(token.kind))
  );
}

function normalizeBlankLines(lines: readonly Token[][]): Token[][] {
  const kept: Token[][] = [];
  for (const line of lines) {
    const previous = kept.at(-1);
    if (isBlank(line)) {
      if (previous === undefined || isBlank(previous) || endsWithOpener(previous)) continue;
    } else if (isCloserLine(line) && previous !== undefined && isBlank(previous)) {
      kept.pop();
    }
    kept.push(line);
  }
  while (kept.length > 0 && isBlank(kept.at(-1) ?? [])) kept.pop();
  return kept;
}

// ---------------------------------------------------------------------------------------
// hclwrite's three cells per line: lead, assign (from a `=` to the end of the line), and
// comment (a trailing line comment).

interface FormatLine {
  lead: Token[];
  assign: Token[];
  comment: Token[];
}

function bracketChange(token: Token): number {
  switch (token.kind) {
    case "OBrace":
    case "OBrack":
    case "OParen":
    case "TemplateInterp":
    case "TemplateControl":
      return 1;
    case "CBrace":
    case "CBrack":
    case "CParen":
    case "TemplateSeqEnd":
      return -1;
    default:
      return 0;
  }
}

function netBrackets(tokens: readonly Token[]): number {
  return tokens.reduce((sum, token) => sum + bracketChange(token), 0);
}

// linesForFormat: a comment cell needs something before it; the assign cell starts at the
// first `=` (never the line's first token; `==`, `<=`, `>=`, `!=`, `=>` are other token
// kinds) and only if the rest of the line closes every bracket it opens. `foo = {` opens a
// multi-line value and so gets no assign cell. Only the first `=` of a line is considered.
function toFormatLine(tokens: Token[]): FormatLine {
  let lead = tokens;
  let comment: Token[] = [];
  let assign: Token[] = [];
  if (lead.length > 1 && lead.at(-1)?.kind === "Comment") {
    comment = lead.slice(-1);
    lead = lead.slice(0, -1);
  }
  const equal = lead.findIndex((token, i) => i > 0 && token.kind === "Equal");
  if (equal > 0 && netBrackets(lead.slice(equal)) === 0) {
    assign = lead.slice(equal);
    lead = lead.slice(0, equal);
  }
  return { lead, assign, comment };
}

// formatIndent: two spaces per entry on a stack of "lines that opened brackets". A line
// with a net surplus of openers is indented at the current level, then pushes; a line
// with a net surplus of closers pops first, so `}` and `)]` dedent. Brackets after a
// heredoc opener in the lead are not counted.
function formatIndent(lines: readonly FormatLine[]): void {
  const indents: number[] = [];
  for (const line of lines) {
    const first = line.lead[0];
    if (first === undefined) continue;
    if (first.kind === "Newline") {
      first.spaces = 0;
      continue;
    }
    let net = 0;
    for (const token of line.lead) {
      net += bracketChange(token);
      if (token.kind === "OHeredoc") break;
    }
    net += netBrackets(line.assign);
    if (net > 0) {
      first.spaces = 2 * indents.length;
      indents.push(net);
      continue;
    }
    let closed = -net;
    while (closed > 0 && indents.length > 0) {
      const top = indents.at(-1) ?? 0;
      if (closed < top) {
        indents[indents.length - 1] = top - closed;
        closed = 0;
      } else {
        indents.pop();
        closed -= top;
      }
    }
    first.spaces = 2 * indents.length;
  }
}

// formatSpaces: one space or none between neighbours in the lead and in the assign cell.
function formatSpaces(lines: readonly FormatLine[]): void {
  for (const { lead, assign } of lines) {
    for (const cell of [lead, assign]) {
      for (let i = 0; i + 1 < cell.length; i++) {
        const subject = cell[i];
        const after = cell[i + 1];
        if (subject === undefined || after === undefined) continue;
        after.spaces = spaceAfterToken(subject, i > 0 ? cell[i - 1] : undefined, after) ? 1 : 0;
      }
    }
    const equal = assign[0];
    if (equal !== undefined) equal.spaces = 1;
  }
}

const NO_SPACE_INSIDE_TEMPLATE: ReadonlySet<Kind> = new Set(["QuotedLit", "StringLit", "OQuote", "OHeredoc"]);
const NO_SPACE_BEFORE_TEMPLATE: ReadonlySet<Kind> = new Set(["QuotedLit", "StringLit", "CQuote", "CHeredoc"]);
// A minus after one of these (or at the start) is a negation: no space after it.
const BEFORE_NEGATION: ReadonlySet<Kind | "Nil"> = new Set([
  "Nil",
  "OParen",
  "OBrace",
  "OBrack",
  "Equal",
  "Colon",
  "Comma",
  "Question",
  "Plus",
  "Star",
  "Slash",
  "Percent",
  "Minus",
  "EqualOp",
  "NotEqual",
  "GreaterThan",
  "GreaterThanEq",
  "LessThan",
  "LessThanEq",
  "And",
  "Or",
  "Bang",
]);

// hclwrite spaceAfterToken, case for case and in the same order (the order matters).
function spaceAfterToken(subject: Token, before: Token | undefined, after: Token): boolean {
  const s = subject.kind;
  const a = after.kind;
  if (a === "Newline") return false;
  if (s === "Ident" && a === "OParen") return false;
  if ((s === "Ident" && a === "DoubleColon") || (s === "DoubleColon" && a === "Ident")) return false;
  if (s === "Dot" || a === "Dot") return false;
  if (a === "Comma" || a === "Ellipsis") return false;
  if (s === "Comma") return true;
  if (NO_SPACE_INSIDE_TEMPLATE.has(s) || NO_SPACE_BEFORE_TEMPLATE.has(a)) return false;
  if (s === "Ident" && subject.text === "in" && before?.kind === "Ident") return true;
  if (a === "OBrack" && (s === "Ident" || s === "Number" || bracketChange(subject) < 0)) return false;
  if (s === "Bang") return false;
  if (s === "Minus") return !BEFORE_NEGATION.has(before?.kind ?? "Nil");
  if (s === "OBrace" || a === "CBrace") return !(s === "OBrace" && a === "CBrace");
  if ((s === "TemplateInterp" || s === "TemplateControl") && a === "OBrace") return true;
  if (s === "CBrace" && a === "TemplateSeqEnd") return true;
  if (s === "TemplateSeqEnd" && (a === "TemplateInterp" || a === "TemplateControl")) return false;
  if (bracketChange(subject) > 0) return false;
  if (bracketChange(after) < 0) return false;
  return true;
}

// formatCells: consecutive lines with an assign cell form a chain (any other line ends
// it: blank, comment-only, block header, `foo = {`, a closer); each `=` in a chain moves to
// one column past the widest lead. Then the same for trailing comments, measured after
// lead and assign.
function formatCells(lines: readonly FormatLine[]): void {
  alignChains(
    lines,
    (line) => line.assign[0],
    (line) => columns(line.lead),
  );
  alignChains(
    lines,
    (line) => line.comment[0],
    (line) => columns(line.lead) + columns(line.assign),
  );
}

function alignChains(
  lines: readonly FormatLine[],
  cellStart: (line: FormatLine) => Token | undefined,
  width: (line: FormatLine) => number,
): void {
  let chain: FormatLine[] = [];
  const close = (): void => {
    const max = chain.reduce((widest, line) => Math.max(widest, width(line)), 0);
    for (const line of chain) {
      const start = cellStart(line);
      if (start !== undefined) start.spaces = max - width(line) + 1;
    }
    chain = [];
  };
  for (const line of lines) {
    if (cellStart(line) === undefined) close();
    else chain.push(line);
  }
  close();
}

// Created on first use: building a Segmenter loads ICU break data (~9 ms measured on Node 20),
// which every CLI start would pay although only non-ASCII cells ever need it.
let graphemes: Intl.Segmenter | undefined;

// hclwrite Tokens.Columns (hclwrite/tokens.go): spaces plus grapheme clusters of the text.
function columns(tokens: readonly Token[]): number {
  let total = 0;
  for (const token of tokens) {
    total += token.spaces;
    if (/^[\x20-\x7e]*$/.test(token.text)) {
      total += token.text.length;
    } else {
      graphemes ??= new Intl.Segmenter("en", { granularity: "grapheme" });
      for (const _ of graphemes.segment(token.text)) total++;
    }
  }
  return total;
}
