// formatHcl against the reference formatter (hcl-reference.test-helper.ts): the same bytes,
// or the same error, on random input. The fast formatter takes shortcuts the reference does
// not (regex scans, a lexer fast path for plain strings, memoized spacing, source runs and
// whole clean lines copied verbatim); each generator below is aimed at some of them.

import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatHcl } from "./hcl.js";
import { formatHclReference } from "./hcl-reference.test-helper.js";
import { lexReference } from "./hcl-reference-lexer.test-helper.js";
import { Kind } from "./hcl-tokens.js";

function outcome(format: (text: string) => string, text: string): string {
  try {
    return `ok\n${format(text)}`;
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : "not an Error";
  }
}

/**
 * The tokens other than line breaks (formatting drops blank lines), as kind and text, of the
 * text with a final newline (formatting adds one, which a last line comment then owns).
 */
function tokensOf(text: string): string[] {
  return lexReference(text.endsWith("\n") ? text : `${text}\n`)
    .filter((t) => t.kind !== Kind.Newline)
    .map((t) => `${Kind[t.kind]} ${JSON.stringify(t.text)}`);
}

function agrees(text: string): void {
  const expected = outcome(formatHclReference, text);
  expect(outcome(formatHcl, text), JSON.stringify(text)).toBe(expected);
  if (!expected.startsWith("ok\n")) return;
  const formatted = expected.slice(3);
  // The output is a fixed point, which exercises the copy-clean-lines path on everything.
  expect(formatHcl(formatted), JSON.stringify(formatted)).toBe(formatted);
  // Only whitespace changed: the output lexes as the input did. Both formatters share
  // joinsWith, which decides that; this holds it to the lexer instead.
  expect(tokensOf(formatted), JSON.stringify(formatted)).toEqual(tokensOf(text));
}

// Pieces of HCL, valid or not, with every token kind, the template and heredoc modes, tabs,
// CRLF, trailing blanks, non-ASCII identifiers and text, and errors.
const ident = fc.constantFrom("a", "bb", "x_y", "x-y", "in", "for", "if", "_u", "café", "ñ-1", "e\u0301x", "變數", "a1");
const stringPiece = fc.constantFrom(
  "abc",
  " ",
  "\\n",
  '\\"',
  "\\\\",
  "${x}",
  "${ a + 1 }",
  "%{ if x }y%{ endif }",
  "$",
  "%",
  "$${",
  "%%{",
  "é",
  "e\u0301",
  "👍",
  "\t",
  '${"in"}',
  "${[1,2]}",
  "${{a=1}}",
  "${x~}",
  "%{~ for a in b ~}",
  "${ f(\n1) }",
  // an opener and `~}` that must stay apart (`${~}` lexes as `${~` and `}`)
  "${ ~}",
  "%{ ~}",
);
const quoted = fc.array(stringPiece, { maxLength: 4 }).map((pieces) => `"${pieces.join("")}"`);
const bodyLine = fc.constantFrom("text", "  ${x} after", "$${esc}", "%{ if a }b%{ endif }", "EOTX", " EOT x", "", "é👍", "${ f(\n1) }", "${[\n]}");
const heredoc = fc
  .tuple(
    fc.constantFrom("<<", "<<-"),
    fc.array(bodyLine, { maxLength: 3 }),
    fc.constantFrom("", "  ", " \t", "\r", "\u00a0"),
    fc.constantFrom("", "  "),
    fc.constantFrom("\n", "\r\n"),
  )
  .map(([open, body, trailing, lead, newline]) => `${open}EOT${newline}${body.map((l) => `${l}\n`).join("")}${lead}EOT${trailing}\n`);
const number = fc.constantFrom("1", "42", "1.5", "1e3", "2E-4", "1.", "1e", "0.5e+2");
const operator = fc.constantFrom(..."= == != < <= > >= && || ! + - * / % ? : :: , . ... => [ ] ( ) { } { } in".split(" "));
const comment = fc.constantFrom("# c\n", "// c\n", "# c  \n", "#\t\r\n", "/* c */", "/* a  \n b */", "/* x\t\r\n*/", "# é👍\n");
const blank = fc.constantFrom(" ", "  ", "", " ", "      ", "\t");
const newline = fc.constantFrom("\n", "\n", "\n", "\r\n", "\n\n", "\n\n\n", "\n  \n");
const broken = fc.constantFrom("@", "~", "&", "|", "\r", '"open', "<<EOT\nx\n", "/* open", "}", "${");
const soup = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: ident },
      { weight: 3, arbitrary: quoted },
      { weight: 1, arbitrary: heredoc },
      { weight: 2, arbitrary: number },
      { weight: 6, arbitrary: operator },
      { weight: 1, arbitrary: comment },
      { weight: 6, arbitrary: blank },
      { weight: 4, arbitrary: newline },
    ),
    { maxLength: 40 },
  )
  .chain((pieces) => fc.option(broken, { freq: 10 }).map((bad) => pieces.join("") + (bad ?? "")));

