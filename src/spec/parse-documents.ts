/**
 * YAML the program reads besides the spec (talconfig patches, inline or from a file), under the
 * spec's own limits: its size, characters, nesting depth and alias budget (parse.ts,
 * text-guards.ts, alias-budget.ts). A bomb or a runaway nesting is a problem to report, never
 * an exception that ends the run with an internal error.
 */
import { isAlias, parseAllDocuments, Parser, visit, type Alias, type Document, type Node } from "yaml";
import { checkAliasBudget } from "./alias-budget.js";
import { checkDepthOfTokens, checkRawText } from "./text-guards.js";
import { MAX_SPEC_BYTES } from "../catalog/limits.js";

/** As parse.ts: yaml's guard against aliases of aliases. */
const MAX_ALIAS_COUNT = 100;

export type ParsedDocuments = { values: unknown[]; problem?: undefined } | { values?: undefined; problem: string };

export function parseBoundedDocuments(text: string): ParsedDocuments {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > MAX_SPEC_BYTES)
    return { problem: `it is ${(bytes / (1024 * 1024)).toFixed(1)} MiB, more than the ${MAX_SPEC_BYTES / (1024 * 1024)} MiB a spec may be` };
  const raw = checkRawText(text);
  if (raw !== undefined) return { problem: raw.message };
  const deep = checkDepthOfTokens(new Parser().parse(text));
  if (deep !== undefined) return { problem: deep.message };
  // The spec's parse options (parse.ts): Go YAML's merge keys, no YAML 1.1 types.
  const documents = parseAllDocuments(text, { prettyErrors: false, merge: true, resolveKnownTags: false });
  const values: unknown[] = [];
  for (const document of Array.isArray(documents) ? documents : [documents]) {
    const error = document.errors[0];
    if (error !== undefined) return { problem: `it is not YAML: ${error.message.split("\n")[0] ?? ""}` };
    const budget = aliasProblem(document);
    if (budget !== undefined) return { problem: budget };
    try {
      values.push(document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
    } catch (thrown) {
      // yaml throws a ReferenceError for an alias past the budget or without its anchor.
      if (!(thrown instanceof ReferenceError)) throw thrown;
      return { problem: `its aliases expand to more than ${MAX_ALIAS_COUNT} nodes, or one has no anchor` };
    }
  }
  return { values };
}

function aliasProblem(document: Document.Parsed): string | undefined {
  const aliases: Alias[] = [];
  visit(document, {
    Alias(_, node) {
      aliases.push(node);
    },
  });
  if (aliases.length === 0) return undefined;
  const target = (alias: Alias): Node | undefined => {
    const resolved = alias.resolve(document);
    return resolved === undefined || isAlias(resolved) ? undefined : (resolved as Node);
  };
  for (const alias of aliases) {
    const node = target(alias);
    if (node === undefined) return "an alias has no anchor before it";
    // An alias inside what it refers to would repeat it forever.
    const [start, end] = node.range ?? [0, 0];
    const at = alias.range?.[0] ?? -1;
    if (at >= start && at < end) return `the alias *${alias.source} is inside the value it refers to`;
  }
  return checkAliasBudget(aliases, target)?.message;
}
