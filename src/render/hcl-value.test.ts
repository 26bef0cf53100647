import { parse } from "@cdktf/hcl2json";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatHcl } from "../format/hcl.js";
import { expr, hclIdentifierOrString, HclObject, hclString, type HclValue, MAX_INLINE_LIST_LENGTH, obj, renderHclValue } from "./hcl-value.js";

describe("hclString", () => {
  it.each([
    ["", '""'],
    ["plain", '"plain"'],
    ['say "hi"', '"say \\"hi\\""'],
    ["C:\\dir\\", '"C:\\\\dir\\\\"'],
    ["a\nb\r\nc\td", '"a\\nb\\r\\nc\\td"'],
    ["${var.x}", '"$${var.x}"'],
    ["%{ if x }", '"%%{ if x }"'],
    ["$${already}", '"$$${already}"'],
    ["%%{already}", '"%%%{already}"'],
    ["$ { % { $$ %% $", '"$ { % { $$ %% $"'],
    ["end$", '"end$"'],
    ["\\${", '"\\\\$${"'],
    ["\0", '"\\u0000"'],
    ["\x1b[0m", '"\\u001b[0m"'],
    ["\x7f\x85", '"\\u007f\\u0085"'],
    ["a\u00a0b", '"a\\u00a0b"'], // NBSP is not unicode.IsPrint
    ["\u00ad", '"\\u00ad"'], // soft hyphen (Cf)
    ["\u200b\u200d\u2028\u2029\u202e\ufeff", '"\\u200b\\u200d\\u2028\\u2029\\u202e\\ufeff"'],
    ["\u{e0001}", '"\\U000e0001"'], // supplementary format character
    ["\u{f0000}", '"\\U000f0000"'], // private use
    ["é ü ß 中文 ∑ €", '"é ü ß 中文 ∑ €"'],
    ["😀👍🏽", '"😀👍🏽"'],
    ["e\u0301", '"\u00e9"'], // NFC, as HCL itself and fmt (for labels) normalize
    ["\u1e9b\u0323", '"\u1e9b\u0323"'], // already NFC: combining marks stay raw
  ])("%j -> %s", (input, expected) => {
    expect(hclString(input)).toBe(expected);
  });

  it("replaces lone surrogates with U+FFFD (UTF-8 cannot carry them)", () => {
    expect(hclString("a\ud800b")).toBe('"a\ufffdb"');
    expect(hclString("\udc00")).toBe('"\ufffd"');
    expect(hclString("\udc00\ud800")).toBe('"\ufffd\ufffd"');
    expect(hclString("\ud83d")).toBe('"\ufffd"');
    expect(hclString("\ud83d\ude00")).toBe('"😀"');
  });
});

describe("hclIdentifierOrString", () => {
  it.each([
    ["name", "name"],
    ["_private", "_private"],
    ["foo-bar_2", "foo-bar_2"],
    ["k8sServicePort", "k8sServicePort"],
    ["for", '"for"'],
    ["in", '"in"'],
    ["if", '"if"'],
    ["null", '"null"'],
    ["true", '"true"'],
    ["false", '"false"'],
    ["1st", '"1st"'],
    ["-x", '"-x"'],
    ["app.kubernetes.io/name", '"app.kubernetes.io/name"'],
    ["with space", '"with space"'],
    ["", '""'],
    ["é", '"é"'],
    ["${x}", '"$${x}"'],
  ])("%j -> %s", (input, expected) => {
    expect(hclIdentifierOrString(input)).toBe(expected);
  });
});

