import { isAlias, isMap, isSeq, LineCounter, parseDocument, type Document, type YAMLError } from "yaml";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { DiagnosticCode } from "../diagnostics/codes.js";
import { makeSpan } from "./span.js";
import { checkAliasBudget } from "./alias-budget.js";
import { walkDocument, type WalkOptions } from "./document-walk.js";
import { parseDocumentOnce } from "./parse-once.js";
import { checkRawText, type TextProblem } from "./text-guards.js";

/** The YAML text, its document with positions, and the plain value when the YAML is usable. */
export interface ParsedSpec {
  file: string;
  text: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** The document as plain data; absent when any diagnostic below is an error. */
  value?: unknown;
  diagnostics: Diagnostic[];
}

/**
 * Alias expansion budget for toJS (yaml's default, made explicit): a handful of `*defaults`
 * aliases pass, a "billion laughs" document is refused before it eats the memory.
 */
const MAX_ALIAS_COUNT = 100;

const YAML_ERROR_CODES: Partial<Record<string, DiagnosticCode>> = {
  TAB_AS_INDENT: "yaml/tab-indent",
  MULTIPLE_DOCS: "yaml/multiple-documents",
  DUPLICATE_KEY: "yaml/duplicate-key",
  RESOURCE_EXHAUSTION: "yaml/alias-limit",
};

/** Our wording where yaml's would confuse ("please use YAML.parseAllDocuments()"). */
const YAML_MESSAGES: Partial<Record<string, string>> = {
  MULTIPLE_DOCS: "the file holds more than one YAML document",
};

const YAML_HINTS: Partial<Record<string, string>> = {
  TAB_AS_INDENT: "indent with spaces",
  MULTIPLE_DOCS: 'a spec is a single document: remove the "---" separator or split the file',
  BLOCK_AS_IMPLICIT_KEY: 'put the nested map on its own indented lines, or quote a value that contains ": "',
  MISSING_CHAR: "close the quote or bracket that was opened before",
};

/** yaml's messages are sentences ("Map keys must be unique"); ours are lower-case fragments. */
function fragment(message: string): string {
  const firstLine = message.split("\n")[0] ?? message;
  const trimmed = firstLine.trim().replace(/[.:]$/, "");
  return trimmed.charAt(0).toLowerCase() + trimmed.slice(1);
}

