// The HCL lexer of the formatter: a token stream that mirrors hclsyntax's lexer
// (hclsyntax/scan_tokens.rl) closely enough to give every token the same type, which is
// what hclwrite's format passes (src/format/hcl.ts) decide spacing and alignment by.

export type Kind =
  | "Ident"
  | "Number"
  | "Comment"
  | "Newline"
  | "OBrace"
  | "CBrace"
  | "OBrack"
  | "CBrack"
  | "OParen"
  | "CParen"
  | "TemplateInterp"
  | "TemplateControl"
  | "TemplateSeqEnd"
  | "OQuote"
  | "QuotedLit"
  | "CQuote"
  | "OHeredoc"
  | "StringLit"
  | "CHeredoc"
  | "Equal"
  | "EqualOp"
  | "NotEqual"
  | "LessThan"
  | "LessThanEq"
  | "GreaterThan"
  | "GreaterThanEq"
  | "And"
  | "Or"
  | "Bang"
  | "Plus"
  | "Minus"
  | "Star"
  | "Slash"
  | "Percent"
  | "Question"
  | "Colon"
  | "DoubleColon"
  | "Comma"
  | "Dot"
  | "Ellipsis"
  | "FatArrow";

export interface Token {
  readonly kind: Kind;
  readonly text: string;
  /** Spaces written before the token; every pass below only ever changes this. */
  spaces: number;
}

