// hclwrite formatSpaces (hclwrite/format.go): one space or none between neighbours in the
// lead and in the assign cell of every line, decided by spaceAfterToken, except where no
// space would make the two tokens lex as others (joinsWith, below).

import { bracketChange, type Lines } from "./hcl-lines.js";
import { KIND_COUNT, Kind, type Tokens } from "./hcl-tokens.js";

// hclwrite also gives the `=` that starts an assign cell one space here; formatCells always
// replaces that, since every line with an assign cell is part of a chain, so it is left out.
export function formatSpaces(tokens: Tokens, lines: Lines): void {
  for (let line = 0; line < lines.count; line++) spaceLine(tokens, lines, line);
}

// A function per line rather than one loop over the file: V8 optimizes it the ordinary way,
// without on-stack replacement of a long loop.
function spaceLine(tokens: Tokens, lines: Lines, line: number): void {
  const leadEnd = lines.leadEnd[line] ?? 0;
  const changed = spaceCell(tokens, lines.first[line] ?? 0, leadEnd) + spaceCell(tokens, leadEnd, lines.assignEnd[line] ?? 0);
  if (changed > 0) lines.dirty[line] = 1;
}

/** Spaces the cell's tokens after its first; returns how many spaces changed. */
function spaceCell(tokens: Tokens, from: number, to: number): number {
  const { kinds, spaces } = tokens;
  let changed = 0;
  let before: Kind | undefined;
  let subject = kinds[from] ?? 0;
  for (let i = from; i + 1 < to; i++) {
    const after = kinds[i + 1] ?? 0;
    let key = subject * KIND_COUNT + after;
    if ((subject === Kind.Ident && before === Kind.Ident) || subject === Kind.Minus) {
      key += contextBit(tokens, i, before) * KIND_COUNT * KIND_COUNT;
    }
    let space = decided[key] ?? -1;
    if (space === -1) space = decide(tokens, i, before, key);
    if (space === BY_TEXT) space = joinsAt(tokens, i) ? 1 : 0;
    if (spaces[i + 1] !== space) {
      spaces[i + 1] = space;
      changed++;
    }
    before = subject;
    subject = after;
  }
  return changed;
}

// spaceAfterToken below is a function of the two kinds and of one more bit: for an
// identifier, whether it is `in` after another identifier; for a minus, whether it is a
// negation. Its answers are remembered per (bit, subject, after), which turns the chain of
// tests into one table lookup for nearly every token. BY_TEXT marks the few pairs where
// "none" also depends on the tokens' text (mayJoin): those are looked at every time.
const decided = new Int8Array(2 * KIND_COUNT * KIND_COUNT).fill(-1);
const BY_TEXT = 2;

function decide(tokens: Tokens, i: number, before: Kind | undefined, key: number): number {
  const subject = tokens.kind(i);
  const after = tokens.kind(i + 1);
  const isIn = subject === Kind.Ident && contextBit(tokens, i, before) === 1;
  const space = spaceAfterToken(subject, before, after, isIn) ? 1 : mayJoin(subject, after) ? BY_TEXT : 0;
  decided[key] = space;
  return space;
}

/** joinsWith for tokens `i` and `i + 1` of the stream. */
function joinsAt(tokens: Tokens, i: number): boolean {
  const text = (j: number): string => tokens.src.slice(tokens.starts[j] ?? 0, tokens.ends[j] ?? 0);
  return joinsWith(tokens.kind(i), text(i), tokens.kind(i + 1), text(i + 1), tokens.kind(i + 2));
}

/** For an identifier: 1 if it is `in` after another identifier. For a minus: 1 if it negates. */
function contextBit(tokens: Tokens, i: number, before: Kind | undefined): number {
  if (tokens.kinds[i] === Kind.Minus) return BEFORE_NEGATION.has(before ?? "Nil") ? 1 : 0;
  if (before !== Kind.Ident) return 0;
  const start = tokens.starts[i] ?? 0;
  const isIn = (tokens.ends[i] ?? 0) - start === 2 && tokens.src.charCodeAt(start) === 0x69 && tokens.src.charCodeAt(start + 1) === 0x6e;
  return isIn ? 1 : 0;
}

// Inside a template: no space after an opening quote or literal text, none before a closing
// quote or literal text.
function noSpaceAfterInTemplate(kind: Kind): boolean {
  return kind === Kind.QuotedLit || kind === Kind.StringLit || kind === Kind.OQuote || kind === Kind.OHeredoc;
}

function noSpaceBeforeInTemplate(kind: Kind): boolean {
  return kind === Kind.QuotedLit || kind === Kind.StringLit || kind === Kind.CQuote || kind === Kind.CHeredoc;
}