/** `options` are for tests only (document-walk.ts). */
export function parseSpec(text: string, file: string, options: WalkOptions = {}): ParsedSpec {
  // Hostile-input guards (size, characters, nesting depth) run before yaml composes anything:
  // see text-guards.ts. On a problem, nothing else is reported: the rest would be its echoes.
  const guard = checkRawText(text);
  if (guard !== undefined) return guardedSpec(text, file, guard);
  const lineCounter = new LineCounter();
  // parseDocument, with the nesting guard on the same CST (one parse, not two): parse-once.ts.
  const parsed = parseDocumentOnce(text, {
    lineCounter,
    prettyErrors: false,
    // Duplicate keys are reported by findDuplicateKeys with the first key's line; yaml's own
    // check would only say "Map keys must be unique".
    uniqueKeys: false,
    // `<<: *defaults` works in Go YAML (Talos, Kubernetes), so users expect it here too.
    merge: true,
    // No !!binary, !!set, !!omap, !!pairs or !!timestamp (YAML 1.1 types): they would reach the
    // emitters as a Uint8Array, Set, Map or Date. Such tags stay unresolved (a warning).
    resolveKnownTags: false,
  });
  if (parsed.problem !== undefined) return guardedSpec(text, file, parsed.problem);
  const { doc } = parsed;
  const span = (start: number, end: number) => makeSpan(file, lineCounter, start, end);
  const fromYamlError = (error: YAMLError, severity: Diagnostic["severity"]): Diagnostic => {
    // yaml only notices an unclosed [ or { where the indentation gives it away, lines later.
    const unclosed = /end with an? ([\]}])$/.exec(error.message)?.[1];
    const hint =
      unclosed === undefined ? YAML_HINTS[error.code] : `a flow ${unclosed === "]" ? "list" : "map"} opened before this point is not closed with "${unclosed}"`;
    return {
      code: severity === "warning" ? "yaml/warning" : (YAML_ERROR_CODES[error.code] ?? "yaml/syntax"),
      severity,
      message: YAML_MESSAGES[error.code] ?? fragment(error.message),
      span: span(error.pos[0], error.pos[1]),
      ...(hint === undefined ? {} : { hint }),
    };
  };

  // YAML 1.2 §6.8.1: a document for a higher major version "should be rejected"; yaml only warns.
  const futureMajor = (w: YAMLError): boolean => w.code === "BAD_DIRECTIVE" && /YAML version [2-9]/.test(w.message);
  const diagnostics: Diagnostic[] = [
    ...doc.errors.map((e) => fromYamlError(e, "error")),
    ...doc.warnings.map((w) => fromYamlError(w, futureMajor(w) ? "error" : "warning")),
  ];
  const result = (extra: Diagnostic[], value?: unknown): ParsedSpec => ({
    file,
    text,
    doc,
    lineCounter,
    diagnostics: [...diagnostics, ...extra],
    ...(value === undefined ? {} : { value }),
  });
  if (doc.errors.length > 0 || doc.warnings.some(futureMajor)) return result([]);

  if (doc.contents === null) {
    return result([
      {
        code: "spec/empty",
        severity: "error",
        message: "the spec is empty",
        span: span(0, 0),
        hint: 'a spec is a map that starts with "apiVersion: talos-hclgen/v1" and "kind: Cluster"',
      },
    ]);
  }

  const walked = walkDocument(doc.contents, span, options);
  const structural = [...walked.keys, ...walked.aliases, ...walked.merges, ...walked.surrogates.map((p) => fromTextProblem(p, span))];
  if (!isMap(doc.contents)) {
    const got = isSeq(doc.contents) ? "a list" : isAlias(doc.contents) ? "an alias" : "a single value";
    const range = doc.contents.range;
    structural.push({
      code: "spec/not-a-map",
      severity: "error",
      message: `the spec must be a map with apiVersion, kind, metadata and spec (got ${got})`,
      span: span(range[0], range[1]),
    });
  }
  const numbers = walked.numbers.map((p) => ({ ...fromTextProblem(p, span), severity: "warning" as const }));
  if (structural.length > 0) return result([...numbers, ...structural]);
  // Without aliases and merge keys the walk built the value just as toJS would.
  if (walked.value !== undefined) return result(numbers, walked.value.plain);
  const aliasBudget = checkAliasBudget(walked.aliasNodes, walked.target);
  if (aliasBudget !== undefined) return result([...numbers, fromTextProblem(aliasBudget, span)]);

  try {
    return result(numbers, doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown);
  } catch (error) {
    // yaml throws a ReferenceError when the alias budget is exceeded; anything else is a bug.
    if (!(error instanceof ReferenceError)) throw error;
    const at = walked.aliasNodes[0]?.range?.[0] ?? 0;
    return result([
      ...numbers,
      {
        code: "yaml/alias-limit",
        severity: "error",
        message: `aliases expand to more than ${MAX_ALIAS_COUNT} nodes`,
        span: span(at, at + 1),
        hint: "write the repeated values out, or use fewer nested aliases",
      },
    ]);
  }
}

type SpanAt = (start: number, end: number) => ReturnType<typeof makeSpan>;

function fromTextProblem(problem: TextProblem, span: SpanAt): Diagnostic {
  const { code, message, start, end, hint } = problem;
  return { code, severity: "error", message, span: span(start, end), ...(hint === undefined ? {} : { hint }) };
}

/** The result for a text refused by a guard: an empty document, lines counted by hand. */
function guardedSpec(text: string, file: string, problem: TextProblem): ParsedSpec {
  const lineCounter = new LineCounter();
  lineCounter.addNewLine(0);
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lineCounter.addNewLine(i + 1);
  const span: SpanAt = (start, end) => makeSpan(file, lineCounter, start, end);
  return { file, text, doc: parseDocument(""), lineCounter, diagnostics: [fromTextProblem(problem, span)] };
}
