// The HCL lexer of the formatter: a token stream that mirrors hclsyntax's lexer
// (hclsyntax/scan_tokens.rl) closely enough to give every token the same type, which is
// what hclwrite's format passes (src/format/hcl.ts) decide spacing and alignment by.
//
// It records source ranges (src/format/hcl-tokens.ts) instead of building token strings,
// and scans runs of plain characters with sticky regexes (src/format/hcl-scan.ts).

import { HclFormatError } from "./hcl-error.js";
import { BLANKS, Char, HEREDOC_START, IDENT, IDENT_ASCII_REST, matchEnd, NUMBER, operatorAt, QUOTED_TEXT, START, Start } from "./hcl-scan.js";
import { Kind, Tokens } from "./hcl-tokens.js";
import { isGoSpace, isJsSpace, trimEndWhile, trimStartWhile } from "../base/trim-runs.js";

/** The blanks a line comment loses at its end (hclwrite). */
const isLineBlank = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0d;

// Modes follow scan_tokens.rl: the main (expression) mode, quoted templates and heredoc
// templates, with a stack so `${ ... }` can nest strings that nest `${ ... }`.
type Frame =
  | { readonly kind: "brace" } // `{` in expression mode: `}` is CBrace
  | { readonly kind: "interp" } // `${` / `%{`: `}` is TemplateSeqEnd and returns to the template
  | { readonly kind: "quote" }
  | { readonly kind: "heredoc"; readonly marker: string; startOfLine: boolean };

// Only heredoc frames carry state; the others are shared.
const BRACE: Frame = { kind: "brace" };
const INTERP: Frame = { kind: "interp" };
const QUOTE: Frame = { kind: "quote" };

// The lexer's state lives at module level, not in closures made by each lex() call: V8's
// optimized code for one call's closures is thrown away when the next file brings new ones
// ("wrong call target"), and module variables are as cheap to reach. lex() calls nothing
// that could call it back, so there is one lexer at a time.
const NO_TOKENS = new Tokens("");
let src = "";
let length = 0;
let pos = 0;
let tokens = NO_TOKENS;
let kinds = tokens.kinds;
let starts = tokens.starts;
let ends = tokens.ends;
let spaces = tokens.spaces;
let count = 0;
let lastEnd = 0;
const stack: Frame[] = [];

export function lex(text: string): Tokens {
  src = text;
  length = text.length;
  pos = 0;
  tokens = new Tokens(text);
  ({ kinds, starts, ends, spaces } = tokens);
  count = 0;
  lastEnd = 0;
  stack.length = 0;
  try {
    while (pos < length) {
      const top = stack[stack.length - 1];
      if (top === QUOTE) quoted();
      else if (top !== undefined && top.kind === "heredoc") heredoc(top);
      else expression();
    }
    const open = stack[stack.length - 1];
    if (open) fail(open.kind === "heredoc" ? `unterminated heredoc ${open.marker}` : `unclosed ${open.kind}`);
    tokens.count = count;
    return tokens;
  } finally {
    // Hold on to nothing of this file.
    src = "";
    tokens = NO_TOKENS;
    ({ kinds, starts, ends, spaces } = tokens);
    stack.length = 0;
  }
}

function emit(kind: Kind, start: number, end: number): void {
  kinds[count] = kind;
  starts[count] = start;
  ends[count] = end;
  // The source's own spacing, which the format passes compare with theirs.
  spaces[count] = start - lastEnd;
  lastEnd = end;
  count++;
}

function emitReplaced(kind: Kind, start: number, end: number, text: string): void {
  tokens.replace(count, text);
  emit(kind, start, end);
}

function fail(message: string, at = pos): never {
  throw HclFormatError.at(src, at, message);
}

