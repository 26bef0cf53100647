import { isAlias, isMap, isScalar, isSeq, type Alias, type Document, type LineCounter, type Node } from "yaml";
import type { PathSegment, Span } from "../diagnostics/diagnostic.js";
import { makeSpan } from "./span.js";

/**
 * From a spec path (["spec", "nodes", 1, "role"]) back to the YAML source, so every diagnostic
 * points at the text the user wrote. Aliases are followed and `<<` merge keys searched, so a
 * path that exists in the parsed value usually exists here too.
 */
export interface Locator {
  /** The value at `path`; its key when the value is empty (`metal:` with nothing after it). */
  span(path: readonly PathSegment[]): Span | undefined;
  /** The key naming the last segment (for a list item: the item itself). */
  keySpan(path: readonly PathSegment[]): Span | undefined;
  /** The deepest node of `path` that exists, down to the document itself; never undefined. */
  nearest(path: readonly PathSegment[]): Span;
  /** 1-based line of the key (or item) at `path`. */
  line(path: readonly PathSegment[]): number | undefined;
}

interface Step {
  key?: Node;
  value: Node | null;
}

type Range = readonly [number, number, number];

function rangeOf(node: Node | null | undefined): Range | undefined {
  return node?.range ?? undefined;
}

function isEmptyScalar(node: Node | null): boolean {
  const range = rangeOf(node);
  return node === null || (isScalar(node) && range !== undefined && range[0] === range[1]);
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return key.value === null ? "" : String(key.value);
  return undefined;
}

/** With `merge: true`, yaml parses a `<<` key as a Scalar holding Symbol(<<). */
export function isMergeKey(key: unknown): boolean {
  return isScalar(key) && isMergeKeyValue(key.value);
}

/** The value of a key Scalar that isMergeKey accepts. */
export function isMergeKeyValue(value: unknown): boolean {
  return value === "<<" || (typeof value === "symbol" && value.description === "<<");
}

const MAX_MERGE_DEPTH = 32;

/**
 * What an alias refers to. yaml's Alias.resolve walks the whole document on every call, and a
 * locator resolves the same aliases for each diagnostic under them: 36,000 diagnostics behind
 * 90 aliases took 30 s. Each alias is resolved once per document.
 */
type Resolve = (alias: Alias) => Node | null;

function aliasResolver(doc: Document): Resolve {
  const targets = new Map<Alias, Node | null>();
  return (alias) => {
    let target = targets.get(alias);
    if (target === undefined) {
      target = (alias.resolve(doc) as Node | undefined) ?? null;
      targets.set(alias, target);
    }
    return target;
  };
}

function step(resolve: Resolve, parent: Node | null, segment: PathSegment, depth: number): Step | undefined {
  const container = isAlias(parent) ? resolve(parent) : parent;
  if (isMap(container)) {
    for (const pair of container.items) {
      if (keyText(pair.key) === String(segment)) return { key: pair.key as Node, value: (pair.value ?? null) as Node | null };
    }
    if (depth >= MAX_MERGE_DEPTH) return undefined;
    for (const pair of container.items) {
      if (!isMergeKey(pair.key)) continue;
      const source = isAlias(pair.value) ? resolve(pair.value) : ((pair.value ?? null) as Node | null);
      const sources: Array<Node | null> = isSeq(source) ? (source.items as Array<Node | null>) : [source];
      for (const candidate of sources) {
        const found = step(resolve, candidate, segment, depth + 1);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }
  if (isSeq(container) && typeof segment === "number") {
    const item = container.items[segment] as Node | null | undefined;
    return item === undefined ? undefined : { value: item };
  }
  return undefined;
}

export function createLocator(doc: Document, lineCounter: LineCounter, file: string): Locator {
  const resolve = aliasResolver(doc);
  const toSpan = (range: Range | undefined): Span | undefined => (range === undefined ? undefined : makeSpan(file, lineCounter, range[0], range[1]));

  /** Every step along the path that exists, root first. */
  const walk = (path: readonly PathSegment[]): { steps: Step[]; complete: boolean } => {
    const steps: Step[] = [{ value: (doc.contents ?? null) as Node | null }];
    for (const segment of path) {
      const last = steps[steps.length - 1];
      const next = last === undefined ? undefined : step(resolve, last.value, segment, 0);
      if (next === undefined) return { steps, complete: false };
      steps.push(next);
    }
    return { steps, complete: true };
  };

  const stepSpan = (s: Step, preferKey: boolean): Span | undefined => {
    if (s.key !== undefined && (preferKey || isEmptyScalar(s.value))) return toSpan(rangeOf(s.key));
    return toSpan(rangeOf(s.value)) ?? toSpan(rangeOf(s.key));
  };

  const locator: Locator = {
    span(path) {
      const { steps, complete } = walk(path);
      const last = steps[steps.length - 1];
      return complete && last !== undefined ? stepSpan(last, false) : undefined;
    },
    keySpan(path) {
      const { steps, complete } = walk(path);
      const last = steps[steps.length - 1];
      return complete && last !== undefined ? stepSpan(last, true) : undefined;
    },
    nearest(path) {
      const { steps } = walk(path);
      for (let i = steps.length - 1; i >= 0; i--) {
        const s = steps[i];
        const span = s === undefined ? undefined : stepSpan(s, false);
        if (span !== undefined) return span;
      }
      return makeSpan(file, lineCounter, 0, 0);
    },
    line(path) {
      return locator.keySpan(path)?.pos.line;
    },
  };
  return locator;
}