describe("renderHclValue layout", () => {
  it("renders scalars", () => {
    expect(renderHclValue(null)).toBe("null");
    expect(renderHclValue(true)).toBe("true");
    expect(renderHclValue(false)).toBe("false");
    expect(renderHclValue(0)).toBe("0");
    expect(renderHclValue(-0)).toBe("0");
    expect(renderHclValue(6443)).toBe("6443");
    expect(renderHclValue(-1.5)).toBe("-1.5");
    expect(renderHclValue(1e21)).toBe("1e+21");
    expect(renderHclValue(1.5e-7)).toBe("1.5e-7");
    expect(renderHclValue("x")).toBe('"x"');
  });

  it("throws on NaN and infinities (a bug upstream, not user input)", () => {
    expect(() => renderHclValue(Number.NaN)).toThrow(RangeError);
    expect(() => renderHclValue(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => renderHclValue([1, Number.NEGATIVE_INFINITY])).toThrow(/not a finite number/);
  });

  it("emits raw expressions verbatim", () => {
    expect(renderHclValue(expr('file("${path.module}/x.yaml")'))).toBe('file("${path.module}/x.yaml")');
    expect(renderHclValue([expr("var.a"), expr("var.b")])).toBe("[var.a, var.b]");
  });

  it("keeps short scalar lists on one line", () => {
    expect(renderHclValue([])).toBe("[]");
    expect(renderHclValue(["a", "b"])).toBe('["a", "b"]');
    expect(renderHclValue([1, true, null, "x"])).toBe('[1, true, null, "x"]');
  });

  it(`breaks lists whose one-line form is longer than ${MAX_INLINE_LIST_LENGTH}`, () => {
    const fits = ["x".repeat(MAX_INLINE_LIST_LENGTH - 4)]; // [" + 76 + "]
    expect(renderHclValue(fits)).toBe(`["${"x".repeat(MAX_INLINE_LIST_LENGTH - 4)}"]`);
    const long = ["x".repeat(MAX_INLINE_LIST_LENGTH - 3)];
    expect(renderHclValue(long)).toBe(`[\n  "${"x".repeat(MAX_INLINE_LIST_LENGTH - 3)}",\n]`);
  });

  it("puts lists with non-scalar items one per line with trailing commas", () => {
    expect(renderHclValue([["a"], obj({})])).toBe('[\n  ["a"],\n  {},\n]');
    expect(renderHclValue([obj({ name: "ipam.mode", value: "kubernetes" })])).toBe('[\n  {\n    name  = "ipam.mode"\n    value = "kubernetes"\n  },\n]');
    expect(renderHclValue([expr("a(\n1)")])).toBe("[\n  a(\n1),\n]");
  });

  it("renders objects multi-line with aligned `=` runs, multi-line values breaking a run", () => {
    expect(renderHclValue(obj({}))).toBe("{}");
    const value = obj({
      a: 1,
      longer_key: "x",
      nested: obj({ k: [1, 2] }),
      b: [],
      "app.kubernetes.io/name": "cilium",
      "\u00e9\u0301": true,
    });
    expect(renderHclValue(value)).toBe(
      [
        "{",
        "  a          = 1",
        '  longer_key = "x"',
        "  nested = {",
        "    k = [1, 2]",
        "  }",
        "  b                        = []",
        '  "app.kubernetes.io/name" = "cilium"',
        `  "\u00e9\u0301"${" ".repeat(22)}= true`, // quote + one cluster + quote: 3 columns of 24
        "}",
      ].join("\n"),
    );
  });

  it("obj() keeps insertion order, skips undefined and accepts a Map", () => {
    expect(renderHclValue(obj({ b: 1, a: undefined, c: 2 }))).toBe("{\n  b = 1\n  c = 2\n}");
    const ordered = new Map<string, HclValue>([
      ["z", 1],
      ["10", 2],
      ["2", 3],
    ]);
    expect(renderHclValue(obj(ordered))).toBe('{\n  z    = 1\n  "10" = 2\n  "2"  = 3\n}');
  });

  it("throws on duplicate keys, comparing keys as HCL sees them (NFC, U+FFFD)", () => {
    expect(() =>
      renderHclValue(
        new HclObject([
          ["a", 1],
          ["a", 2],
        ]),
      ),
    ).toThrow(/duplicate object key "a"/);
    expect(() =>
      renderHclValue(
        new HclObject([
          ["\u00e9", 1],
          ["e\u0301", 2],
        ]),
      ),
    ).toThrow(/duplicate/);
    expect(() =>
      renderHclValue(
        new HclObject([
          ["\ud800", 1],
          ["\udfff", 2],
        ]),
      ),
    ).toThrow(/duplicate/);
  });

  it("measures quoted keys the way hclwrite does: per token, split at $ and %", () => {
    // "\u1ab0" is a combining mark: glued to the opening quote it would be one cluster, but
    // hclwrite counts the quote token and the literal token separately.
    expect(renderHclValue(obj({ "\u1ab0": 1, abcd: 2 }))).toBe('{\n  "\u1ab0"  = 1\n  abcd = 2\n}');
    expect(renderHclValue(obj({ "$\u0301": 1, abcde: 2 }))).toBe('{\n  "$\u0301"  = 1\n  abcde = 2\n}');
    // NFC first: "e\u0301" is written (and measured) as "\u00e9".
    expect(renderHclValue(obj({ "e\u0301": 1, abcd: 2 }))).toBe('{\n  "\u00e9"  = 1\n  abcd = 2\n}');
  });
});

// ----------------------------------------------------------------------------------------
// Round trips through a real HCL parser (hashicorp/hcl compiled to wasm).

/** Lone surrogates become U+FFFD (documented behaviour of hclString); HCL values are NFC. */
function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd").normalize("NFC");
}

/**
 * hcl2json prints Terraform JSON syntax, where strings are templates: it writes a literal
 * `${` as `$${` and `%{` as `%%{`, in keys too. Undo exactly that (every `$${` it prints is
 * an inserted `$` before an original `${`, so a left-to-right replace is exact). Then NFC:
 * cty normalizes every string to NFC; normalizing both sides here also keeps the test
 * independent of which Unicode version Go and ICU each know.
 */
