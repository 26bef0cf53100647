// A reference formatter for tests: hclwrite's passes (hclwrite/format.go) ported the plain
// way, one object per token, strings built character by character, every rule applied to
// every token, plus our blank-line rules (see src/format/hcl.ts). It was the production
// formatter before src/format/hcl.ts traded that simplicity for speed (source ranges in
// typed arrays, regex scans, memoized spacing, unchanged lines copied whole);
// hcl-reference.test.ts checks that both print the same bytes and fail alike. Only
// spaceAfterToken, joinsWith and the token kinds are shared: the rules, not how they are
// applied. (Whether the output lexes as the input did is checked on its own there.)

import { lexReference, type Token } from "./hcl-reference-lexer.test-helper.js";
import { joinsWith, spaceAfterToken } from "./hcl-spaces.js";
import { Kind } from "./hcl-tokens.js";

interface FormatLine {
  lead: Token[];
  assign: Token[];
  comment: Token[];
}

export function formatHclReference(text: string): string {
  const source = text.endsWith("\n") ? text : `${text}\n`;
  const lines = normalizeBlankLines(splitLines(lexReference(source))).map(toFormatLine);
  formatIndent(lines);
  formatSpaces(lines);
  alignChains(
    lines,
    (line) => line.assign[0],
    (line) => columns(line.lead),
  );
  alignChains(
    lines,
    (line) => line.comment[0],
    (line) => columns([...line.lead, ...line.assign]),
  );
  let out = "";
  for (const line of lines) {
    for (const token of [...line.lead, ...line.assign, ...line.comment]) out += " ".repeat(token.spaces) + token.text;
  }
  return out;
}

function splitLines(tokens: readonly Token[]): Token[][] {
  const lines: Token[][] = [];
  let current: Token[] = [];
  for (const token of tokens) {
    current.push(token);
    if (token.kind === Kind.Newline || (token.kind === Kind.Comment && token.text.endsWith("\n"))) {
      lines.push(current);
      current = [];
    }
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

const OPENERS = new Set([Kind.OBrace, Kind.OBrack, Kind.OParen]);
const CLOSERS = new Set([Kind.CBrace, Kind.CBrack, Kind.CParen]);
const isBlank = (line: readonly Token[]): boolean => line.length === 1 && line[0]?.kind === Kind.Newline;

function normalizeBlankLines(lines: readonly Token[][]): Token[][] {
  const kept: Token[][] = [];
  for (const line of lines) {
    const previous = kept.at(-1);
    if (isBlank(line)) {
      const last = previous?.at(-1)?.kind === Kind.Newline ? previous.at(-2) : previous?.at(-1);
      if (previous === undefined || isBlank(previous) || (last !== undefined && OPENERS.has(last.kind))) continue;
    } else if (
      CLOSERS.has(line[0]?.kind ?? Kind.Newline) &&
      line.every((t) => CLOSERS.has(t.kind) || [Kind.Comma, Kind.Comment, Kind.Newline].includes(t.kind)) &&
      previous !== undefined &&
      isBlank(previous)
    ) {
      kept.pop();
    }
    kept.push(line);
  }
  while (kept.length > 0 && isBlank(kept.at(-1) ?? [])) kept.pop();
  return kept;
}

function bracketChange(token: Token): number {
  if ([Kind.OBrace, Kind.OBrack, Kind.OParen, Kind.TemplateInterp, Kind.TemplateControl].includes(token.kind)) return 1;
  return [Kind.CBrace, Kind.CBrack, Kind.CParen, Kind.TemplateSeqEnd].includes(token.kind) ? -1 : 0;
}

const netBrackets = (tokens: readonly Token[]): number => tokens.reduce((sum, t) => sum + bracketChange(t), 0);

function toFormatLine(tokens: Token[]): FormatLine {
  let lead = tokens;
  let comment: Token[] = [];
  let assign: Token[] = [];
  if (lead.length > 1 && lead.at(-1)?.kind === Kind.Comment) {
    comment = lead.slice(-1);
    lead = lead.slice(0, -1);
  }
  const equal = lead.findIndex((token, i) => i > 0 && token.kind === Kind.Equal);
  if (equal > 0 && netBrackets(lead.slice(equal)) === 0) {
    assign = lead.slice(equal);
    lead = lead.slice(0, equal);
  }
  return { lead, assign, comment };
}

function formatIndent(lines: readonly FormatLine[]): void {
  const indents: number[] = [];
  for (const line of lines) {
    const first = line.lead[0];
    if (first === undefined) continue;
    if (first.kind === Kind.Newline) {
      first.spaces = 0;
      continue;
    }
    let net = 0;
    for (const token of line.lead) {
      net += bracketChange(token);
      if (token.kind === Kind.OHeredoc) break;
    }
    net += netBrackets(line.assign);
    if (net > 0) {
      first.spaces = 2 * indents.length;
      indents.push(net);
      continue;
    }
    let closed = -net;
    while (closed > 0 && indents.length > 0) {
      const top = indents.pop() ?? 0;
      if (closed < top) indents.push(top - closed);
      closed -= Math.min(closed, top);
    }
    first.spaces = 2 * indents.length;
  }
}

function formatSpaces(lines: readonly FormatLine[]): void {
  for (const { lead, assign } of lines) {
    for (const cell of [lead, assign]) {
      for (let i = 0; i + 1 < cell.length; i++) {
        const subject = cell[i];
        const after = cell[i + 1];
        if (subject === undefined || after === undefined) continue;
        const before = i > 0 ? cell[i - 1]?.kind : undefined;
        const isIn = subject.kind === Kind.Ident && subject.text === "in" && before === Kind.Ident;
        const next = cell[i + 2]?.kind;
        after.spaces = spaceAfterToken(subject.kind, before, after.kind, isIn) || joinsWith(subject.kind, subject.text, after.kind, after.text, next) ? 1 : 0;
      }
    }
    const equal = assign[0];
    if (equal !== undefined) equal.spaces = 1;
  }
}

function alignChains(lines: readonly FormatLine[], cellStart: (line: FormatLine) => Token | undefined, width: (line: FormatLine) => number): void {
  let chain: FormatLine[] = [];
  const close = (): void => {
    const max = Math.max(0, ...chain.map(width));
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

// hclwrite Tokens.Columns: spaces plus grapheme clusters of the text.
function columns(tokens: readonly Token[]): number {
  const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
  let total = 0;
  for (const token of tokens) total += token.spaces + [...graphemes.segment(token.text)].length;
  return total;
}
