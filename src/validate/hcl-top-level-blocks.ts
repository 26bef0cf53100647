/**
 * Cuts the top-level blocks of one type (`terraform { ... }`) out of HCL native syntax
 * (https://github.com/hashicorp/hcl/blob/main/hclsyntax/spec.md), so the HCL parser only
 * sees those few lines: @cdktf/hcl2json's WebAssembly parser takes tens of milliseconds per
 * kilobyte on a cold start, and modules are mostly resources. Only what can hide a brace
 * is understood: comments, quoted strings with `${...}` / `%{...}` templates, and heredocs.
 */

const IDENT_START = /[A-Za-z_]/;
const IDENT_CHAR = /[A-Za-z0-9_-]/;
const HEREDOC = /^<<-?([A-Za-z_][A-Za-z0-9_-]*)\r?\n/;

/** Index just after the comment starting at `i`, or `i` when there is none. */
function skipComment(text: string, i: number): number {
  if (text[i] === "#" || text.startsWith("//", i)) {
    const end = text.indexOf("\n", i);
    return end === -1 ? text.length : end + 1;
  }
  if (text.startsWith("/*", i)) {
    const end = text.indexOf("*/", i + 2);
    return end === -1 ? text.length : end + 2;
  }
  return i;
}

/** `i` is at a template opener (`${` or `%{`); returns the index after its closing brace. */
function skipTemplate(text: string, i: number): number {
  let depth = 0;
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '"') j = skipString(text, j) - 1;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return j + 1;
  }
  return text.length;
}

/** `i` is at an opening quote; returns the index after the closing one. */
function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === "\\") j++;
    else if (c === '"' || c === "\n")
      return j + 1; // a newline ends a broken string
    else if ((c === "$" || c === "%") && text[j + 1] === "{") j = skipTemplate(text, j) - 1;
  }
  return text.length;
}

/** `i` is at `<<`; returns the index after the heredoc's closing marker line. */
function skipHeredoc(text: string, i: number): number {
  const m = HEREDOC.exec(text.slice(i, i + 200));
  if (m === null) return i + 2;
  let lineStart = i + m[0].length;
  while (lineStart < text.length) {
    const lineEnd = text.indexOf("\n", lineStart);
    const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
    if (line.trim() === m[1]) return lineEnd === -1 ? text.length : lineEnd + 1;
    if (lineEnd === -1) break;
    lineStart = lineEnd + 1;
  }
  return text.length;
}

export function topLevelBlocks(text: string, type: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = -1;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const afterComment = skipComment(text, i);
    if (afterComment !== i) i = afterComment;
    else if (c === '"') i = skipString(text, i);
    else if (text.startsWith("<<", i)) i = skipHeredoc(text, i);
    else if (c === "{") {
      depth++;
      i++;
    } else if (c === "}") {
      depth = Math.max(0, depth - 1);
      i++;
      if (depth === 0 && start !== -1) {
        blocks.push(text.slice(start, i));
        start = -1;
      }
    } else if (depth === 0 && IDENT_START.test(c) && (i === 0 || !IDENT_CHAR.test(text[i - 1] as string))) {
      let end = i + 1;
      while (end < text.length && IDENT_CHAR.test(text[end] as string)) end++;
      if (text.slice(i, end) === type && /^\s*\{/.test(text.slice(end, end + 100))) start = i;
      i = end;
    } else i++;
  }
  return blocks;
}