function fromHcl2Json(value: unknown): unknown {
  if (typeof value === "string")
    return value
      .replaceAll("$${", () => "${")
      .replaceAll("%%{", () => "%{")
      .normalize("NFC");
  if (Array.isArray(value)) return value.map(fromHcl2Json);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [fromHcl2Json(k) as string, fromHcl2Json(v)]));
  }
  return value;
}

/** The JSON value an HclValue (without raw expressions) must parse back to. */
function expected(value: HclValue): unknown {
  if (typeof value === "string") return wellFormed(value);
  if (typeof value === "number") return Object.is(value, -0) ? 0 : value;
  if (Array.isArray(value)) return value.map(expected);
  if (value instanceof HclObject) return Object.fromEntries(value.entries.map(([k, v]) => [wellFormed(k), expected(v)]));
  return value;
}

async function parseAttributes(values: readonly HclValue[]): Promise<Record<string, unknown>> {
  const text = values.map((value, i) => `v${i} = ${renderHclValue(value)}\n`).join("");
  const json: unknown = await parse("values.tf", text);
  return fromHcl2Json(json) as Record<string, unknown>;
}

function expectRoundTrip(values: readonly HclValue[], parsed: Record<string, unknown>): void {
  values.forEach((value, i) => {
    // One message per failing case, so a failure in a batch of 200 names its input.
    expect(parsed[`v${i}`], `v${i}: ${JSON.stringify(value)} rendered as ${renderHclValue(value)}`).toEqual(expected(value));
  });
}

// Strings biased towards everything that needs escaping, mixed with arbitrary code points
// (lone surrogates included) and arbitrary UTF-16.
const trickyPiece = fc.oneof(
  fc.constantFrom("${", "%{", "$${", "%%{", "$", "%", "{", "}", "~}", "\\", '"', "\\n", "\n", "\r", "\t"),
  fc.constantFrom("\0", "\x1b", "\x7f", "\x85", "\u00a0", "\u00ad", "\u200d", "\u2028", "\u202e", "\ufeff"),
  fc.constantFrom("😀", "👍🏽", "👨‍👩‍👧", "é", "e\u0301", "中", "\u{e0001}", "\u{f0000}", "\ud800", "\udfff"),
  fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)),
  fc.string({ unit: "binary", maxLength: 4 }),
  fc.string({ maxLength: 6 }),
);
const trickyString = fc.array(trickyPiece, { maxLength: 12 }).map((pieces) => pieces.join(""));

const keyArb = fc.oneof(
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,10}$/),
  fc.constantFrom("for", "in", "if", "null", "true", "false", "", "__proto__", "a.b/c", "1"),
  trickyString,
);

const leafArb: fc.Arbitrary<HclValue> = fc.oneof(
  trickyString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

const { value: valueArb } = fc.letrec<{
  value: HclValue;
  list: HclValue;
  object: HclValue;
}>((tie) => ({
  value: fc.oneof({ depthSize: "small", maxDepth: 4 }, leafArb, tie("list"), tie("object")),
  list: fc.array(tie("value"), { maxLength: 5 }),
  object: fc
    // Unique as HCL sees keys (NFC, U+FFFD), or the emitter rightly throws on duplicates.
    .uniqueArray(fc.tuple(keyArb, tie("value")), {
      selector: ([key]) => wellFormed(key),
      maxLength: 5,
    })
    .map((entries) => new HclObject(entries)),
}));

const BATCH = 200;
const STRING_RUNS = 50; // 50 files x 200 attributes = 10,000 strings
const VALUE_RUNS = 25; // 25 files x 100 attributes = 2,500 nested values

describe("rendered values parse back to the same value (hcl2json)", () => {
  it(`${STRING_RUNS * BATCH} arbitrary strings, ${BATCH} per file`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(trickyString, { minLength: BATCH, maxLength: BATCH }), async (strings) => {
        expectRoundTrip(strings, await parseAttributes(strings));
      }),
      { numRuns: STRING_RUNS },
    );
  });

  it(`${VALUE_RUNS * 100} arbitrary nested lists and objects, 100 per file`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(valueArb, { minLength: 100, maxLength: 100 }), async (values) => {
        expectRoundTrip(values, await parseAttributes(values));
      }),
      { numRuns: VALUE_RUNS },
    );
  });
});

describe("rendered values are already canonical", () => {
  it("an attribute holding any rendered value is a fixed point of formatHcl", () => {
    fc.assert(
      fc.property(valueArb, (value) => {
        const text = `x = ${renderHclValue(value)}\n`;
        expect(formatHcl(text)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});
