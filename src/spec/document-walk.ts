/**
 * The structural checks on a composed spec document (duplicate and complex keys, aliases,
 * merge keys, lone surrogates) and its plain value, in one direct recursive walk. They were
 * five `visit` walks and a `toJS`: about 45 ms of a 1000-node spec's cold parse, where this walk
 * takes about 7 (yaml's visit freezes a copy of the ancestor path at every node; measured with
 * `node --cpu-prof` and process.cpuUsage on the bundled code).
 *
 * Each kind of finding keeps its own list, in document order (the order `visit` saw them in),
 * so parse.ts reports exactly what the separate walks reported.
 */
import * as yaml from "yaml";
import type { Alias, Node, Pair } from "yaml";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { isMergeKeyValue } from "./locate.js";
import type { makeSpan } from "./span.js";
import { numberLiteralProblem } from "./number-literals.js";
import { loneSurrogateIn, type TextProblem } from "./text-guards.js";

// Read once: the bundle wraps yaml (CommonJS) so that each `yaml.isScalar` is a getter call,
// which a cold walk over every node pays for again and again.
const { isAlias, isMap, isPair, isScalar, isSeq } = yaml;
const PLAIN = yaml.Scalar.PLAIN;
const QUOTE_DOUBLE = yaml.Scalar.QUOTE_DOUBLE;

type SpanAt = (start: number, end: number) => ReturnType<typeof makeSpan>;

export interface DocumentWalk {
  /** Repeated keys and keys that are maps or lists. */
  keys: Diagnostic[];
  /** Aliases without an earlier anchor, and aliases inside what they refer to. */
  aliases: Diagnostic[];
  /** `<<` keys whose value is not a map, an alias of one, or a list of those. */
  merges: Diagnostic[];
  /** Strings that escapes made into lone surrogates. */
  surrogates: TextProblem[];
  /** Unquoted numbers that read as something else than they say (number-literals.ts): warnings. */
  numbers: TextProblem[];
  /** Every alias, in document order. */
  aliasNodes: Alias[];
  /** What an alias refers to, as Alias.resolve(doc) finds it (without a walk per call). */
  target(alias: Alias): Node | undefined;
  /**
   * The document as yaml's `doc.toJS()` builds it; undefined when the document has an alias or
   * a merge key, whose expansion (and alias budget) is left to toJS itself.
   */
  value?: { plain: unknown };
}

export interface WalkOptions {
  /**
   * Test every string for lone surrogates and never build the value, as the separate walks
   * did: the reference that the fast paths are tested against (document-walk.test.ts).
   */
  exhaustive?: boolean;
}

/** `<<` as toJS merges it (yaml's isMergeKey): the merge symbol, or a plain "<<". */
function mergesInToJS(key: yaml.Scalar): boolean {
  const value: unknown = key.value;
  if (typeof value === "symbol") return value.description === "<<";
  return value === "<<" && (key.type === undefined || key.type === PLAIN);
}

