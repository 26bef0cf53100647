/**
 * Compiling a batch of injections into one base spec, and sorting each injected string into
 * "rejected with a diagnostic" or "compiled": the two outcomes the property allows.
 *
 * One compile per injected string would be too slow for tens of thousands of cases, so a
 * batch is compiled at once. An error whose path is an injected value's path rejects that
 * injection; the rest are compiled again without it. An error that points elsewhere (a
 * cross-field rule) is traced by halving the batch until the injection that causes it is
 * compiled alone. Whatever is left compiles, and its tree is what the landing check reads.
 */
import { Document, isMap, isNode, isScalar, parseDocument, Scalar, visit } from "yaml";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { renderPlain } from "../../src/diagnostics/render-plain.js";
import { compile } from "../../src/index.js";
import type { GeneratedFile } from "../../src/types.js";
import type { Segment } from "./landing.js";
import { inject, injectedPaths, type Base, type Injection } from "./slots.js";

export const SPEC_PATH = "clusters/hostile.yaml";

/**
 * A spec as YAML text that reads back to exactly `spec`: the `yaml` package writes a "<<" key
 * plain, which a reader with merge keys on (the compiler's) takes for a merge; quote it.
 */
export function specText(spec: unknown): string {
  const doc = new Document(spec);
  visit(doc, {
    Pair(_key, pair) {
      if (isScalar(pair.key) && pair.key.value === "<<") pair.key.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return doc.toString();
}

export interface Rejection {
  injection: Injection;
  diagnostic: Diagnostic;
}

export interface Compiled {
  injections: Injection[];
  /** The injected spec, for reproducing a failure. */
  text: string;
  files: GeneratedFile[];
}

export interface BatchOutcome {
  rejected: Rejection[];
  compiled: Compiled[];
  /** Injections that could not be expressed (a key renamed onto its sibling's name). */
  skipped: Injection[];
  compiles: number;
}

/** C0 controls but LF (hints are on their own lines), DEL, C1 controls, lone surrogates. */
const TERMINAL_UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function startsWith(path: readonly Segment[] | undefined, prefix: readonly Segment[]): boolean {
  return path !== undefined && prefix.length <= path.length && prefix.every((s, i) => path[i] === s);
}

/** A rejected spec writes nothing and says where: every error has a position in the spec. */
function checkRejection(text: string, diagnostics: readonly Diagnostic[], files: readonly GeneratedFile[]): void {
  if (files.length > 0) throw new Error(`compile() returned ${files.length} files along with errors`);
  for (const d of diagnostics.filter((x) => x.severity === "error")) {
    const pos = d.span?.pos;
    if (d.span?.file !== SPEC_PATH || pos === undefined || pos.line < 1 || pos.col < 1) {
      throw new Error(`error without a position in the spec: ${JSON.stringify(d)}\n--- spec\n${text}`);
    }
    const lines = text.split("\n").length;
    if (pos.line > lines) throw new Error(`error positioned past the end of the spec (line ${pos.line} of ${lines}): ${d.message}`);
  }
  // Diagnostics go to terminals and CI logs: a control character from the spec (an escape
  // sequence, a carriage return) must be escaped, never printed raw.
  for (const line of renderPlain(diagnostics)) {
    if (TERMINAL_UNSAFE.test(line)) throw new Error(`a diagnostic prints a raw control character: ${JSON.stringify(line)}`);
  }
}

/**
 * The source ranges of each injected value (or renamed key), for errors of the YAML stage,
 * which point at text rather than at a spec path (a lone surrogate escape, say).
 */
function sourceRanges(text: string, injections: readonly Injection[]): Map<Injection, Array<[number, number]>> {
  const doc = parseDocument(text);
  const ranges = new Map<Injection, Array<[number, number]>>();
  for (const injection of injections) {
    const found: Array<[number, number]> = [];
    for (const o of injection.slot.occurrences) {
      if (o.kind === "value") {
        const node = doc.getIn(o.path, true);
        if (isNode(node) && node.range) found.push([node.range[0], node.range[1]]);
        continue;
      }
      const holder = doc.getIn(o.path.slice(0, -1), true);
      if (!isMap(holder)) continue;
      for (const pair of holder.items) {
        if (isScalar(pair.key) && pair.key.value === injection.value && pair.key.range) found.push([pair.key.range[0], pair.key.range[1]]);
      }
    }
    ranges.set(injection, found);
  }
  return ranges;
}

export function compileBatch(base: Base, injections: readonly Injection[]): BatchOutcome {
  const outcome: BatchOutcome = {
    rejected: [],
    compiled: [],
    skipped: [],
    compiles: 0,
  };
  const run = (batch: readonly Injection[]): void => {
    if (batch.length === 0) return;
    const { spec, applied } = inject(base, batch);
    outcome.skipped.push(...batch.filter((i) => !applied.includes(i)));
    if (applied.length === 0) return;
    const text = specText(spec);
    const result = compile(text, { specPath: SPEC_PATH });
    outcome.compiles++;
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    if (errors.length === 0) {
      outcome.compiled.push({ injections: applied, text, files: result.files });
      return;
    }
    checkRejection(text, result.diagnostics, result.files);
    const blamed = new Map<Injection, Diagnostic>();
    const ranges = errors.some((d) => d.path === undefined) ? sourceRanges(text, applied) : new Map<Injection, Array<[number, number]>>();
    for (const injection of applied) {
      const paths = injectedPaths(injection);
      const within = ranges.get(injection) ?? [];
      const hit = errors.find(
        (d) =>
          paths.some((p) => startsWith(d.path, p)) ||
          (d.path === undefined && within.some(([a, b]) => d.span !== undefined && d.span.start >= a && d.span.start < b)),
      );
      if (hit !== undefined) blamed.set(injection, hit);
    }
    if (blamed.size > 0) {
      for (const [injection, diagnostic] of blamed) outcome.rejected.push({ injection, diagnostic });
      run(applied.filter((i) => !blamed.has(i)));
    } else if (applied.length === 1) {
      outcome.rejected.push({ injection: applied[0]!, diagnostic: errors[0]! });
    } else {
      const half = Math.ceil(applied.length / 2);
      run(applied.slice(0, half));
      run(applied.slice(half));
    }
  };
  run(injections);
  return outcome;
}
