/**
 * Trimming a run of characters off the end (or start) of a string in linear time. The regular
 * expression for it, `/x+$/`, is quadratic in V8's backtracking engine when the run is not at
 * the end: from each character of "/////…/a" it matches the run, fails at "a", and starts over
 * one character later (200,000 slashes take tens of seconds). Spec values reach such trims in
 * the model (URLs lose trailing slashes), in hints (a DNS label suggestion) and in the HCL
 * formatter (comments and heredoc lines hold spec text).
 */

export type CharTest = (code: number) => boolean;

/** `text` without the longest suffix of characters that pass `drop`. */
export function trimEndWhile(text: string, drop: CharTest): string {
  let end = text.length;
  while (end > 0 && drop(text.charCodeAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `text` without the longest prefix of characters that pass `drop`. */
export function trimStartWhile(text: string, drop: CharTest): string {
  let start = 0;
  while (start < text.length && drop(text.charCodeAt(start))) start++;
  return start === 0 ? text : text.slice(start);
}

/** One character, as a CharTest. */
export function isChar(ch: string): CharTest {
  const code = ch.charCodeAt(0);
  return (c) => c === code;
}

/** Outside Latin-1, the white space of Unicode's White_Space property, which is \p{Z} there too. */
function isUnicodeSpace(c: number): boolean {
  return c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** Go's unicode.IsSpace (pkg.go.dev/unicode#IsSpace): what bytes.TrimSpace trims. */
export function isGoSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0x85 || c === 0xa0 || isUnicodeSpace(c);
}

/** JavaScript's \s (ECMA-262 WhiteSpace and LineTerminator): Go's set without U+0085, with U+FEFF. */
export function isJsSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0xfeff || isUnicodeSpace(c);
}

/**
 * "https://x.example/" -> "https://x.example". Not .replace(/\/+$/, ""), which takes quadratic
 * time on a run of slashes inside a URL.
 */
export function withoutTrailingSlashes(url: string): string {
  return trimEndWhile(url, isSlash);
}

const isSlash = isChar("/");
