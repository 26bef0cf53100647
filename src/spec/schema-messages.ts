import type { ErrorObject } from "ajv";
import type { Diagnostic, PathSegment, Span } from "../diagnostics/diagnostic.js";
import type { DiagnosticCode } from "../diagnostics/codes.js";
import { MAX_QUOTED_LENGTH } from "../diagnostics/excerpt.js";
import { describeType, describeValue } from "./describe-value.js";
import { didYouMeanHint } from "../base/did-you-mean.js";
import { displayPath, quote, quoteList } from "./display-path.js";
import { pointerToPath } from "./instance-path.js";
import type { Locator } from "./locate.js";
import { definitionName, PATTERN_EXPECTATIONS } from "./pattern-names.js";

/** What every keyword handler gets: the ajv error, its path, and the way back to the source. */
export interface ErrorContext {
  error: ErrorObject;
  /** instancePath as a spec path. */
  path: PathSegment[];
  root: unknown;
  locator: Locator;
  /** The YAML source, to quote a value exactly as written ("1.20", not 1.2). */
  text: string;
}

type Handler = (ctx: ErrorContext) => Diagnostic | undefined;

interface SchemaLike {
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
  examples?: unknown[];
}

function schemaOf(value: unknown): SchemaLike {
  return value !== null && typeof value === "object" ? (value as SchemaLike) : {};
}

function make(code: DiagnosticCode, message: string, path: readonly PathSegment[], span: Span, hint?: string): Diagnostic {
  return { code, severity: "error", message, span, path, ...(hint === undefined ? {} : { hint }) };
}

/** Where a problem with the map at `path` as a whole is shown: its key, or the item itself. */
function containerSpan(ctx: ErrorContext, path: readonly PathSegment[]): Span {
  return ctx.locator.keySpan(path) ?? ctx.locator.nearest(path);
}

function valueSpan(ctx: ErrorContext, path: readonly PathSegment[]): Span {
  return ctx.locator.span(path) ?? ctx.locator.nearest(path);
}

function subjectIn(path: readonly PathSegment[]): string {
  return path.length === 0 ? "at the top level" : `in ${displayPath(path)}`;
}

function keysOf(data: unknown): string[] {
  return data !== null && typeof data === "object" && !Array.isArray(data) ? Object.keys(data) : [];
}

const unknownField: Handler = (ctx) => {
  const field = String((ctx.error.params as { additionalProperty: string }).additionalProperty);
  const path = [...ctx.path, field];
  const parent = schemaOf(ctx.error.parentSchema);
  const present = new Set(keysOf(ctx.error.data));
  const known = Object.keys(parent.properties ?? {});
  const candidates = known.filter((k) => !present.has(k));
  let hint = didYouMeanHint(field, candidates);
  if (hint === undefined && known.length === 0)
    hint = `${displayPath(ctx.path)} takes no fields: write ${quote(`${String(ctx.path[ctx.path.length - 1] ?? "it")}: {}`)}`;
  // Every field the map takes, those already set included: a list without them reads as if
  // they were not allowed (the did-you-mean above only offers the ones not set yet).
  else if (hint === undefined && known.length > 0 && known.length <= 40) hint = `fields allowed here: ${known.join(", ")}`;
  return make(
    "schema/unknown-field",
    `unknown field ${quote(field)} ${subjectIn(ctx.path)}`,
    path,
    ctx.locator.keySpan(path) ?? ctx.locator.nearest(path),
    hint,
  );
};

const required: Handler = (ctx) => {
  const field = String((ctx.error.params as { missingProperty: string }).missingProperty);
  const example = schemaOf(schemaOf(ctx.error.parentSchema).properties?.[field]).examples?.[0];
  const hint = typeof example === "string" || typeof example === "number" ? `for example ${field}: ${String(example)}` : undefined;
  const message =
    ctx.path.length === 0 ? `missing required field ${quote(field)} at the top level` : `${displayPath(ctx.path)} is missing required field ${quote(field)}`;
  return make("schema/required", message, [...ctx.path, field], containerSpan(ctx, ctx.path), hint);
};

const YAML11_BOOLEANS = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|True|TRUE|False|FALSE)$/;