export function walkDocument(contents: unknown, span: SpanAt, options: WalkOptions = {}): DocumentWalk {
  const exhaustive = options.exhaustive === true;
  const keys: Diagnostic[] = [];
  const aliases: Diagnostic[] = [];
  const surrogates: TextProblem[] = [];
  const numbers: TextProblem[] = [];
  const aliasNodes: Alias[] = [];
  const mergePairs: Pair[] = [];
  // Anchor names seen so far (findBadAliases' test) and the last node holding each name
  // (Alias.resolve's answer: the last anchored node before the alias, in document order).
  const anchorNames = new Set<string>();
  const anchored = new Map<string, Node>();
  const targets = new Map<Alias, Node | undefined>();
  const ancestors: unknown[] = [];
  // Cleared for each map: a map's keys are all checked before its values are walked.
  const seen = new Map<string, number>();
  let plainValue = !exhaustive;

  // Indexed loops: a cold walk runs in V8's interpreter, where for-of costs an iterator call
  // per item.
  const checkKeys = (items: readonly unknown[]): void => {
    seen.clear();
    for (let i = 0; i < items.length; i++) {
      const pair = items[i];
      if (!isPair(pair)) continue;
      const key = pair.key;
      if (!isScalar(key)) {
        if (key !== null && (isMap(key) || isSeq(key)) && key.range) {
          keys.push({
            code: "yaml/complex-key",
            severity: "error",
            message: "a map key must be a plain value, not a map or a list",
            span: span(key.range[0], key.range[1]),
          });
        }
        continue;
      }
      // Several `<<` keys are legal (each merges its maps), so they are not duplicates.
      if (isMergeKeyValue(key.value)) continue;
      const name = key.value === null ? "" : String(key.value);
      const range = key.range;
      if (range === undefined || range === null) continue;
      const first = seen.get(name);
      if (first === undefined) {
        seen.set(name, range[0]);
        continue;
      }
      const firstLine = span(first, first).pos.line;
      keys.push({
        code: "yaml/duplicate-key",
        severity: "error",
        message: `duplicate key ${JSON.stringify(name)} (first defined on line ${firstLine})`,
        span: span(range[0], range[1]),
        hint: "YAML keeps only one of them: merge the two entries or remove one",
      });
    }
  };

  // Aliases must follow their anchor; yaml only notices at toJS time, without a position.
  const onAlias = (alias: Alias): void => {
    aliasNodes.push(alias);
    plainValue = false;
    const target = anchored.get(alias.source);
    targets.set(alias, target);
    if (!anchorNames.has(alias.source) && alias.range) {
      aliases.push({
        code: "yaml/unknown-alias",
        severity: "error",
        message: `alias "*${alias.source}" refers to no anchor defined before it`,
        span: span(alias.range[0], alias.range[1]),
        hint: `define "&${alias.source}" on an earlier value`,
      });
    } else if (alias.range && ancestors.includes(target)) {
      // `&a { x: *a }`: the value contains itself. toJS builds a cyclic object, which every
      // later stage (schema, merge, YAML and HCL emitters) would recurse into forever.
      aliases.push({
        code: "yaml/recursive-alias",
        severity: "error",
        message: `alias "*${alias.source}" is inside the value it refers to, which would make it infinitely deep`,
        span: span(alias.range[0], alias.range[1]),
        hint: "an alias may only repeat a value defined before and outside it",
      });
    }
  };

  const onAnchor = (node: Node): void => {
    const anchor = node.anchor;
    if (anchor === undefined) return;
    anchorNames.add(anchor);
    if (anchor) anchored.set(anchor, node);
  };

  /** A map's entry; its plain key and value go into `into` (toJS's addPairToJSMap). */
  const walkPair = (pair: Pair, into: Record<string, unknown> | undefined): void => {
    if (isScalar(pair.key) && mergesInToJS(pair.key)) {
      plainValue = false;
      // Every key toJS merges gets its source checked: a plain `<<` (yaml resolves it to a
      // symbol) and a `!!str <<`, which yaml 2.9 merges too; an unchecked bad source makes
      // toJS throw without a position. A quoted "<<" is a plain key and never gets here.
      mergePairs.push(pair);
    }
    const key = walk(pair.key);
    const value = walk(pair.value);
    if (!plainValue || into === undefined) return;
    if (key !== null && typeof key === "object") {
      plainValue = false; // a map or list as a key: refused (complex-key), never converted here
      return;
    }
    const name = key === null ? "" : String(key);
    if (name in into) Object.defineProperty(into, name, { value, writable: true, enumerable: true, configurable: true });
    else into[name] = value;
  };

  /** Checks `node` and everything under it; returns its plain value while plainValue holds. */
  const walk = (node: unknown): unknown => {
    if (isScalar(node)) {
      if (node.anchor !== undefined) onAnchor(node);
      const value: unknown = node.value;
      // Lone surrogates can only come from escapes, which only double quotes have: the text
      // itself holds none (checkRawText refuses them before anything is parsed).
      if (typeof value === "string" && node.range !== undefined && node.range !== null && (exhaustive || node.type === QUOTE_DOUBLE)) {
        const problem = loneSurrogateIn(value, node.range[0], node.range[1]);
        if (problem !== undefined) surrogates.push(problem);
      } else if (typeof value === "number" && node.source !== undefined && node.range !== undefined && node.range !== null && node.type === PLAIN) {
        const problem = numberLiteralProblem(value, node.source, node.range[0], node.range[1]);
        if (problem !== undefined) numbers.push(problem);
      }
      return value;
    }
    if (isMap(node)) {
      if (node.anchor !== undefined) onAnchor(node);
      checkKeys(node.items);
      ancestors.push(node);
      const into: Record<string, unknown> | undefined = plainValue ? {} : undefined;
      const items = node.items;
      for (let i = 0; i < items.length; i++) walkPair(items[i] as Pair, into);
      ancestors.pop();
      return into;
    }
    if (isSeq(node)) {
      if (node.anchor !== undefined) onAnchor(node);
      ancestors.push(node);
      const into: unknown[] | undefined = plainValue ? [] : undefined;
      const items = node.items;
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (isPair(item)) {
          // yaml wraps a pair in a flow list (`[a: 1]`) in a map; toJS would give an object.
          plainValue = false;
          walkPair(item, undefined);
        } else {
          const value = walk(item);
          if (plainValue) into?.push(value);
        }
      }
      ancestors.pop();
      return into;
    }
    if (isAlias(node)) onAlias(node);
    else if (node !== null && node !== undefined) plainValue = false; // not a composed node
    return null;
  };

  const plain = walk(contents);
  const target = (alias: Alias): Node | undefined => targets.get(alias);

  // A merge key takes a map, an alias of one, or a list of those (yaml.org/type/merge.html);
  // anything else makes yaml's toJS throw, without a position. Checked last, once every alias
  // they may go through has been resolved.
  const merges: Diagnostic[] = [];
  const isMapSource = (node: unknown): boolean => isMap(isAlias(node) ? target(node) : node);
  for (const pair of mergePairs) {
    const value = isAlias(pair.value) ? target(pair.value) : pair.value;
    const ok = isSeq(value) ? value.items.every(isMapSource) : isMapSource(value);
    const range = (pair.value as { range?: [number, number, number] } | null)?.range ?? (pair.key as { range?: [number, number, number] }).range;
    if (!ok && range) {
      merges.push({
        code: "yaml/bad-merge",
        severity: "error",
        message: 'a merge key ("<<") takes a map, an alias of a map, or a list of those',
        span: span(range[0], range[1]),
      });
    }
  }

  return { keys, aliases, merges, surrogates, numbers, aliasNodes, target, ...(plainValue ? { value: { plain } } : {}) };
}