/** Thrown for text that is not HCL: a template bug, never a user mistake. */
export class HclFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${line}:${column}: ${message}`);
    this.name = "HclFormatError";
  }
}

// ---------------------------------------------------------------------------------------
// Lexer. Modes follow scan_tokens.rl: the main (expression) mode, quoted templates and
// heredoc templates, with a stack so `${ ... }` can nest strings that nest `${ ... }`.

type Frame =
  | { readonly kind: "brace" } // `{` in expression mode: `}` is CBrace
  | { readonly kind: "interp" } // `${` / `%{`: `}` is TemplateSeqEnd and returns to the template
  | { readonly kind: "quote" }
  | { readonly kind: "heredoc"; readonly marker: string; startOfLine: boolean };

// Longest first. `<<` (heredoc) and the comment openers are handled before this table.
const OPERATORS: ReadonlyArray<readonly [string, Kind]> = [
  ["...", "Ellipsis"],
  ["==", "EqualOp"],
  ["!=", "NotEqual"],
  [">=", "GreaterThanEq"],
  ["<=", "LessThanEq"],
  ["&&", "And"],
  ["||", "Or"],
  ["::", "DoubleColon"],
  ["=>", "FatArrow"],
  ["=", "Equal"],
  ["<", "LessThan"],
  [">", "GreaterThan"],
  ["!", "Bang"],
  ["+", "Plus"],
  ["-", "Minus"],
  ["*", "Star"],
  ["/", "Slash"],
  ["%", "Percent"],
  ["?", "Question"],
  [":", "Colon"],
  [",", "Comma"],
  [".", "Dot"],
  ["[", "OBrack"],
  ["]", "CBrack"],
  ["(", "OParen"],
  [")", "CParen"],
];

// hclsyntax: NumberLit = digit+ ("." digit+)? (("e"|"E") ("+"|"-")? digit+)?
const NUMBER = /[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
// hclsyntax: Ident = (ID_Start | "_") (ID_Continue | "-")*
const IDENT = /[\p{ID_Start}_][\p{ID_Continue}-]*/uy;
// hclsyntax: BeginHeredocTmpl = "<<" "-"? Ident Newline
const HEREDOC_START = /<<(-?)([\p{ID_Start}_][\p{ID_Continue}-]*)\r?\n/uy;
// Go's bytes.TrimSpace (unicode.IsSpace), used by the scanner to spot the end marker.
const GO_SPACE = /^[\t\n\v\f\r \u0085\u00A0\p{Z}]+|[\t\n\v\f\r \u0085\u00A0\p{Z}]+$/gu;

function matchAt(sticky: RegExp, src: string, pos: number): string | undefined {
  sticky.lastIndex = pos;
  return sticky.exec(src)?.[0];
}

export function lex(src: string): Token[] {
  const tokens: Token[] = [];
  const stack: Frame[] = [];
  let pos = 0;
  let literal = "";

  const fail = (message: string, at = pos): never => {
    const before = src.slice(0, at).split("\n");
    throw new HclFormatError(message, before.length, (before.at(-1)?.length ?? 0) + 1);
  };
  const emit = (kind: Kind, text: string): void => {
    tokens.push({ kind, text, spaces: 0 });
  };
  const flush = (kind: "QuotedLit" | "StringLit"): void => {
    if (literal !== "") emit(kind, literal);
    literal = "";
  };
  // At `${` or `%{` (optionally followed by the `~` strip marker) inside a template.
  const openSequence = (): void => {
    const text = src.slice(pos, pos + 2) + (src[pos + 2] === "~" ? "~" : "");
    emit(text.startsWith("$") ? "TemplateInterp" : "TemplateControl", text);
    stack.push({ kind: "interp" });
    pos += text.length;
  };
  // A `$` or `%` that does not start a sequence is literal text, but a token of its own
  // (`$`, or `$${` for the escape; TemplateNotInterp / TemplateNotControl). hclwrite counts
  // columns per token, so the cut matters for a combining mark that follows.
  const dollarOrPercent = (kind: "QuotedLit" | "StringLit"): void => {
    const c = src[pos] ?? "";
    const length = src[pos + 1] === c && src[pos + 2] === "{" ? 3 : 1;
    flush(kind);
    emit(kind, src.slice(pos, pos + length));
    pos += length;
  };
  const sequenceAt = (): boolean => {
    const c = src[pos];
    return (c === "$" || c === "%") && src[pos + 1] === "{";
  };

  const quoted = (): void => {
    while (pos < src.length) {
      const c = src[pos] ?? "";
      if (c === '"') {
        flush("QuotedLit");
        emit("CQuote", c);
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
        flush("QuotedLit");
        openSequence();
        return;
      } else if (c === "$" || c === "%") {
        dollarOrPercent("QuotedLit");
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
      const end = newline === -1 ? src.length : newline;
      const line = src.slice(pos, end);
      if (line.replace(GO_SPACE, "") === frame.marker) {
        emit("CHeredoc", line.replace(/[\s]+$/u, ""));
        if (newline !== -1) emit("Newline", "\n");
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
        flush("StringLit");
        frame.startOfLine = true;
        return;
      }
      if (sequenceAt()) {
        flush("StringLit");
        frame.startOfLine = false;
        openSequence();
        return;
      } else if (c === "$" || c === "%") {
        dollarOrPercent("StringLit");
      } else {
        literal += c;
        pos++;
      }
    }
    fail(`unterminated heredoc, expected ${frame.marker}`);
  };

  const expression = (top: Frame | undefined): void => {
    const c = src[pos] ?? "";
    if (c === " " || c === "\t") {
      pos++;
      return;
    }
    if (c === "\n" || (c === "\r" && src[pos + 1] === "\n")) {
      emit("Newline", "\n");
      pos += c === "\n" ? 1 : 2;
      return;
    }
    if (c === "#" || src.startsWith("//", pos)) {
      // Line comments own their newline (hclwrite's tokenIsNewline relies on it).
      const newline = src.indexOf("\n", pos);
      const end = newline === -1 ? src.length : newline;
      emit("Comment", src.slice(pos, end).replace(/[ \t\r]+$/, "") + (newline === -1 ? "" : "\n"));
      pos = newline === -1 ? src.length : newline + 1;
      return;
    }
    if (src.startsWith("/*", pos)) {
      const end = src.indexOf("*/", pos + 2);
      if (end === -1) fail("unterminated /* comment");
      emit("Comment", src.slice(pos, end + 2).replace(/[ \t\r]+\n/g, "\n"));
      pos = end + 2;
      return;
    }
    HEREDOC_START.lastIndex = pos;
    const heredocStart = HEREDOC_START.exec(src); // needs the capture groups, not just the text
    if (heredocStart) {
      const [, dash = "", marker = ""] = heredocStart;
      emit("OHeredoc", `<<${dash}${marker}\n`);
      stack.push({ kind: "heredoc", marker, startOfLine: true });
      pos += heredocStart[0].length;
      return;
    }
    if (c === "}" || src.startsWith("~}", pos)) {
      const text = c === "}" ? "}" : "~}";
      if (top?.kind === "interp") emit("TemplateSeqEnd", text);
      else if (top?.kind === "brace" && text === "}") emit("CBrace", text);
      else fail(`unbalanced ${text}`);
      stack.pop();
      pos += text.length;
      return;
    }
    if (c === "{" || c === '"') {
      emit(c === "{" ? "OBrace" : "OQuote", c);
      stack.push({ kind: c === "{" ? "brace" : "quote" });
      pos++;
      return;
    }
    const word = matchAt(NUMBER, src, pos) ?? matchAt(IDENT, src, pos);
    if (word !== undefined) {
      emit(/^[0-9]/.test(word) ? "Number" : "Ident", word);
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