function typeHint(ctx: ErrorContext, expected: string, span: Span): string | undefined {
  const data = ctx.error.data;
  const last = ctx.path[ctx.path.length - 1];
  if (expected === "boolean" && typeof data === "string" && YAML11_BOOLEANS.test(data)) {
    return `YAML 1.2 reads ${quote(data)} as a string: write ${/^(?:y|yes|on|true)$/i.test(data) ? "true" : "false"}`;
  }
  if (expected === "string" && (typeof data === "number" || typeof data === "boolean")) {
    // Quote what was typed: `version: 1.20` must become "1.20", not "1.2".
    const written = ctx.text.slice(span.start, span.end).trim();
    return `quote it: ${quote(written === "" ? String(data) : written)}`;
  }
  if ((expected === "integer" || expected === "number") && typeof data === "string" && /^-?[0-9]+(?:\.[0-9]+)?$/.test(data.trim())) {
    return `remove the quotes: ${data.trim()}`;
  }
  if (expected === "array" && data !== null && typeof data !== "object") return `write a list: [${String(data)}]`;
  if (expected === "object" && data === null && typeof last === "string") return `write ${quote(`${last}: {}`)} for an empty map`;
  return undefined;
}

const type: Handler = (ctx) => {
  const expected = String((ctx.error.params as { type: string }).type);
  const span = valueSpan(ctx, ctx.path);
  const data = ctx.error.data;
  const message =
    expected === "integer" && typeof data === "number"
      ? `${displayPath(ctx.path)} must be a whole number (got ${String(data)})`
      : `${displayPath(ctx.path)} must be ${describeType(expected)} (got ${describeValue(data)})`;
  return make("schema/type", message, ctx.path, span, typeHint(ctx, expected, span));
};

const enumeration: Handler = (ctx) => {
  const allowed = (ctx.error.params as { allowedValues: unknown[] }).allowedValues;
  const data = ctx.error.data;
  const hint =
    typeof data === "string"
      ? didYouMeanHint(
          data,
          allowed.filter((v): v is string => typeof v === "string"),
        )
      : undefined;
  return make("schema/enum", `${displayPath(ctx.path)} must be one of ${quoteList(allowed)} (got ${quote(data)})`, ctx.path, valueSpan(ctx, ctx.path), hint);
};

const constant: Handler = (ctx) => {
  const allowed = (ctx.error.params as { allowedValue: unknown }).allowedValue;
  const data = ctx.error.data;
  const hint = typeof data === "string" && typeof allowed === "string" ? didYouMeanHint(data, [allowed]) : undefined;
  return make("schema/const", `${displayPath(ctx.path)} must be ${quote(allowed)} (got ${quote(data)})`, ctx.path, valueSpan(ctx, ctx.path), hint);
};

const pattern: Handler = (ctx) => {
  const name = definitionName(ctx.error.schemaPath);
  const expectation = name === undefined ? undefined : PATTERN_EXPECTATIONS[name];
  const expect = expectation?.expect ?? "in the expected format";
  const data = String(ctx.error.data);
  // A suggestion repeats the value: none for one too long to quote whole (excerpt.ts).
  const hint = data.length > MAX_QUOTED_LENGTH ? undefined : expectation?.hint?.(data);
  if (ctx.error.propertyName !== undefined) {
    // A map key (propertyNames): point at the key itself.
    const path = [...ctx.path, ctx.error.propertyName];
    const message = `key ${quote(ctx.error.propertyName)} in ${displayPath(ctx.path)} must be ${expect}`;
    return make("schema/pattern", message, path, ctx.locator.keySpan(path) ?? ctx.locator.nearest(path), hint);
  }
  return make("schema/pattern", `${displayPath(ctx.path)} must be ${expect} (got ${quote(data)})`, ctx.path, valueSpan(ctx, ctx.path), hint);
};

const LIMIT_WORDS: Readonly<Record<string, string>> = {
  minimum: "at least",
  maximum: "at most",
  exclusiveMinimum: "greater than",
  exclusiveMaximum: "less than",
};