// A minus after one of these (or at the start) is a negation: no space after it.
const BEFORE_NEGATION: ReadonlySet<Kind | "Nil"> = new Set([
  "Nil",
  Kind.OParen,
  Kind.OBrace,
  Kind.OBrack,
  Kind.Equal,
  Kind.Colon,
  Kind.Comma,
  Kind.Question,
  Kind.Plus,
  Kind.Star,
  Kind.Slash,
  Kind.Percent,
  Kind.Minus,
  Kind.EqualOp,
  Kind.NotEqual,
  Kind.GreaterThan,
  Kind.GreaterThanEq,
  Kind.LessThan,
  Kind.LessThanEq,
  Kind.And,
  Kind.Or,
  Kind.Bang,
]);

// hclwrite spaceAfterToken, case for case and in the same order (the order matters).
// `subjectIsIn`: the subject is the identifier `in` and `before` is an identifier.
export function spaceAfterToken(s: Kind, before: Kind | undefined, a: Kind, subjectIsIn: boolean): boolean {
  if (a === Kind.Newline) return false;
  if (s === Kind.Ident && a === Kind.OParen) return false;
  if ((s === Kind.Ident && a === Kind.DoubleColon) || (s === Kind.DoubleColon && a === Kind.Ident)) return false;
  if (s === Kind.Dot || a === Kind.Dot) return false;
  if (a === Kind.Comma || a === Kind.Ellipsis) return false;
  if (s === Kind.Comma) return true;
  if (noSpaceAfterInTemplate(s) || noSpaceBeforeInTemplate(a)) return false;
  if (subjectIsIn) return true;
  if (a === Kind.OBrack && (s === Kind.Ident || s === Kind.Number || bracketChange(s) < 0)) return false;
  if (s === Kind.Bang) return false;
  if (s === Kind.Minus) return !BEFORE_NEGATION.has(before ?? "Nil");
  if (s === Kind.OBrace || a === Kind.CBrace) return !(s === Kind.OBrace && a === Kind.CBrace);
  if ((s === Kind.TemplateInterp || s === Kind.TemplateControl) && a === Kind.OBrace) return true;
  if (s === Kind.CBrace && a === Kind.TemplateSeqEnd) return true;
  if (s === Kind.TemplateSeqEnd && (a === Kind.TemplateInterp || a === Kind.TemplateControl)) return false;
  if (bracketChange(s) > 0) return false;
  if (bracketChange(a) < 0) return false;
  return true;
}

/** Pairs of kinds that joinsWith can keep apart: for every other pair, the kinds decide alone. */
export function mayJoin(subject: Kind, after: Kind): boolean {
  switch (subject) {
    case Kind.Bang:
      return after === Kind.Equal || after === Kind.EqualOp || after === Kind.FatArrow;
    case Kind.Dot:
      return after === Kind.Dot || after === Kind.Ellipsis;
    case Kind.Number:
      return after === Kind.Dot;
    case Kind.TemplateInterp:
    case Kind.TemplateControl:
      return after === Kind.TemplateSeqEnd;
    default:
      return false;
  }
}

const DIGITS = /^[0-9]+$/;

/**
 * Whether `subject` and `after`, for which spaceAfterToken asks for no space, would lex as
 * other tokens if written with none; `next` is the kind of the token after `after`. Then we
 * keep one space, as formatting must only change whitespace (hclwrite/format.go says so too,
 * but its spaceAfterToken does not check). The lexer takes the longest token it can, so:
 *   `! =`, `! ==`, `! =>`   "no space after a bang" would make `!=` and then `=`, `=` or `>`;
 *   `. .`, `. ...`          "no space around dots" would make `...` of three dots, and `...`
 *                           and `.` of a dot and an ellipsis;
 *   `1 . 5`, `a.0 .1`       a whole number, a dot and a number would make one number
 *                           (hclsyntax NumberLit: digit+ ("." digit+)? exponent?);
 *   `${ ~}`, `%{ ~}`        a sequence opener and a `~}` would make `${~` and `}`.
 * hclwrite writes all of these together, and so changes the tokens, which is how formatting
 * `! ==` gave `!==`, and formatting that gave `!= =`. `tofu fmt` only formats text that
 * parses, and of these only the legacy indexes parse: there it prints `a . 0 . 1` as
 * `a.0.1`, which then fails with "Invalid legacy index syntax" (and `1 . 5`, a traversal of
 * the literal 1, as the number 1.5; both seen with terraform 1.11.4 fmt). Templates never write any of them. Two dots in a row
 * are kept apart even when only a third would join them: they never parse, and the rule
 * then stays a function of the kinds.
 */
export function joinsWith(subject: Kind, subjectText: string, after: Kind, afterText: string, next: Kind | undefined): boolean {
  if (!mayJoin(subject, after)) return false;
  switch (subject) {
    case Kind.Number:
      return next === Kind.Number && DIGITS.test(subjectText);
    case Kind.TemplateInterp:
    case Kind.TemplateControl:
      return !subjectText.endsWith("~") && afterText.startsWith("~");
    default:
      return true;
  }
}
