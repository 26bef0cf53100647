/**
 * The free-form parts of a spec (Talos patches, Helm values) take any YAML value, not only
 * strings: nested lists and maps with hostile keys, numbers YAML spells specially (.inf, .nan,
 * -0, 1e300), nulls, booleans. Whatever the value, compile() either rejects the spec with
 * positioned errors and no files, or writes it out intact: the patch file and the values file
 * read back (as YAML 1.1 and 1.2 alike) to exactly the value the spec held, and every file of
 * the tree passes the checks of tree.ts.
 */
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/index.js";
import { HclParser } from "./hcl-batch.js";
import { hostileString } from "./hostile-strings.js";
import { SPEC_PATH, specText } from "./injection.js";
import { casesPerFile, timeoutFor } from "./property.js";
import { loadBase } from "./slots.js";
import { parseTree } from "./tree.js";

const CASES = Math.ceil(casesPerFile(600) / 4);

const key = fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor", "<<", "", "~", "null", "yes", "0o17", "1e3", "a.b", "-"));
const scalar = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1e300, -1e-300, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", maxDepth: 5 }, scalar, tie("list"), tie("map")),
  list: fc.array(tie("value"), { maxLength: 4 }),
  map: fc.dictionary(key, tie("value"), { maxKeys: 4 }),
}));

/** The spec as a YAML writer would store it: -0 and the like survive, keys are own keys. */
function specWith(patch: unknown, values: unknown): string {
  const base = structuredClone(loadBase("hcloud").spec) as {
    spec: Record<string, unknown>;
  };
  base.spec["patches"] = { common: [{ machine: { zz: patch } }] };
  (base.spec["cni"] as { cilium: { values: Record<string, unknown> } }).cilium.values = { zz: values };
  return specText(base);
}

/** Reading YAML cannot tell -0 from 0 everywhere, and NaN is only equal to itself by Object.is. */
function sameValue(actual: unknown, expected: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(actual, replacer)), JSON.parse(JSON.stringify(expected, replacer)));
}

function replacer(_key: string, v: unknown): unknown {
  if (typeof v === "number" && !Number.isFinite(v)) return `number:${v}`;
  if (Object.is(v, -0)) return 0;
  return v;
}

describe("any value in a free-form field (patches, Helm values)", () => {
  it(
    `${CASES * 4} values are rejected with positioned errors or written out intact`,
    async () => {
      const hcl = new HclParser();
      let written = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(value, value), { minLength: 4, maxLength: 4 }), async (pairs) => {
          for (const [patch, values] of pairs) {
            const text = specWith(patch, values);
            const result = compile(text, { specPath: SPEC_PATH });
            const errors = result.diagnostics.filter((d) => d.severity === "error");
            if (errors.length > 0) {
              expect(result.files).toEqual([]);
              for (const d of errors) expect(d.span?.pos.line, JSON.stringify(d)).toBeGreaterThan(0);
              continue;
            }
            written++;
            const tree = await parseTree(result.files, hcl);
            const patchFile = tree.get("patches/common.user-1.yaml")?.value as Array<{ machine: { zz: unknown } }>;
            const valuesFile = tree.get("values/cilium.yaml")?.value as Array<{ zz: unknown }>;
            expect(sameValue(patchFile[0]?.machine.zz, patch), `patch ${JSON.stringify(patch)}`).toBe(true);
            expect(sameValue(valuesFile[0]?.zz, values), `values ${JSON.stringify(values)}`).toBe(true);
          }
        }),
        {
          numRuns: CASES,
          endOnFailure: process.env["HOSTILE_SHRINK"] === undefined,
        },
      );
      expect(written).toBeGreaterThan(CASES);
    },
    timeoutFor(CASES * 40),
  );
});