const range: Handler = (ctx) => {
  const limit = (ctx.error.params as { limit: number }).limit;
  const words = LIMIT_WORDS[ctx.error.keyword] ?? ctx.error.keyword;
  return make("schema/range", `${displayPath(ctx.path)} must be ${words} ${limit} (got ${quote(ctx.error.data)})`, ctx.path, valueSpan(ctx, ctx.path));
};

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const items: Handler = (ctx) => {
  const limit = (ctx.error.params as { limit: number }).limit;
  const count = Array.isArray(ctx.error.data) ? ctx.error.data.length : 0;
  const words = ctx.error.keyword === "minItems" ? "at least" : "at most";
  return make(
    "schema/length",
    `${displayPath(ctx.path)} must have ${words} ${plural(limit, "item", "items")} (got ${count})`,
    ctx.path,
    containerSpan(ctx, ctx.path),
  );
};

/**
 * minProperties/maxProperties on a closed map of alternatives (platform, cni, backend...) means
 * "exactly one of" or "at most one of"; on an open map (hosts) it is a plain count.
 */
const properties: Handler = (ctx) => {
  const parent = schemaOf(ctx.error.parentSchema);
  const limit = (ctx.error.params as { limit: number }).limit;
  const present = keysOf(ctx.error.data);
  const alternatives = Object.keys(parent.properties ?? {});
  const closed = parent.additionalProperties === false && alternatives.length > 1;
  if (!closed) {
    const words = ctx.error.keyword === "minProperties" ? "at least" : "at most";
    return make(
      "schema/length",
      `${displayPath(ctx.path)} must have ${words} ${plural(limit, "entry", "entries")} (got ${present.length})`,
      ctx.path,
      containerSpan(ctx, ctx.path),
    );
  }
  const exactlyOne = Object.hasOwn(schemaOf(ctx.error.parentSchema), "minProperties");
  const rule = exactlyOne ? `must set exactly one of ${quoteList(alternatives)}` : `may set only one of ${quoteList(alternatives)}`;
  if (ctx.error.keyword === "minProperties") {
    return make("schema/exclusive", `${displayPath(ctx.path)} ${rule}`, ctx.path, containerSpan(ctx, ctx.path));
  }
  const extra = present[limit];
  const extraPath = extra === undefined ? ctx.path : [...ctx.path, extra];
  const got = present.length === 2 ? `${quote(present[0])} and ${quote(present[1])}` : quoteList(present);
  return make("schema/exclusive", `${displayPath(ctx.path)} ${rule} (got ${got})`, extraPath, ctx.locator.keySpan(extraPath) ?? containerSpan(ctx, ctx.path));
};

const unique: Handler = (ctx) => {
  const { i, j } = ctx.error.params as { i: number; j: number };
  const later = Math.max(i, j);
  const earlier = Math.min(i, j);
  const path = [...ctx.path, later];
  const list = Array.isArray(ctx.error.data) ? (ctx.error.data as unknown[]) : [];
  return make(
    "schema/unique",
    `${displayPath(path)} repeats ${displayPath([...ctx.path, earlier])} (${quote(list[later])})`,
    path,
    valueSpan(ctx, path),
    "remove the repeated item",
  );
};

/** Keywords whose failure another error already explains, or that only wrap other errors. */
const SILENT = new Set(["propertyNames", "if", "$ref"]);

const HANDLERS: Readonly<Record<string, Handler>> = {
  additionalProperties: unknownField,
  required,
  type,
  enum: enumeration,
  const: constant,
  pattern,
  minimum: range,
  maximum: range,
  exclusiveMinimum: range,
  exclusiveMaximum: range,
  minItems: items,
  maxItems: items,
  minProperties: properties,
  maxProperties: properties,
  uniqueItems: unique,
};

/** Keywords the schema may use; a test checks the schema uses no other. */
export const HANDLED_KEYWORDS: ReadonlySet<string> = new Set([...Object.keys(HANDLERS), ...SILENT, "oneOf", "anyOf"]);

export function errorContext(error: ErrorObject, root: unknown, locator: Locator, text: string): ErrorContext {
  return { error, path: pointerToPath(error.instancePath, root), root, locator, text };
}

/** Our diagnostic for one ajv error (never ajv's own message), or undefined for wrappers. */
export function mapError(ctx: ErrorContext): Diagnostic | undefined {
  if (SILENT.has(ctx.error.keyword)) return undefined;
  const handler = HANDLERS[ctx.error.keyword];
  if (handler !== undefined) return handler(ctx);
  return make("schema/invalid", `${displayPath(ctx.path)} does not match the schema (rule ${quote(ctx.error.keyword)})`, ctx.path, valueSpan(ctx, ctx.path));
}
