/**
 * yaml's parseDocument, split so the nesting guard (text-guards.ts) and the composer share one
 * CST: the guard needs the CST before anything is composed, and lexing and parsing the text a
 * second time cost about 180 ms of a 1000-node spec's cold build (40% of the YAML parse;
 * measured with `node --cpu-prof`, see scripts/bench.mjs).
 *
 * The composing half is parseDocument's own body (yaml 2.x dist/public-api.js), minus
 * prettyErrors, which parse.ts never asks for.
 */
import { Composer, type CST, type Document, type DocumentOptions, type LineCounter, type ParseOptions, Parser, type SchemaOptions, YAMLParseError } from "yaml";
import { checkDepthOfTokens, type TextProblem } from "./text-guards.js";

type Options = ParseOptions & DocumentOptions & SchemaOptions & { lineCounter: LineCounter };

export function parseDocumentOnce(text: string, options: Options): { doc: Document.Parsed; problem?: undefined } | { doc?: undefined; problem: TextProblem } {
  const tokens: CST.Token[] = [...new Parser(options.lineCounter.addNewLine).parse(text)];
  const problem = checkDepthOfTokens(tokens);
  if (problem !== undefined) return { problem };
  let doc: Document.Parsed | undefined;
  for (const next of new Composer(options).compose(tokens, true, text.length)) {
    if (doc === undefined) doc = next;
    else if (doc.options.logLevel !== "silent") {
      doc.errors.push(
        new YAMLParseError([next.range[0], next.range[1]], "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"),
      );
      break;
    }
  }
  // compose(tokens, forceDoc = true) always yields a document, if only an empty one.
  if (doc === undefined) throw new Error("yaml composed no document");
  return { doc };
}
