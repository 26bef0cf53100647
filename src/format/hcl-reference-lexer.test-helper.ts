// The lexer of the reference formatter (hcl-reference.test-helper.ts): hclsyntax's token
// types read character by character, each token an object with its own text.

import { HclFormatError } from "./hcl-error.js";
import { Kind } from "./hcl-tokens.js";

export interface Token {
  readonly kind: Kind;
  readonly text: string;
  spaces: number;
}

type Frame = { readonly kind: "brace" | "interp" | "quote" } | { readonly kind: "heredoc"; readonly marker: string; startOfLine: boolean };

// Longest first.
const OPERATORS: ReadonlyArray<readonly [string, Kind]> = [
  ["...", Kind.Ellipsis],
  ["==", Kind.EqualOp],
  ["!=", Kind.NotEqual],
  [">=", Kind.GreaterThanEq],
  ["<=", Kind.LessThanEq],
  ["&&", Kind.And],
  ["||", Kind.Or],
  ["::", Kind.DoubleColon],
  ["=>", Kind.FatArrow],
  ["=", Kind.Equal],
  ["<", Kind.LessThan],
  [">", Kind.GreaterThan],
  ["!", Kind.Bang],
  ["+", Kind.Plus],
  ["-", Kind.Minus],
  ["*", Kind.Star],
  ["/", Kind.Slash],
  ["%", Kind.Percent],
  ["?", Kind.Question],
  [":", Kind.Colon],
  [",", Kind.Comma],
  [".", Kind.Dot],
  ["[", Kind.OBrack],
  ["]", Kind.CBrack],
  ["(", Kind.OParen],
  [")", Kind.CParen],
];

