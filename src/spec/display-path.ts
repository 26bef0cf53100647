import { formatPath, type PathSegment } from "../diagnostics/diagnostic.js";
import { quoteExcerpt } from "../diagnostics/excerpt.js";

/**
 * How a spec path reads in a message. Nearly everything lives under `spec:`, so that prefix is
 * dropped ("nodes[1].role", not "spec.nodes[1].role"); the position printed in front of every
 * diagnostic says exactly where the node is.
 */
export function displayPath(path: readonly PathSegment[]): string {
  if (path.length > 1 && path[0] === "spec") return formatPath(path.slice(1));
  if (path.length === 0) return "the top level";
  return formatPath(path);
}

/** A value quoted for a message: strings in double quotes (escaped, a long one shortened: excerpt.ts), the rest as JSON. */
export function quote(value: unknown): string {
  if (typeof value === "string") return quoteExcerpt(value);
  return JSON.stringify(value) ?? String(value);
}

/** "a", "b" and "c" -> `"a", "b", "c"` */
export function quoteList(values: readonly unknown[]): string {
  return values.map(quote).join(", ");
}
