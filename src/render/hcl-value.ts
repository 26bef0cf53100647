// Typed HCL values and their canonical text. Every HCL literal the generator writes goes
// through here (ARCHITECTURE.md rule 4): templates never quote anything by hand.
//
// Layout produced here is already what `tofu fmt` prints for a value that starts at
// column 0 of an attribute (`x = <value>`); deeper in a template the formatter
// (src/format/hcl.ts) re-indents it. Escapes follow the HCL native syntax spec,
// "Template Literals": https://github.com/hashicorp/hcl/blob/main/hclsyntax/spec.md

/** A raw HCL expression (`var.nodes`, `file("${path.module}/x.yaml")`), emitted verbatim. */
export class HclExpr {
  constructor(readonly text: string) {}
}

/** An object constructor; entries render in the given order (callers sort when they need to). */
export class HclObject {
  constructor(readonly entries: ReadonlyArray<readonly [string, HclValue]>) {}
}

export type HclValue = string | number | boolean | null | HclExpr | readonly HclValue[] | HclObject;

export function expr(text: string): HclExpr {
  return new HclExpr(text);
}

/**
 * Builds an HclObject. Entries whose value is `undefined` are skipped, so optional model
 * fields can be passed straight through. Note that a plain JS object always enumerates
 * integer-like keys ("0", "42") first, in ascending order; pass a Map (or construct
 * HclObject directly) when such keys must keep another order.
 */
export function obj(
  record: Readonly<Record<string, HclValue | undefined>> | ReadonlyMap<string, HclValue | undefined>,
): HclObject {
  const source = record instanceof Map ? [...record.entries()] : Object.entries(record);
  const entries: Array<readonly [string, HclValue]> = [];
  for (const [key, value] of source) {
    if (value !== undefined) entries.push([key, value]);
  }
  return new HclObject(entries);
}

/** A list stays on one line only when all items are scalars and `[...]` is at most this long. */
export const MAX_INLINE_LIST_LENGTH = 80;

// hclwrite's escapeQuotedStringLit (hclwrite/generate.go) writes a rune raw only when Go's
// unicode.IsPrint accepts it: letters, marks, numbers, punctuation, symbols and the ASCII
// space. Everything else (controls, NUL, DEL, NBSP and other spaces, zero-width and bidi
// format characters, private use, unassigned) becomes \uxxxx / \Uxxxxxxxx in lower-case
// hex. Matching it byte for byte matters: `terraform fmt` re-encodes block labels that way.
const PRINTABLE = /^[ \p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const SIMPLE_ESCAPES: ReadonlyMap<string, string> = new Map([
  ["\\", "\\\\"],
  ['"', '\\"'],
  ["\n", "\\n"],
  ["\r", "\\r"],
  ["\t", "\\t"],
]);

/**
 * Quotes a string as an HCL literal whose value is `value` (as HCL sees strings, see NFC
 * below), byte for byte what hclwrite (and so `terraform fmt`, for block labels) writes.
 *
 * `${` and `%{` become `$${` and `%%{` so that no template sequence can start inside user
 * data. A lone UTF-16 surrogate cannot be represented in UTF-8 (HCL even rejects a
 * `\uD800` escape), so it is replaced by U+FFFD, the same replacement Node makes when
 * writing the file; the spec stage should reject such input before it gets here.
 *
 * The text is NFC-normalized first: HCL (cty) normalizes every string value to NFC anyway,
 * and `terraform fmt` rewrites block labels to NFC, so any other form would not be stable.
 */
export function hclString(value: string): string {
  const s = value.replace(LONE_SURROGATE, "\uFFFD").normalize("NFC");
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    let ch = s[i] ?? "";
    if (unit >= 0xd800 && unit <= 0xdbff) {
      ch = s.slice(i, i + 2); // a valid pair: lone halves were replaced above
      i++;
    }
    const simple = SIMPLE_ESCAPES.get(ch);
    if (simple !== undefined) {
      out += simple;
    } else if ((ch === "$" || ch === "%") && s[i + 1] === "{") {
      out += ch + ch; // the `{` follows on the next iteration
    } else if ((unit >= 0x20 && unit < 0x7f) || PRINTABLE.test(ch)) {
      out += ch;
    } else {
      out += unicodeEscape(ch.codePointAt(0) ?? 0);
    }
  }
  return out + '"';
}

function unicodeEscape(codePoint: number): string {
  const hex = codePoint.toString(16);
  return codePoint <= 0xffff ? `\\u${hex.padStart(4, "0")}` : `\\U${hex.padStart(8, "0")}`;
}

// A bare object key is parsed as an expression: `for` would open a for-expression,
// `null` would be a null key, `true`/`false` are literals. Quote them, plus the other
// template/for keywords, to stay unambiguous.
const RESERVED_KEYS: ReadonlySet<string> = new Set(["for", "in", "if", "null", "true", "false"]);

// ASCII subset of the HCL identifier syntax (ID_Start | "_") (ID_Continue | "-")*; keys
// outside it are quoted, which is always valid.
const BARE_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** An object key: bare when it is a plain identifier, otherwise a quoted string. */
export function hclIdentifierOrString(key: string): string {
  return BARE_KEY.test(key) && !RESERVED_KEYS.has(key) ? key : hclString(key);
}