// Expression mode, token by token, to the end of the line (so that a deoptimization costs
// one line, and no long loop waits for on-stack replacement), or until a template opens or
// closes.
function expression(): void {
  while (pos < length) {
    const c = src.charCodeAt(pos);
    switch (c < 0x80 ? START[c] : Start.NonAscii) {
      case Start.Blank: {
        // Mostly the one space around `=`: a loop. Indentation, below, is longer: a regex.
        let next = src.charCodeAt(++pos);
        while (next === Char.Space || next === Char.Tab) next = src.charCodeAt(++pos);
        break;
      }
      case Start.Newline: {
        emit(Kind.Newline, pos, pos + 1);
        // and the next line's indentation
        BLANKS.lastIndex = pos + 1;
        BLANKS.test(src);
        pos = BLANKS.lastIndex;
        return;
      }
      case Start.Ident: {
        // An identifier (or keyword): ASCII is the common case; the Unicode regex is slower.
        IDENT_ASCII_REST.lastIndex = pos + 1;
        IDENT_ASCII_REST.test(src);
        let end = IDENT_ASCII_REST.lastIndex;
        if (src.charCodeAt(end) >= 0x80) end = matchEnd(IDENT, src, pos);
        emit(Kind.Ident, pos, end);
        pos = end;
        break;
      }
      case Start.Equal: {
        // `=`, the most common operator; `==` and `=>` go the long way.
        const next = src.charCodeAt(pos + 1);
        if (next === Char.Equal || next === Char.Greater) {
          operator();
        } else {
          emit(Kind.Equal, pos, pos + 1);
          pos++;
        }
        break;
      }
      case Start.Quote:
        if (!simpleString()) {
          emit(Kind.OQuote, pos, pos + 1);
          stack.push(QUOTE);
          pos++;
          return;
        }
        break;
      case Start.Digit: {
        const end = matchEnd(NUMBER, src, pos);
        emit(Kind.Number, pos, end);
        pos = end;
        break;
      }
      case Start.OpenBrace:
        emit(Kind.OBrace, pos, pos + 1);
        stack.push(BRACE);
        pos++;
        break;
      case Start.Tilde:
        if (src.charCodeAt(pos + 1) !== Char.CloseBrace) fail('unexpected character "~"');
        if (closeBrace() === INTERP) return;
        break;
      case Start.CloseBrace:
        // `}` may end a template sequence and so return to a template.
        if (closeBrace() === INTERP) return;
        break;
      case Start.Hash:
        comment();
        break;
      case Start.Slash: {
        const next = src.charCodeAt(pos + 1);
        if (next === Char.Slash || next === Char.Star) comment();
        else operator();
        break;
      }
      case Start.Less:
        if (src.charCodeAt(pos + 1) === Char.Less && heredocStart()) return;
        operator();
        break;
      case Start.Return:
        if (src.charCodeAt(pos + 1) !== Char.LineFeed) fail('unexpected character "\\r"');
        emitReplaced(Kind.Newline, pos, pos + 2, "\n");
        pos += 2;
        return;
      case Start.NonAscii: {
        const end = matchEnd(IDENT, src, pos);
        if (end === -1) fail(`unexpected character ${JSON.stringify(src[pos] ?? "")}`);
        emit(Kind.Ident, pos, end);
        pos = end;
        break;
      }
      default:
        operator();
    }
  }
}

/** A string without escapes or template sequences, lexed whole; false for any other. */
function simpleString(): boolean {
  QUOTED_TEXT.lastIndex = pos + 1;
  QUOTED_TEXT.test(src);
  const end = QUOTED_TEXT.lastIndex;
  if (src.charCodeAt(end) !== Char.Quote) return false;
  emit(Kind.OQuote, pos, pos + 1);
  if (end > pos + 1) emit(Kind.QuotedLit, pos + 1, end);
  emit(Kind.CQuote, end, end + 1);
  pos = end + 1;
  return true;
}

function operator(): void {
  const op = operatorAt(src, pos);
  if (op === -1) fail(`unexpected character ${JSON.stringify(src[pos] ?? "")}`);
  emit(op >> 2, pos, pos + (op & 3));
  pos += op & 3;
}

function comment(): void {
  if (src.charCodeAt(pos) === Char.Hash || src.charCodeAt(pos + 1) === Char.Slash) {
    // Line comments own their newline (hclwrite's tokenIsNewline relies on it), and lose
    // their trailing whitespace.
    const newline = src.indexOf("\n", pos);
    const end = newline === -1 ? length : newline;
    const next = newline === -1 ? length : newline + 1;
    const last = src.charCodeAt(end - 1);
    if (last === Char.Space || last === Char.Tab || last === Char.Return) {
      const text = trimEndWhile(src.slice(pos, end), isLineBlank) + (newline === -1 ? "" : "\n");
      emitReplaced(Kind.Comment, pos, next, text);
    } else {
      emit(Kind.Comment, pos, next);
    }
    pos = next;
    return;
  }
  const end = src.indexOf("*/", pos + 2);
  if (end === -1) fail("unterminated /* comment");
  const raw = src.slice(pos, end + 2);
  // Each line but the last loses its trailing blanks: /[ \t\r]+\n/g would be quadratic on a
  // long blank run that no newline follows (trim-runs.ts).
  const lines = raw.split("\n");
  const text = lines.map((line, i) => (i === lines.length - 1 ? line : trimEndWhile(line, isLineBlank))).join("\n");
  if (text === raw) emit(Kind.Comment, pos, end + 2);
  else emitReplaced(Kind.Comment, pos, end + 2, text);
  pos = end + 2;
}

// At `}` or `~}` in expression mode: the end of a `{` or of a template sequence.
function closeBrace(): Frame | undefined {
  const end = src.charCodeAt(pos) === Char.CloseBrace ? pos + 1 : pos + 2;
  const top = stack[stack.length - 1];
  if (top === INTERP) emit(Kind.TemplateSeqEnd, pos, end);
  else if (top === BRACE && end === pos + 1) emit(Kind.CBrace, pos, end);
  else fail(`unbalanced ${src.slice(pos, end)}`);
  stack.pop();
  pos = end;
  return top;
}

