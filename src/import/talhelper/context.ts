/**
 * What every step of the talhelper import shares: where diagnostics point (the talconfig's
 * line:col through the YAML locator) and the readers that turn its loosely typed values into
 * the spec's, reporting what does not fit instead of guessing.
 */
import type { Diagnostic, PathSegment } from "../../diagnostics/diagnostic.js";
import type { DiagnosticCode } from "../../diagnostics/codes.js";
import { formatPath } from "../../diagnostics/diagnostic.js";
import type { Locator } from "../../spec/locate.js";

export interface ImportContext {
  locator: Locator;
  diagnostics: Diagnostic[];
  /** A patch file named `@path` in the talconfig, relative to its folder; undefined when unreadable. */
  readPatchFile(path: string): PatchFileRead;
  /** What the spec leaves out, in the order reported: kept in the written spec as comments (left-out.ts). */
  leftOut: LeftOut[];
}

/** A part of the talconfig the written spec does not carry, and why. */
export interface LeftOut {
  /** Its path in the talconfig. */
  path: readonly PathSegment[];
  reason: string;
}

/** A patch file's text, undefined when it cannot be read, or why it is not read at all. */
export type PatchFileRead = string | undefined | { refused: string };

/** Where a field goes by hand, from docs/talhelper-fields.md. */
export type Destination = string;

export function report(
  ctx: ImportContext,
  code: DiagnosticCode,
  severity: Diagnostic["severity"],
  path: readonly PathSegment[],
  message: string,
  hint?: string,
): void {
  // At the value, or at its key (`nameservers:`) when the value is a block list or map, which
  // starts a line below.
  const key = ctx.locator.keySpan(path);
  const value = ctx.locator.span(path);
  const span = (value !== undefined && (key === undefined || value.pos.line === key.pos.line) ? value : key) ?? ctx.locator.nearest(path);
  ctx.diagnostics.push({ code, severity, message, path, span, ...(hint === undefined ? {} : { hint }) });
}

/** A field the written spec leaves out: the user carries it over by hand. */
export function notCarried(ctx: ImportContext, path: readonly PathSegment[], destination: Destination): void {
  const hint = destination.startsWith("nothing") ? destination : `write it as ${destination}`;
  report(ctx, "import/not-carried", "warning", path, `${formatPath(path)} is not carried over`, `${hint} (docs/talhelper-fields.md)`);
  ctx.leftOut.push({ path, reason: hint });
}

/** How many errors were reported so far: a step that added some has reported its own problem. */
export function errorCount(ctx: ImportContext): number {
  return ctx.diagnostics.filter((d) => d.severity === "error").length;
}

/** A value the spec cannot express: nothing is written. */
export function unsupported(ctx: ImportContext, path: readonly PathSegment[], message: string, hint: string): void {
  report(ctx, "import/unsupported", "error", path, message, hint);
  ctx.leftOut.push({ path, reason: `${message}: ${hint}` });
}

export function patchFileProblem(ctx: ImportContext, path: readonly PathSegment[], message: string, hint: string): void {
  report(ctx, "import/patch-file", "error", path, message, hint);
  ctx.leftOut.push({ path, reason: `${message}: ${hint}` });
}

const TALENV = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/;

/**
 * talhelper substitutes ${VAR} and $VAR from talenv.yaml and the environment before it reads the
 * file (talhelper pkg/config/loader.go, envsubst). The spec holds values, and secrets only as
 * sensitive variables: a reference is reported, never resolved into the spec.
 */
export function talenvReference(ctx: ImportContext, path: readonly PathSegment[], value: string): boolean {
  const match = TALENV.exec(value);
  if (match === null) return false;
  report(
    ctx,
    "import/talenv-reference",
    "error",
    path,
    `${formatPath(path)} refers to the talenv variable ${match[1] ?? match[2] ?? ""}`,
    "talhelper fills it in from talenv.yaml or the environment; the spec holds the value itself: write it here (a secret never: keep it in a sensitive variable, where the spec takes { variable: NAME })",
  );
  ctx.leftOut.push({ path, reason: `it refers to the talenv variable ${match[1] ?? match[2] ?? ""}, which the spec does not resolve` });
  return true;
}

const WHOLE_REFERENCE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$|^\$([A-Za-z_][A-Za-z0-9_]*)$/;

/**
 * A value the spec may take as a secret: a value that is exactly one talenv reference becomes a
 * sensitive variable of the tree ({ variable: name }), never its value; text stays text.
 */
export function secretOrTextAt(ctx: ImportContext, path: readonly PathSegment[], value: unknown): string | { variable: string } | undefined {
  if (typeof value === "string") {
    const whole = WHOLE_REFERENCE.exec(value);
    const name = whole?.[1] ?? whole?.[2];
    if (name !== undefined) return { variable: name.toLowerCase() };
  }
  return stringAt(ctx, path, value);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string value without a talenv reference, else undefined (reported when it is not a string). */
export function stringAt(ctx: ImportContext, path: readonly PathSegment[], value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
    unsupported(ctx, path, `${formatPath(path)} is not a single value`, "talhelper reads a string here; fix the talconfig first");
    return undefined;
  }
  const text = String(value);
  return talenvReference(ctx, path, text) ? undefined : text;
}

export function stringsAt(ctx: ImportContext, path: readonly PathSegment[], value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    unsupported(ctx, path, `${formatPath(path)} is not a list`, "talhelper reads a list here; fix the talconfig first");
    return undefined;
  }
  const out: string[] = [];
  value.forEach((item, i) => {
    const text = stringAt(ctx, [...path, i], item);
    if (text !== undefined) out.push(text);
  });
  return out;
}

/** A map of strings (labels, annotations, taints). */
export function stringMapAt(ctx: ImportContext, path: readonly PathSegment[], value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    unsupported(ctx, path, `${formatPath(path)} is not a map`, "talhelper reads a map of strings here; fix the talconfig first");
    return undefined;
  }
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    const text = stringAt(ctx, [...path, key], item);
    if (text !== undefined) out[key] = text;
  }
  return out;
}

export function numberAt(ctx: ImportContext, path: readonly PathSegment[], value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && talenvReference(ctx, path, value)) return undefined;
  unsupported(ctx, path, `${formatPath(path)} is not a whole number`, "fix the talconfig first");
  return undefined;
}
