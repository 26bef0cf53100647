import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hclString, quoteHclString } from "./hcl-value.js";

// hclString copies printable ASCII without `"`, `\`, `${` and `%{` straight into quotes;
// everything else goes through quoteHclString. Both must agree on every string.
const piece = fc.oneof(
  fc.constantFrom("$", "%", "{", "}", "${", "%{", "$${", "%%{", "$ {", "\\", '"', "~", " ", "!", "#", "[", "]", "^", "`"),
  fc.constantFrom("\0", "\t", "\n", "\r", "\x1f", "\x7f", "\x80", "\x85", "\u00a0", "é", "e\u0301", "\u2028", "\ufeff"),
  fc.constantFrom("😀", "\ud800", "\udfff", "\u{e0001}"),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 8 }),
  fc.string({ unit: "binary", maxLength: 3 }),
);
const text = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(""));

describe("hclString's fast path", () => {
  it("agrees with the general quoting on every string", () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(hclString(s)).toBe(quoteHclString(s));
      }),
      { numRuns: 20000 },
    );
  });

  it("agrees on every single code unit and on each after `$` and `%`", () => {
    for (let unit = 0; unit <= 0xffff; unit++) {
      const ch = String.fromCharCode(unit);
      for (const s of [ch, `$${ch}`, `%${ch}`, `a${ch}b`]) expect(hclString(s)).toBe(quoteHclString(s));
    }
  });
});