function heredocStart(): boolean {
  HEREDOC_START.lastIndex = pos;
  const start = HEREDOC_START.exec(src); // needs the capture groups, not just the range
  if (start === null) return false;
  const [whole, dash = "", marker = ""] = start;
  const end = pos + whole.length;
  if (whole.endsWith("\r\n")) emitReplaced(Kind.OHeredoc, pos, end, `<<${dash}${marker}\n`);
  else emit(Kind.OHeredoc, pos, end);
  stack.push({ kind: "heredoc", marker, startOfLine: true });
  pos = end;
  return true;
}

// At `${` or `%{` (optionally followed by the `~` strip marker) inside a template.
function openSequence(): void {
  const end = src.charCodeAt(pos + 2) === Char.Tilde ? pos + 3 : pos + 2;
  emit(src.charCodeAt(pos) === Char.Dollar ? Kind.TemplateInterp : Kind.TemplateControl, pos, end);
  stack.push(INTERP);
  pos = end;
}

// A `$` or `%` that does not start a sequence is literal text, but a token of its own
// (`$`, or `$${` for the escape; TemplateNotInterp / TemplateNotControl). hclwrite counts
// columns per token, so the cut matters for a combining mark that follows.
function dollarOrPercent(kind: Kind.QuotedLit | Kind.StringLit): void {
  const c = src.charCodeAt(pos);
  const end = src.charCodeAt(pos + 1) === c && src.charCodeAt(pos + 2) === Char.OpenBrace ? pos + 3 : pos + 1;
  emit(kind, pos, end);
  pos = end;
}

// A quoted template (after its opening quote) up to its closing quote or its first `${` /
// `%{`. The literal text between the special characters is one QuotedLit token.
function quoted(): void {
  let literal = pos;
  while (pos < length) {
    const c = src.charCodeAt(pos);
    if (c === Char.Quote) {
      if (literal < pos) emit(Kind.QuotedLit, literal, pos);
      emit(Kind.CQuote, pos, pos + 1);
      stack.pop();
      pos++;
      return;
    }
    if (c === Char.LineFeed || c === Char.Return) fail("newline in a quoted string");
    if (c === Char.Backslash) {
      const next = src.charCodeAt(pos + 1);
      if (Number.isNaN(next) || next === Char.LineFeed || next === Char.Return) fail("unfinished escape");
      pos += 2;
    } else if ((c === Char.Dollar || c === Char.Percent) && src.charCodeAt(pos + 1) === Char.OpenBrace) {
      if (literal < pos) emit(Kind.QuotedLit, literal, pos);
      openSequence();
      return;
    } else if (c === Char.Dollar || c === Char.Percent) {
      if (literal < pos) emit(Kind.QuotedLit, literal, pos);
      dollarOrPercent(Kind.QuotedLit);
      literal = pos;
    } else {
      // Plain text up to the next character that means something in a quoted template.
      pos = matchEnd(QUOTED_TEXT, src, pos + 1);
    }
  }
  fail("unterminated string");
}

// One line of a heredoc body (it ends the heredoc if it is the end marker), up to and
// including its newline or up to its first `${` / `%{`.
function heredoc(frame: Frame & { kind: "heredoc" }): void {
  if (frame.startOfLine) {
    const newline = src.indexOf("\n", pos);
    const end = newline === -1 ? length : newline;
    // The marker check needs the line as a string; a body line shorter than the marker
    // cannot be it (trimming only removes characters).
    const line = end - pos >= frame.marker.length ? src.slice(pos, end) : "";
    if (line !== "" && trimStartWhile(trimEndWhile(line, isGoSpace), isGoSpace) === frame.marker) {
      emit(Kind.CHeredoc, pos, pos + trimEndWhile(line, isJsSpace).length);
      if (newline !== -1) emit(Kind.Newline, newline, newline + 1);
      stack.pop();
      pos = newline === -1 ? length : newline + 1;
      return;
    }
  }
  let literal = pos;
  while (pos < length) {
    const c = src.charCodeAt(pos);
    if (c === Char.LineFeed) {
      pos++;
      emit(Kind.StringLit, literal, pos);
      frame.startOfLine = true;
      return;
    }
    if ((c === Char.Dollar || c === Char.Percent) && src.charCodeAt(pos + 1) === Char.OpenBrace) {
      if (literal < pos) emit(Kind.StringLit, literal, pos);
      frame.startOfLine = false;
      openSequence();
      return;
    } else if (c === Char.Dollar || c === Char.Percent) {
      if (literal < pos) emit(Kind.StringLit, literal, pos);
      dollarOrPercent(Kind.StringLit);
      literal = pos;
    } else {
      pos++;
    }
  }
  fail(`unterminated heredoc, expected ${frame.marker}`);
}