export function lexReference(src: string): Token[] {
  const tokens: Token[] = [];
  const stack: Frame[] = [];
  let pos = 0;
  let literal = "";
  const fail = (message: string, at = pos): never => {
    throw HclFormatError.at(src, at, message);
  };
  const emit = (kind: Kind, text: string): void => void tokens.push({ kind, text, spaces: 0 });
  const flush = (kind: Kind): void => {
    if (literal !== "") emit(kind, literal);
    literal = "";
  };
  const sequenceAt = (): boolean => (src[pos] === "$" || src[pos] === "%") && src[pos + 1] === "{";
  const openSequence = (): void => {
    const text = src.slice(pos, pos + 2) + (src[pos + 2] === "~" ? "~" : "");
    emit(text.startsWith("$") ? Kind.TemplateInterp : Kind.TemplateControl, text);
    stack.push({ kind: "interp" });
    pos += text.length;
  };
  const dollarOrPercent = (kind: Kind): void => {
    const length = src[pos + 1] === src[pos] && src[pos + 2] === "{" ? 3 : 1;
    flush(kind);
    emit(kind, src.slice(pos, pos + length));
    pos += length;
  };
  const quoted = (): void => {
    while (pos < src.length) {
      const c = src[pos] ?? "";
      if (c === '"') {
        flush(Kind.QuotedLit);
        emit(Kind.CQuote, c);
        stack.pop();
        pos++;
        return;
      }
      if (c === "\n" || c === "\r") fail("newline in a quoted string");
      if (c === "\\") {
        const next = src[pos + 1];
        if (next === undefined || next === "\n" || next === "\r") fail("unfinished escape");
        literal += src.slice(pos, pos + 2);
        pos += 2;
      } else if (sequenceAt()) {
        flush(Kind.QuotedLit);
        return openSequence();
      } else if (c === "$" || c === "%") {
        dollarOrPercent(Kind.QuotedLit);
      } else {
        literal += c;
        pos++;
      }
    }
    fail("unterminated string");
  };
  const heredoc = (frame: Frame & { kind: "heredoc" }): void => {
    if (frame.startOfLine) {
      const newline = src.indexOf("\n", pos);
      const line = src.slice(pos, newline === -1 ? src.length : newline);
      const goSpace = /^[\t\n\v\f\r \u0085\u00A0\p{Z}]+|[\t\n\v\f\r \u0085\u00A0\p{Z}]+$/gu;
      if (line.replace(goSpace, "") === frame.marker) {
        emit(Kind.CHeredoc, line.replace(/[\s]+$/u, ""));
        if (newline !== -1) emit(Kind.Newline, "\n");
        stack.pop();
        pos = newline === -1 ? src.length : newline + 1;
        return;
      }
    }
    while (pos < src.length) {
      const c = src[pos] ?? "";
      if (c === "\n") {
        literal += c;
        pos++;
        flush(Kind.StringLit);
        frame.startOfLine = true;
        return;
      }
      if (sequenceAt()) {
        flush(Kind.StringLit);
        frame.startOfLine = false;
        return openSequence();
      }
      if (c === "$" || c === "%") {
        dollarOrPercent(Kind.StringLit);
      } else {
        literal += c;
        pos++;
      }
    }
    fail(`unterminated heredoc, expected ${frame.marker}`);
  };
  const expression = (top: Frame | undefined): void => {
    const c = src[pos] ?? "";
    if (c === " " || c === "\t") return void pos++;
    if (c === "\n" || (c === "\r" && src[pos + 1] === "\n")) {
      emit(Kind.Newline, "\n");
      pos += c === "\n" ? 1 : 2;
      return;
    }
    if (c === "#" || src.startsWith("//", pos)) {
      const newline = src.indexOf("\n", pos);
      const end = newline === -1 ? src.length : newline;
      emit(Kind.Comment, src.slice(pos, end).replace(/[ \t\r]+$/, "") + (newline === -1 ? "" : "\n"));
      pos = newline === -1 ? src.length : newline + 1;
      return;
    }
    if (src.startsWith("/*", pos)) {
      const end = src.indexOf("*/", pos + 2);
      if (end === -1) fail("unterminated /* comment");
      emit(Kind.Comment, src.slice(pos, end + 2).replace(/[ \t\r]+\n/g, "\n"));
      pos = end + 2;
      return;
    }
    const heredocStart = /<<(-?)([\p{ID_Start}_][\p{ID_Continue}-]*)\r?\n/uy;
    heredocStart.lastIndex = pos;
    const start = heredocStart.exec(src);
    if (start) {
      const [whole, dash = "", marker = ""] = start;
      emit(Kind.OHeredoc, `<<${dash}${marker}\n`);
      stack.push({ kind: "heredoc", marker, startOfLine: true });
      pos += whole.length;
      return;
    }
    if (c === "}" || src.startsWith("~}", pos)) {
      const text = c === "}" ? "}" : "~}";
      if (top?.kind === "interp") emit(Kind.TemplateSeqEnd, text);
      else if (top?.kind === "brace" && text === "}") emit(Kind.CBrace, text);
      else fail(`unbalanced ${text}`);
      stack.pop();
      pos += text.length;
      return;
    }
    if (c === "{" || c === '"') {
      emit(c === "{" ? Kind.OBrace : Kind.OQuote, c);
      stack.push({ kind: c === "{" ? "brace" : "quote" });
      pos++;
      return;
    }
    const word = wordAt(src, pos);
    if (word !== undefined) {
      emit(/^[0-9]/.test(word) ? Kind.Number : Kind.Ident, word);
      pos += word.length;
      return;
    }
    for (const [text, kind] of OPERATORS) {
      if (src.startsWith(text, pos)) {
        emit(kind, text);
        pos += text.length;
        return;
      }
    }
    fail(`unexpected character ${JSON.stringify(c)}`);
  };
  while (pos < src.length) {
    const top = stack.at(-1);
    if (top?.kind === "quote") quoted();
    else if (top?.kind === "heredoc") heredoc(top);
    else expression(top);
  }
  const open = stack.at(-1);
  if (open) fail(open.kind === "heredoc" ? `unterminated heredoc ${open.marker}` : `unclosed ${open.kind}`);
  return tokens;
}

function wordAt(src: string, pos: number): string | undefined {
  for (const pattern of [/[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y, /[\p{ID_Start}_][\p{ID_Continue}-]*/uy]) {
    pattern.lastIndex = pos;
    const match = pattern.exec(src);
    if (match) return match[0];
  }
  return undefined;
}
