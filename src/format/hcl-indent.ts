// hclwrite formatIndent (hclwrite/format.go): two spaces per entry on a stack of "lines that
// opened brackets". A line with a net surplus of openers is indented at the current level,
// then pushes; a line with a net surplus of closers pops first, so `}` and `)]` dedent.
// Brackets after a heredoc opener in the lead are not counted (splitLines sums each line's
// brackets: Lines.net).

import type { Lines } from "./hcl-lines.js";
import { Kind, type Tokens } from "./hcl-tokens.js";

export function formatIndent(tokens: Tokens, lines: Lines): void {
  const { kinds, spaces } = tokens;
  const indents: number[] = [];
  for (let line = 0; line < lines.count; line++) {
    const first = lines.first[line] ?? 0;
    if (kinds[first] === Kind.Newline) {
      spaces[first] = 0;
      continue;
    }
    const net = lines.net[line] ?? 0;
    if (net > 0) {
      spaces[first] = 2 * indents.length;
      indents.push(net);
      continue;
    }
    let closed = -net;
    while (closed > 0 && indents.length > 0) {
      const top = indents.at(-1) ?? 0;
      if (closed < top) {
        indents[indents.length - 1] = top - closed;
        closed = 0;
      } else {
        indents.pop();
        closed -= top;
      }
    }
    spaces[first] = 2 * indents.length;
  }
}
