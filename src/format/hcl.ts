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

type Kind =
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

interface Token {
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

function lex(src: string): Token[] {
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

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

// hclwrite Tokens.Columns (hclwrite/tokens.go): spaces plus grapheme clusters of the text.
function columns(tokens: readonly Token[]): number {
  let total = 0;
  for (const token of tokens) {
    total += token.spaces;
    if (/^[\x20-\x7e]*$/.test(token.text)) {
      total += token.text.length;
    } else {
      for (const _ of graphemes.segment(token.text)) total++;
    }
  }
  return total;
}
