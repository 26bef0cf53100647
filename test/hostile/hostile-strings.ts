/**
 * Hostile strings for the injection properties: everything that has ever broken a code
 * generator's quoting, mixed with arbitrary code points and arbitrary UTF-16.
 *
 * - HCL template openers and their escapes (`${`, `%{`, `$${`, `~}`), quotes, backslashes and
 *   heredoc markers (hashicorp/hcl hclsyntax/spec.md, "Template Literals");
 * - YAML indicators that change a plain scalar's meaning (`: `, ` #`, `- `, `&`, `*`, `!`, `|`,
 *   `>`, `---`, `...`, `%`) and the YAML 1.1 booleans Go readers still honour (yes, on, y);
 * - every line break a reader might honour: LF, CR, and NEL, LS, PS, which YAML 1.1 (and so
 *   go-yaml, which Talos and Helm use) counts as line breaks;
 * - C0/C1 controls, DEL, NUL, the BOM, non-characters (U+FFFE), bidi overrides, zero-width
 *   joiners, combining marks (a string that is not NFC), astral code points, lone surrogates;
 * - path tricks: `..`, `/`, `\`, drive letters, NUL;
 * - text that looks like HCL or YAML structure (`"}\nresource "x" "y" {`).
 */
import fc from "fast-check";

const PIECES = [
  "${",
  "%{",
  "$${",
  "%%{",
  "${var.x}",
  "%{ if true }x%{ endif }",
  "~}",
  "$",
  "%",
  "{",
  "}",
  '"',
  "'",
  "\\",
  "\\n",
  "\\u0000",
  "\\\\",
  "\n",
  "\r",
  "\r\n",
  "\t",
  "<<EOT\n",
  "\nEOT\n",
  '"}\nresource "null_resource" "x" {',
  "# ",
  "//",
  "/*",
  "*/",
  ": ",
  " #",
  "- ",
  "&a ",
  "*a",
  "!!binary ",
  "|",
  ">",
  "---",
  "...",
  "? ",
  "@",
  "`",
  ",",
  "[",
  "]",
  "yes",
  "on",
  "y",
  "No",
  "~",
  "null",
  "0x1F",
  "1e3",
  ".inf",
  "0o17",
  "012",
  "\0",
  "\x01",
  "\x07",
  "\x1b",
  "\x7f",
  "\x80",
  "\x85",
  "\x9f",
  "\u00a0",
  "\u00ad",
  "\u2028",
  "\u2029",
  "\ufeff",
  "\ufffe",
  "\uffff",
  "\ufffd",
  "\u200b",
  "\u200d",
  "\u202e",
  "\u2066",
  "é",
  "e\u0301",
  "\u212b",
  "ǅ",
  "ß",
  "İ",
  "中文",
  "😀",
  "👨‍👩‍👧",
  "\u{e0001}",
  "\u{10ffff}",
  "\ud800",
  "\udfff",
  "\udc00\ud800",
  "..",
  "../",
  "/",
  "\\",
  "C:",
  "/etc/passwd",
  "..\\..\\",
  "%2e%2e%2f",
  "\u2215",
  "\uff0f",
  "-----BEGIN",
  "__proto__",
  "constructor",
] as const;

/** One hostile piece: a known troublemaker, a random code point, or random UTF-16 units. */
export const hostilePiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PIECES) },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 3 }) },
  { weight: 3, arbitrary: fc.string({ maxLength: 6 }) },
);

/** An arbitrary hostile string: up to 8 pieces, sometimes empty. */
export const hostileString: fc.Arbitrary<string> = fc.array(hostilePiece, { maxLength: 8 }).map((pieces) => pieces.join(""));

/** Hostile pieces without whitespace, for formats that forbid spaces but little else (`\S+`). */
const hostileNonSpace: fc.Arbitrary<string> = hostilePiece.map((piece) => piece.replace(/\s/gu, ""));

/**
 * Values shaped like a field's format with hostile text spliced in: a valid sample (when the
 * schema pattern can be sampled) with up to three hostile pieces inserted at arbitrary
 * positions. These are the values that get past a loose pattern (`^https?://\S+$`) and reach
 * the templates, which is what the properties must exercise.
 */
export function shapedString(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const splice = fc.tuple(fc.nat(), hostileNonSpace);
  return fc.tuple(valid, fc.array(splice, { minLength: 1, maxLength: 3 })).map(([base, splices]) => {
    let out = base;
    for (const [at, piece] of splices) {
      const i = at % (out.length + 1);
      out = out.slice(0, i) + piece + out.slice(i);
    }
    return out;
  });
}

/** Samples of a schema pattern; lookaheads are dropped (fast-check cannot sample them). */
export function patternSamples(pattern: string): fc.Arbitrary<string> | undefined {
  const simplified = pattern.replace(/\(\?[=!][^()]*\)/g, "");
  try {
    return fc.stringMatching(new RegExp(simplified, "u"), { size: "small" });
  } catch {
    return undefined;
  }
}
