// Canonical HCL: the output is a fixed point of `tofu fmt` / `terraform fmt`.
//
// Both tools format with hclwrite (hashicorp/hcl v2, hclwrite/format.go): lex the file,
// cut it into lines, then (1) formatIndent, (2) formatSpaces, (3) formatCells. These files
// port those passes over a token stream that mirrors hclsyntax's lexer
// (hclsyntax/scan_tokens.rl) closely enough to give every token the same type:
//   hcl-lexer.ts   the lexer (hcl-scan.ts: its character tables and regexes), filling the
//                  token arrays of hcl-tokens.ts
//   hcl-lines.ts   lines and their cells (linesForFormat), and our blank-line rules
//   hcl-indent.ts  formatIndent
//   hcl-spaces.ts  formatSpaces
//   hcl-cells.ts   formatCells
//   hcl-write.ts   the output, copying unchanged runs of the source whole
// They are written for speed: a 1000-node tree's main.tf has over 100,000 tokens, and a
// small build runs this code once, before V8 optimizes any of it. hcl-reference.test.ts
// holds them to a plain port of the same passes.
//
// Only whitespace between tokens changes; token text is kept, except that we also:
//   - drop blank lines at the start and end, collapse runs of blank lines to one, and drop
//     blank lines right after a line ending in `{`, `[` or `(` and right before a line of
//     closers (fmt leaves blank lines alone, so this cannot break the fixed point);
//   - strip trailing whitespace from comments and heredoc end markers, write every
//     newline outside heredoc bodies as LF, and end the file with exactly one newline;
//   - keep one space where hclwrite would write two tokens together that then lex as other
//     tokens (`! ==` as `!==`, `a . 0 . 1` as `a.0.1`: hcl-spaces.ts joinsWith), so the
//     tokens never change and formatting twice gives what formatting once did.
// Heredoc bodies keep their bytes; only the expressions inside their `${ }` are spaced,
// as fmt does. What fmt does beyond hclwrite (terraform's fmt command unwraps `"${x}"` to
// `x` and rewrites legacy `type = "string"`) is not reproduced: templates must not emit
// those forms.

import { formatCells } from "./hcl-cells.js";
import { HclFormatError } from "./hcl-error.js";
import { formatIndent } from "./hcl-indent.js";
import { lex } from "./hcl-lexer.js";
import { splitLines } from "./hcl-lines.js";
import { formatSpaces } from "./hcl-spaces.js";
import { writeTokens } from "./hcl-write.js";

export { HclFormatError };

export function formatHcl(text: string): string {
  const source = text.endsWith("\n") ? text : `${text}\n`;
  const tokens = lex(source);
  const lines = splitLines(tokens);
  formatIndent(tokens, lines);
  formatSpaces(tokens, lines);
  formatCells(tokens, lines);
  return writeTokens(tokens, lines);
}
