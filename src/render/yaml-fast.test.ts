import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fastYaml } from "./yaml-fast.js";
import { emitYamlWithPackage } from "./yaml.js";

// Strings that take every branch of yaml's plainString: indicators, `: ` and ` #`, YAML 1.1
// booleans, numbers, sexagesimals, timestamps, nulls, merge keys, document markers, quotes,
// backslashes, line breaks, controls and non-ASCII (the last ones must fall back).
const TRICKY = [
  "",
  " ",
  "a",
  "-",
  "?",
  ":",
  "- a",
  "? a",
  "-a",
  "a-",
  "a:",
  "a:b",
  "a: b",
  "a #b",
  "a#b",
  "#a",
  "&a",
  "*a",
  "!a",
  "|",
  ">",
  "'",
  '"',
  "%a",
  "@a",
  "`a",
  ",a",
  "[a",
  "a]",
  "{a",
  "a}",
  "a,b",
  "a b",
  " a",
  "a ",
  "yes",
  "Yes",
  "no",
  "NO",
  "on",
  "Off",
  "y",
  "n",
  "Y",
  "true",
  "False",
  "null",
  "Null",
  "~",
  "0",
  "-1",
  "+1",
  "007",
  "0o7",
  "0x1F",
  "0b101",
  "0O17",
  "+0X1f",
  "0B1",
  "0b_1",
  "-0x_",
  "1_000",
  "1e3",
  "1.5",
  ".5",
  ".inf",
  "-.Inf",
  ".nan",
  "12:30",
  "190:20:30",
  "2001-12-14",
  "2001-12-14t21:59:43.10-05:00",
  "<<",
  "=",
  "---",
  "...",
  "--- a",
  "a\nb",
  "a\tb",
  "it's",
  'say "hi"',
  "back\\slash",
  "é",
  "\u0001",
  "\u0085",
  "10.40.1.5/16",
  "bc:24:11:aa:bb:cc",
  "/dev/sda",
  "v1alpha1",
  "0.0.0.0/0",
  "https://x.example:8006/",
  "a".repeat(1030),
];

const text = fc.oneof(fc.constantFrom(...TRICKY), fc.string({ maxLength: 12 }), fc.string({ unit: "binary", maxLength: 6 }));
const scalar = fc.oneof(text, fc.integer(), fc.constantFrom(0, -0, 1.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY), fc.boolean(), fc.constant(null));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, scalar, tie("list"), tie("map")),
  list: fc.array(tie("value"), { maxLength: 4 }),
  map: fc.dictionary(text, tie("value"), { maxKeys: 4 }),
}));

describe("fastYaml", () => {
  it("writes exactly what the yaml package writes, or declines", () => {
    let taken = 0;
    fc.assert(
      fc.property(value, fc.boolean(), (document, sortKeys) => {
        const fast = fastYaml(document, sortKeys);
        if (fast === undefined) return;
        taken++;
        expect(fast).toBe(emitYamlWithPackage(document, { sortKeys }));
      }),
      { numRuns: 3000 },
    );
    // The comparison means little if the fast path almost never applies.
    expect(taken).toBeGreaterThan(600);
  });

  it.each([
    [
      "a Talos-like patch",
      {
        machine: {
          network: {
            hostname: "wk-1",
            interfaces: [
              { deviceSelector: { hardwareAddr: "bc:24:11:aa:bb:cc" }, addresses: ["10.40.1.5/16"], routes: [{ network: "0.0.0.0/0", gateway: "10.40.0.1" }] },
            ],
          },
          install: { disk: "/dev/sda", wipe: false, extensions: [], extra: {} },
        },
      },
    ],
    ["YAML 1.1 words", { auto: "off", yes: "y", port: 6443, nothing: null, list: [[], {}, [1, [2]], { a: ["b"] }] }],
    ["a top-level list", [{ a: 1 }, "x", ["y"]]],
    ["an empty map", {}],
    ["a scalar", "plain"],
  ])("takes the fast path for %s, with the same bytes", (_name, document) => {
    for (const sortKeys of [false, true]) {
      expect(fastYaml(document, sortKeys)).toBe(emitYamlWithPackage(document, { sortKeys }));
    }
  });

  it.each([
    ["a multi-line string", { a: "x\ny" }],
    ["a control character", { a: "x\u0007" }],
    ["non-ASCII", { a: "é" }],
    ["a fraction", { a: 1.5 }],
    ["an undefined value", { a: undefined }],
    ["a document marker", "--- x"],
    ["a Date", { a: new Date(0) }],
  ])("declines %s", (_name, document) => {
    expect(fastYaml(document, false)).toBeUndefined();
  });
});
