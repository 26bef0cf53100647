/**
 * A fast path for emitYaml (./yaml.ts): the same bytes as emitYamlWithPackage (the `yaml`
 * package's stringifier plus the quoting yaml.ts adds for Go readers, yaml-go-scalars.ts),
 * for the documents the compiler builds by the thousand (Talos
 * patches: plain maps and lists of short ASCII strings, integers and booleans), without
 * building a yaml Document first. The package takes ~60 µs per small document warm and far
 * more cold, which made it a quarter of the compile time of a 1000-node spec (measured with
 * `node --cpu-prof`, see scripts/bench.mjs).
 *
 * It returns undefined for anything it is not certain to emit exactly as `yaml` does, and
 * emitYaml then uses the package: any string that is not printable ASCII or that `yaml`
 * would not write plain or in plain double quotes (line breaks, quotes, backslashes,
 * document markers), numbers other than integers, keys over 1024 characters, and values
 * that are not plain objects, arrays, strings, integers, booleans or null. yaml-fast.test.ts
 * compares both emitters on generated documents full of such edge cases.
 *
 * The layout rules mirrored here are those of yaml 2.x, dist/stringify/: block collections
 * (stringifyCollection.js), `key: value` pairs with collections on the next line, indented
 * (stringifyPair.js), `- ` items indented under their key (indentSeq), `{}` and `[]` for
 * empty collections, and plainString's test of when a string must be quoted
 * (stringifyString.js), with the schema's own tag tests for YAML 1.1 (yes, on, 0x1F, 12:30...).
 */
import { Document } from "yaml";
import { goReadsAsNumber, isMergeKeyText } from "./yaml-go-scalars.js";
import { compareStrings } from "../base/compare.js";

const INDENT = "  ";

/** plainString's "not allowed plain" pattern, verbatim (yaml 2.x stringifyString.js). */
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
/** containsDocumentMarker (stringifyString.js): these take paths not mirrored here. */
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/m;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

type TagTest = (text: string) => boolean;

// The YAML 1.1 schema's tags, from the package itself, so "is this plain string read back
// as a string?" is answered by the same regular expressions `yaml` uses. Built on first use.
let readsAsNonString: TagTest | undefined;

function nonStringTest(): TagTest {
  if (readsAsNonString !== undefined) return readsAsNonString;
  const { tags, compat } = new Document(null, { version: "1.1" }).schema;
  const tests = [...tags, ...(compat ?? [])]
    .filter((tag) => tag.default === true && tag.tag !== "tag:yaml.org,2002:str" && tag.test instanceof RegExp)
    .map((tag) => tag.test as RegExp);
  readsAsNonString = (text) => tests.some((test) => test.test(text));
  return readsAsNonString;
}

/**
 * Words that every test below lets through plain: a letter that starts no YAML 1.1 null,
 * boolean or number (those start with one of ~NnYyTtOoFf, a digit, a sign, a dot, or an
 * exponent's e or E: "e1" is a float), then letters, digits, `_`, `.`, `/` and `-`, none an
 * indicator. Most scalars of a generated document are such words (keys, kinds, names), and
 * each would otherwise run the ~15 regular expressions below. yaml-fast-words.test.ts
 * checks them against the package.
 */
export const PLAIN_WORD = /^[A-DG-MP-SU-XZa-dg-mp-su-xz][\w./-]*$/;

/** A string scalar as `yaml` writes it, or undefined when that is not certain here. */
function scalarString(value: string, isKey: boolean): string | undefined {
  if (PLAIN_WORD.test(value)) return isKey && value.length > 1024 ? undefined : value;
  if (!PRINTABLE_ASCII.test(value) || DOCUMENT_MARKER.test(value)) return undefined;
  if (isKey && value.length > 1024) return undefined; // yaml writes an explicit `? key`
  if (isKey && isMergeKeyText(value)) return undefined; // the package writes `!!str "<<"`
  if (!NOT_PLAIN.test(value) && !nonStringTest()(value) && !goReadsAsNumber(value)) return value;
  // quotedString: double quotes unless the text holds a `"` (then single quotes, left to the
  // package); JSON.stringify escapes nothing in printable ASCII but `"` and `\`.
  return value.includes('"') || value.includes("\\") ? undefined : `"${value}"`;
}

function scalar(value: unknown): string | undefined {
  if (value === null) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  // int's stringify is value.toString(10): String() but for -0, which yaml keeps as "-0".
  if (typeof value === "number") return Number.isInteger(value) && !Object.is(value, -0) ? String(value) : undefined;
  if (typeof value === "string") return scalarString(value, false);
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Lines after the first are prefixed with `indent` (the collection's own indentation). Indexed
 * loops rather than for-of: this runs for every node's patch, mostly as cold code, where V8's
 * interpreter pays for each iterator step.
 */
function block(value: unknown, indent: string, sortKeys: boolean, depth: number): string | undefined {
  if (depth > 64) return undefined;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const itemIndent = indent + INDENT;
    const lines: string[] = [];
    for (let i = 0; i < value.length; i++) {
      const text = node(value[i], itemIndent, sortKeys, depth + 1);
      if (text === undefined) return undefined;
      lines.push(`- ${text}`);
    }
    return lines.join(`\n${indent}`);
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return "{}";
    // Schema.sortMapEntries (true): `a.key < b.key` on the key scalars, i.e. code-unit order.
    if (sortKeys) keys.sort(compareStrings);
    const valueIndent = indent + INDENT;
    const lines: string[] = [];
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] ?? "";
      const item = value[key];
      const keyText = scalarString(key, true);
      if (keyText === undefined || item === undefined) return undefined;
      const text = node(item, valueIndent, sortKeys, depth + 1);
      if (text === undefined) return undefined;
      const nested = isCollection(item) && !isEmptyCollection(item);
      lines.push(nested ? `${keyText}:\n${valueIndent}${text}` : `${keyText}: ${text}`);
    }
    return lines.join(`\n${indent}`);
  }
  return undefined;
}

function node(value: unknown, indent: string, sortKeys: boolean, depth: number): string | undefined {
  return isCollection(value) ? block(value, indent, sortKeys, depth) : scalar(value);
}

function isCollection(value: unknown): boolean {
  return Array.isArray(value) || isPlainObject(value);
}

function isEmptyCollection(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : isPlainObject(value) && Object.keys(value).length === 0;
}

/** The document as emitYaml would write it, or undefined to let the `yaml` package do it. */
export function fastYaml(value: unknown, sortKeys: boolean): string | undefined {
  const text = node(value, "", sortKeys, 0);
  return text === undefined ? undefined : `${text}\n`;
}
