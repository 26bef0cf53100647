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
  constructor(
    readonly entries: ReadonlyArray<readonly [string, HclValue]>,
    /**
     * The keys are known to be distinct strings (obj() takes them from a record or a Map), so
     * only keys that normalization can change need the duplicate check when rendering.
     */
    readonly distinctKeys = false,
  ) {}
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
export function obj(record: Readonly<Record<string, HclValue | undefined>> | ReadonlyMap<string, HclValue | undefined>): HclObject {
  // Builtins and callbacks rather than for-of and destructuring, and the pairs Object.entries
  // hands out kept as they are: this runs for every node and NIC, mostly as cold code, where
  // V8's interpreter pays for each iterator step (measured: several times slower).
  if (record instanceof Map) {
    const entries: Array<readonly [string, HclValue]> = [];
    record.forEach((value, key) => {
      if (value !== undefined) entries.push([key, value]);
    });
    return new HclObject(entries, true);
  }
  return new HclObject(Object.entries(record).filter(isDefined), true);
}

function isDefined(entry: readonly [string, HclValue | undefined]): entry is readonly [string, HclValue] {
  return entry[1] !== undefined;
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
 * Anything quoteHclString would not copy through unchanged: a code unit outside printable
 * ASCII, `"` or a backslash, or a template opener (`${`, `%{`). Printable ASCII is NFC and
 * holds no surrogates, so a string without any of these is its own quoted body.
 */
const NEEDS_ESCAPING = /[^ !#-[\]-~]|[$%]\{/;

/**
 * Quotes a string as an HCL literal whose value is `value` (as HCL sees strings, see NFC
 * below), byte for byte what hclwrite (and so `terraform fmt`, for block labels) writes.
 */
export function hclString(value: string): string {
  // Names, addresses and versions (nearly every string a tree holds, thousands at 1000 nodes)
  // take this path; hcl-string-fast.test.ts checks that it agrees with quoteHclString.
  return NEEDS_ESCAPING.test(value) ? quoteHclString(value) : `"${value}"`;
}

/**
 * hclString for any string (the general path, exported for the test that compares it with
 * the fast one).
 *
 * `${` and `%{` become `$${` and `%%{` so that no template sequence can start inside user
 * data. A lone UTF-16 surrogate cannot be represented in UTF-8 (HCL even rejects a
 * `\uD800` escape), so it is replaced by U+FFFD, the same replacement Node makes when
 * writing the file; the spec stage should reject such input before it gets here.
 *
 * The text is NFC-normalized first: HCL (cty) normalizes every string value to NFC anyway,
 * and `terraform fmt` rewrites block labels to NFC, so any other form would not be stable.
 */
export function quoteHclString(value: string): string {
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
  const pad = spaces(2 * (depth + 1));
  return `[\n${rendered.map((item) => `${pad}${item},\n`).join("")}${spaces(2 * depth)}]`;
}

function renderObject(object: HclObject, depth: number): string {
  const { entries } = object;
  if (entries.length === 0) return "{}";
  // Index access in callbacks, not destructuring: see obj() (this runs for every node).
  const keys = entries.map((entry) => hclIdentifierOrString(entry[0]));
  if (!object.distinctKeys || keys.some((key, i) => key !== entries[i]?.[0])) checkUniqueKeys(entries, keys);
  const values = entries.map((entry) => render(entry[1], depth + 1));
  const columns = keys.map((key, i) => (values[i]?.includes("\n") ? null : keyColumns(key)));
  const widths = alignmentWidths(columns);
  const pad = spaces(2 * (depth + 1));
  let out = "{\n";
  keys.forEach((key, i) => {
    const width = widths[i];
    const gap = width === undefined ? " " : spaces(width - (columns[i] ?? 0) + 1);
    out += `${pad}${key}${gap}= ${values[i]}\n`;
  });
  return out + spaces(2 * depth) + "}";
}

// Indentation and alignment gaps, made once: " ".repeat per line was a tenth of what a
// 1000-node build allocated here. Long gaps (long quoted keys) are not kept.
const SPACES: string[] = [];

function spaces(count: number): string {
  if (count >= 64) return " ".repeat(count);
  return (SPACES[count] ??= " ".repeat(count));
}

/**
 * Terraform rejects duplicate keys; producing one is a bug in the caller. Compare the key HCL
 * will see: cty normalizes every string to NFC, and lone surrogates become U+FFFD, so
 * "e\u0301" and "\u00e9" are the same key. A key written bare is ASCII, its own identity.
 * renderObject skips the check for distinct keys all written bare: only a key that is not
 * ASCII can normalize into another (the Kelvin sign U+212A becomes "K").
 */
function checkUniqueKeys(entries: HclObject["entries"], written: readonly string[]): void {
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const key = entry[0];
    const identity = written[i] === key ? key : key.replace(LONE_SURROGATE, "\uFFFD").normalize("NFC");
    if (seen.has(identity)) throw new Error(`renderHclValue: duplicate object key ${hclString(key)}`);
    seen.add(identity);
  });
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
