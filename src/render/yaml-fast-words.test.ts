import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fastYaml, PLAIN_WORD } from "./yaml-fast.js";
import { emitYamlWithPackage } from "./yaml.js";

// yaml-fast.ts writes the words PLAIN_WORD matches plain without running the YAML 1.1 tag
// tests. Compare such words, and their neighbours that must take the tests (a first letter
// that starts a null, boolean or number), with the package.
const WORDS = [
  "y",
  "Y",
  "n",
  "N",
  "yes",
  "Yes",
  "YES",
  "no",
  "No",
  "NO",
  "on",
  "On",
  "ON",
  "off",
  "Off",
  "OFF",
  "true",
  "True",
  "TRUE",
  "false",
  "False",
  "FALSE",
  "null",
  "Null",
  "NULL",
  "nan",
  "inf",
  "e1",
  "E1",
  "e",
  "x",
  "b",
  "o",
  "O",
  "t",
  "f",
  "_",
  "a-",
  "a.",
  "a/",
  "a--",
  "a...",
  "a/b/c",
  "v1alpha1",
  "wk-1",
  "cp-1",
  "HostnameConfig",
  "a".repeat(1024),
  "a".repeat(1025),
];
const word = fc.oneof(fc.constantFrom(...WORDS), fc.stringMatching(/^[A-Za-z][\w./-]{0,12}$/), fc.stringMatching(/^[A-Za-z][\w./:#' -]{0,6}$/));

function expectSame(document: unknown): void {
  for (const sortKeys of [false, true]) {
    const fast = fastYaml(document, sortKeys);
    if (fast !== undefined) expect(fast).toBe(emitYamlWithPackage(document, { sortKeys }));
  }
}

describe("fastYaml on words", () => {
  it("writes what the yaml package writes, as keys, values and list items", () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        expectSame({ [a]: b, [b]: [a] });
        expectSame([a, { [b]: a }]);
      }),
      { numRuns: 5000 },
    );
  });

  it("takes the fast path for words that read as nothing but strings", () => {
    fc.assert(
      fc.property(fc.stringMatching(PLAIN_WORD), (w) => {
        expect(fastYaml({ [w]: w }, false)).toBe(`${w}: ${w}\n`);
        expect(emitYamlWithPackage({ [w]: w }, { sortKeys: false })).toBe(`${w}: ${w}\n`);
      }),
      { numRuns: 5000 },
    );
  });

  it.each(WORDS)("%s", (w) => {
    expectSame({ [w]: w });
    expectSame([w]);
  });
});