// Documents: blocks and attributes that balance, so most format, with alignment chains,
// trailing comments and blank lines around openers and closers.
const value = fc.oneof(
  quoted,
  number,
  ident,
  fc.constantFrom(
    "[1, 2]",
    "{ a = 1 }",
    "[\n1,\n]",
    "f(x)",
    "[for x in [1, 2] : x]",
    // blank lines after an opener and before a closer, which are dropped
    "concat(\n\n[1],\n\n)",
    "[\n\n1,\n\n]",
    "{\n\na = 1\n\n}",
    "{ for k, v in m : k => v }",
    // a minus that subtracts and one that negates, before the same kinds
    "a - b",
    "x - 1",
    "-x",
    "[-1, 2 - 1]",
    "(-a) - -b",
  ),
);
const lineComment = fc.constantFrom("# c", "// d", "#   e  ");
const attribute = fc
  .tuple(blank, ident, blank, blank, fc.oneof(value, heredoc), fc.option(lineComment), newline)
  .map(([indent, key, before, after, v, note, end]) =>
    v.endsWith("\n") ? `${indent}${key}${before}=${after}${v}` : `${indent}${key}${before}=${after}${v}${note === null ? "" : ` ${note}`}${end}`,
  );
const { document } = fc.letrec<{ block: string; document: string }>((tie) => ({
  block: fc
    .tuple(blank, ident, fc.array(quoted, { maxLength: 2 }), newline, tie("document"), blank, fc.constantFrom("", ",", " # end", "), # end"), newline)
    .map(
      ([indent, type, labels, open, body, closeIndent, tail, close]) => `${indent}${[type, ...labels].join(" ")} {${open}${body}${closeIndent}}${tail}${close}`,
    ),
  document: fc
    .array(
      fc.oneof(
        { weight: 5, arbitrary: attribute },
        { weight: 1, arbitrary: tie("block") },
        { weight: 1, arbitrary: comment },
        { weight: 1, arbitrary: newline },
      ),
      { maxLength: 6 },
    )
    .map((items) => items.join("")),
}));
// Without tabs and CRLF, where the writer copies clean lines whole.
const plainDocument = document.map((text) => text.replaceAll("\t", "  ").replaceAll("\r", ""));

// Generated trees: the text the formatter really sees, with lines re-indented, spacing
// around `=` changed, blank lines added and trailing comments, in a few random places.
const GOLDEN = join(import.meta.dirname, "../../golden");
const goldenFiles = readdirSync(GOLDEN, { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".tf"))
  .sort()
  .map((path) => readFileSync(join(GOLDEN, path), "utf8"));
const EDITS: Readonly<Record<string, (line: string) => string>> = {
  indent: (line) => `   ${line}`,
  outdent: (line) => line.trimStart(),
  squeeze: (line) => line.replace(/ +=/, "=").replace(/= +/, "="),
  widen: (line) => line.replace("=", "   =  "),
  blank: (line) => `${line}\n\n`,
  comment: (line) => `${line} # note`,
  crlf: (line) => `${line}\r`,
  tab: (line) => line.replace(/^ +/, "\t"),
};
const goldenMutant = fc
  .tuple(fc.constantFrom(...goldenFiles), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...Object.keys(EDITS))), { maxLength: 6 }))
  .map(([text, edits]) => {
    const lines = text.split("\n");
    for (const [at, edit] of edits) {
      const i = at % lines.length;
      lines[i] = EDITS[edit]?.(lines[i] ?? "") ?? "";
    }
    return lines.join("\n");
  });

describe("formatHcl agrees with the reference formatter", () => {
  // The soup's counterexample (`! ==` formatted as `!==`, which formats as `!= =`) and its
  // kin: every pair joinsWith keeps apart, and pairs it must not.
  it.each([
    "! ==",
    "!==",
    "a = ! == b",
    "a = ! = b\nb = ! => c",
    "a = x . . y . ... z",
    "a = 1 . 5 + x . 0 . 1 + 1.5 . 2 + x . 0 . y",
    'a = "${ ~}%{ ~}${~ ~}"',
    "a = <<EOT\n${ ~}\nEOT",
  ])("on glued operators: %j", (text) => agrees(`${text}\n`));

  it("on token soup, errors included (3000 inputs)", () => {
    fc.assert(fc.property(soup, agrees), { numRuns: 3000 });
  });

  it("on documents with noise (600 inputs)", () => {
    fc.assert(fc.property(document, agrees), { numRuns: 600 });
  });

  it("on documents without tabs or CRLF (1000 inputs)", () => {
    fc.assert(fc.property(plainDocument, agrees), { numRuns: 1000 });
  });

  it(`on edited generated files (${goldenFiles.length} files, 300 inputs)`, () => {
    expect(goldenFiles.length).toBeGreaterThan(20);
    fc.assert(fc.property(goldenMutant, agrees), { numRuns: 300 });
  });
});
