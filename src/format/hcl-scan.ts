// Character-level pieces of the HCL lexer (src/format/hcl-lexer.ts): character codes, what
// each ASCII character starts in expression mode, the token patterns of
// hclsyntax/scan_tokens.rl as sticky regexes, and the operator table.

import { Kind } from "./hcl-tokens.js";

/** Character codes the lexer compares with (an enum: esbuild inlines them as numbers). */
export enum Char {
  Tab = 0x09,
  LineFeed = 0x0a,
  Return = 0x0d,
  Space = 0x20,
  Quote = 0x22, // "
  Hash = 0x23, // #
  Dollar = 0x24, // $
  Percent = 0x25, // %
  Star = 0x2a, // *
  Slash = 0x2f, // /
  Less = 0x3c, // <
  Equal = 0x3d, // =
  Greater = 0x3e, // >
  Backslash = 0x5c, // \
  OpenBrace = 0x7b, // {
  CloseBrace = 0x7d, // }
  Tilde = 0x7e, // ~
}

/**
 * What a character starts in expression mode: the lexer dispatches on this, one table
 * lookup and one jump (Start.NonAscii for anything above ASCII). Anything else is an
 * operator or an error (operatorAt).
 */
export enum Start {
  Other,
  Blank,
  Newline,
  Return,
  Ident,
  Digit,
  Quote,
  Equal,
  OpenBrace,
  CloseBrace,
  Tilde,
  Hash,
  Slash,
  Less,
  NonAscii,
}

export const START = new Uint8Array(128);
const classify = (chars: string, start: Start): void => {
  for (const c of chars) START[c.charCodeAt(0)] = start;
};
classify(" \t", Start.Blank);
classify("\n", Start.Newline);
classify("\r", Start.Return);
classify("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_", Start.Ident);
classify("0123456789", Start.Digit);
classify('"', Start.Quote);
classify("=", Start.Equal);
classify("{", Start.OpenBrace);
classify("}", Start.CloseBrace);
classify("~", Start.Tilde);
classify("#", Start.Hash);
classify("/", Start.Slash);
classify("<", Start.Less);

// Sticky regexes: the lexer sets lastIndex, calls test() and reads lastIndex, which scans in
// native code without building a match.

/** Blanks between tokens. */
export const BLANKS = /[ \t]*/y;
/** The rest of an ASCII identifier (hclsyntax: ID_Continue | "-"). */
export const IDENT_ASCII_REST = /[A-Za-z0-9_-]*/y;
/** hclsyntax: Ident = (ID_Start | "_") (ID_Continue | "-")* */
export const IDENT = /[\p{ID_Start}_][\p{ID_Continue}-]*/uy;
/** hclsyntax: NumberLit = digit+ ("." digit+)? (("e"|"E") ("+"|"-")? digit+)? */
export const NUMBER = /[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
/** hclsyntax: BeginHeredocTmpl = "<<" "-"? Ident Newline */
export const HEREDOC_START = /<<(-?)([\p{ID_Start}_][\p{ID_Continue}-]*)\r?\n/uy;
/** Characters with no meaning of their own inside a quoted template. */
export const QUOTED_TEXT = /[^"\\$%\r\n]*/y;

/** End of the sticky regex's match at `pos`, or -1. */
export function matchEnd(sticky: RegExp, src: string, pos: number): number {
  sticky.lastIndex = pos;
  return sticky.test(src) ? sticky.lastIndex : -1;
}

/**
 * The operator at `pos` (longest match first) and its length, packed as kind * 4 + length,
 * or -1. `<<` (heredoc), comments, braces and quotes are handled before this.
 */
export function operatorAt(src: string, pos: number): number {
  const next = src.charCodeAt(pos + 1);
  const op = (kind: Kind, length: number): number => kind * 4 + length;
  switch (src[pos]) {
    case ".":
      return next === 0x2e && src.charCodeAt(pos + 2) === 0x2e ? op(Kind.Ellipsis, 3) : op(Kind.Dot, 1);
    case "=":
      if (next === Char.Equal) return op(Kind.EqualOp, 2);
      return next === Char.Greater ? op(Kind.FatArrow, 2) : op(Kind.Equal, 1);
    case "!":
      return next === Char.Equal ? op(Kind.NotEqual, 2) : op(Kind.Bang, 1);
    case ">":
      return next === Char.Equal ? op(Kind.GreaterThanEq, 2) : op(Kind.GreaterThan, 1);
    case "<":
      return next === Char.Equal ? op(Kind.LessThanEq, 2) : op(Kind.LessThan, 1);
    case "&":
      return next === 0x26 ? op(Kind.And, 2) : -1;
    case "|":
      return next === 0x7c ? op(Kind.Or, 2) : -1;
    case ":":
      return next === 0x3a ? op(Kind.DoubleColon, 2) : op(Kind.Colon, 1);
    case "+":
      return op(Kind.Plus, 1);
    case "-":
      return op(Kind.Minus, 1);
    case "*":
      return op(Kind.Star, 1);
    case "/":
      return op(Kind.Slash, 1);
    case "%":
      return op(Kind.Percent, 1);
    case "?":
      return op(Kind.Question, 1);
    case ",":
      return op(Kind.Comma, 1);
    case "[":
      return op(Kind.OBrack, 1);
    case "]":
      return op(Kind.CBrack, 1);
    case "(":
      return op(Kind.OParen, 1);
    case ")":
      return op(Kind.CParen, 1);
    default:
      return -1;
  }
}
