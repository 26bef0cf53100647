/**
 * What the render functions generated from templates/*.hbs call (scripts/precompile-templates.mjs
 * compiles each template into one): the part of Handlebars the templates use, with the
 * semantics of the handlebars 4.7.8 runtime in strict, noEscape, knownHelpersOnly mode
 * (lib/handlebars/runtime.js: strict, lookupProperty, lambda; helpers/if.js; helpers/each.js).
 * A build used to load that runtime and set it up for every render; these few functions do
 * the same work, and templates.test.ts renders every template both ways to prove it.
 */
import { helpers } from "./helpers.js";

/** A block's body (or its `{{else}}`), rendered with the given context. */
export type Program = (context: unknown) => unknown;

export interface TemplateRuntime {
  show(value: unknown): unknown;
  lambda(value: unknown, context: unknown): unknown;
  strict(parent: unknown, name: string, location: string): unknown;
  lookup(parent: unknown, name: string): unknown;
  ifBlock(context: unknown, condition: unknown, fn: Program, inverse: Program): unknown;
  eachBlock(context: unknown, value: unknown, fn: Program, inverse: Program): unknown;
  noop: Program;
  str(value: unknown): string;
  hcl(value: unknown): string;
}

/** The context a block helper gets when its own is null or undefined (container.nullContext). */
const NULL_CONTEXT = Object.seal({});

/** A mustache's output: null and undefined print nothing, anything else is concatenated as is. */
function show(value: unknown): unknown {
  return value != null ? value : "";
}

/** A function found in the view is called with the context (container.lambda). */
function lambda(value: unknown, context: unknown): unknown {
  return typeof value === "function" ? (value as (this: unknown) => unknown).call(context) : value;
}

/**
 * A property of the view: own properties only, as Handlebars denies prototype properties by
 * default (its proto-access control). A null or undefined parent throws, as it does there.
 */
function lookup(parent: unknown, name: string): unknown {
  const result = (parent as Record<string, unknown>)[name];
  if (result == null) return result;
  return Object.prototype.hasOwnProperty.call(parent, name) ? result : undefined;
}

/** Strict mode's lookup of a mustache's last path segment: a missing field is a template bug. */
function strict(parent: unknown, name: string, location: string): unknown {
  if (!parent || !(name in (parent as object))) {
    throw new Error(`"${name}" not defined in ${String(parent)} - ${location}`);
  }
  return lookup(parent, name);
}

function selfOf(context: unknown): unknown {
  return context != null ? context : NULL_CONTEXT;
}

/** {{#if}}: false, null, undefined, 0, "", NaN and [] take the {{else}} branch. */
function ifBlock(context: unknown, condition: unknown, fn: Program, inverse: Program): unknown {
  const self = selfOf(context);
  const value = lambda(condition, self);
  return !value || (Array.isArray(value) && value.length === 0) ? inverse(self) : fn(self);
}

/**
 * `a + b` as the generated code (and Handlebars) concatenates: ToPrimitive, then string
 * concatenation. TypeScript types `+` on unknown as an error, hence the cast.
 */
function concat(text: string, value: unknown): string {
  return text + (value as string);
}

/** {{#each}} over an array (holes skipped), another iterable, or an object's own keys. */
function eachBlock(context: unknown, value: unknown, fn: Program, inverse: Program): unknown {
  const self = selfOf(context);
  const items = lambda(value, self);
  let count = 0;
  let out = "";
  if (items !== null && typeof items === "object") {
    if (Array.isArray(items)) {
      for (; count < items.length; count++) if (count in items) out = concat(out, fn(items[count]));
    } else if ((items as { [Symbol.iterator]?: unknown })[Symbol.iterator]) {
      for (const item of Array.from(items as Iterable<unknown>)) {
        out = concat(out, fn(item));
        count++;
      }
    } else {
      for (const key of Object.keys(items)) {
        out = concat(out, fn((items as Record<string, unknown>)[key]));
        count++;
      }
    }
  }
  return count === 0 ? inverse(self) : out;
}

export const templateRuntime: TemplateRuntime = {
  show,
  lambda,
  strict,
  lookup,
  ifBlock,
  eachBlock,
  noop: () => "",
  str: helpers.str,
  hcl: helpers.hcl,
};