/** Renders a value as HCL expression text (see the module comment for the layout). */
export function renderHclValue(value: HclValue): string {
  return render(value, 0);
}

function render(value: HclValue, depth: number): string {
  if (value === null) return "null";
  if (typeof value === "string") return hclString(value);
  if (typeof value === "number") return renderNumber(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof HclExpr) return value.text;
  if (value instanceof HclObject) return renderObject(value, depth);
  if (isList(value)) return renderList(value, depth);
  throw new TypeError(`renderHclValue: not an HclValue: ${String(value)}`);
}

function isList(value: HclValue): value is readonly HclValue[] {
  return Array.isArray(value);
}

function renderNumber(n: number): string {
  // NaN and Infinity have no HCL literal; reaching here with one is a bug upstream.
  if (!Number.isFinite(n)) throw new RangeError(`renderHclValue: ${n} is not a finite number`);
  // String() gives the shortest round-trip form, always within HCL's number syntax
  // (digits, optional fraction, optional e+NN); -0 has no meaning in HCL numbers.
  return Object.is(n, -0) ? "0" : String(n);
}

function isScalar(value: HclValue): boolean {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean" ||
    (value instanceof HclExpr && !value.text.includes("\n"))
  );
}

function renderList(items: readonly HclValue[], depth: number): string {
  if (items.length === 0) return "[]";
  const rendered = items.map((item) => render(item, depth + 1));
  if (items.every(isScalar)) {
    const inline = `[${rendered.join(", ")}]`;
    if (inline.length <= MAX_INLINE_LIST_LENGTH) return inline;
  }
  // One item per line with a trailing comma, as `tofu fmt` leaves multi-line tuples.
  const pad = "  ".repeat(depth + 1);
  return `[\n${rendered.map((item) => `${pad}${item},\n`).join("")}${"  ".repeat(depth)}]`;
}

function renderObject(object: HclObject, depth: number): string {
  if (object.entries.length === 0) return "{}";
  const seen = new Set<string>();
  for (const [key] of object.entries) {
    // Terraform rejects duplicate keys; producing one is a bug in the caller. Compare the
    // key HCL will see: cty normalizes every string to NFC, and lone surrogates become
    // U+FFFD, so "e\u0301" and "\u00e9" are the same key.
    const identity = key.replace(LONE_SURROGATE, "\uFFFD").normalize("NFC");
    if (seen.has(identity)) throw new Error(`renderHclValue: duplicate object key ${hclString(key)}`);
    seen.add(identity);
  }
  const rows = object.entries.map(([key, value]) => ({
    key: hclIdentifierOrString(key),
    value: render(value, depth + 1),
  }));
  const widths = alignmentWidths(rows.map((row) => (row.value.includes("\n") ? null : keyColumns(row.key))));
  const pad = "  ".repeat(depth + 1);
  const lines = rows.map((row, i) => {
    const width = widths[i];
    const gap = width === undefined ? " " : " ".repeat(width - keyColumns(row.key) + 1);
    return `${pad}${row.key}${gap}= ${row.value}\n`;
  });
  return `{\n${lines.join("")}${"  ".repeat(depth)}}`;
}

// hclwrite's formatCells (hclwrite/format.go): consecutive lines `key = value` whose value
// fits on the line form a chain, and every `=` in a chain sits one column after the
// widest key. A multi-line value (`key = {` ... `}`) ends the chain. (A multi-line raw
// expression whose first line is balanced would stay in the chain for hclwrite; that rare
// case is left to the formatter, which every generated file goes through.)
function alignmentWidths(keyWidths: ReadonlyArray<number | null>): Array<number | undefined> {
  const widths: Array<number | undefined> = [];
  let start = 0;
  while (start < keyWidths.length) {
    if (keyWidths[start] === null) {
      widths.push(undefined);
      start++;
      continue;
    }
    let end = start;
    let max = 0;
    for (; end < keyWidths.length; end++) {
      const cols = keyWidths[end];
      if (cols === null || cols === undefined) break;
      max = Math.max(max, cols);
    }
    for (let i = start; i < end; i++) widths.push(max);
    start = end;
  }
  return widths;
}

// Created on first use: building a Segmenter loads ICU break data (~9 ms measured on Node 20),
// which every CLI start would pay although only non-ASCII keys ever need it.
let graphemes: Intl.Segmenter | undefined;

// hclwrite measures a line in grapheme clusters token by token (Tokens.Columns in
// hclwrite/tokens.go), and hclsyntax cuts a quoted literal into separate tokens at every
// `$` and `%` (TemplateNotInterp / TemplateNotControl in scan_tokens.rl). So a quoted key is
// two quotes plus the clusters of each piece; a mark right after `"` is its own column.
const LITERAL_PIECES = /\$\$\{|%%\{|[$%]|(?:\\[^]|[^\\$%])+/gu;

function keyColumns(key: string): number {
  if (!key.startsWith('"')) return key.length; // bare keys are ASCII identifiers
  let total = 2;
  for (const piece of key.slice(1, -1).match(LITERAL_PIECES) ?? []) total += clusters(piece);
  return total;
}

function clusters(text: string): number {
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let count = 0;
  graphemes ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  for (const _ of graphemes.segment(text)) count++;
  return count;
}
