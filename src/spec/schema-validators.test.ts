/**
 * The accepting validator in the CLI bundle and the explaining one loaded for refused specs
 * (scripts/precompile-schema.mjs) must agree on what is valid: the first decides whether a
 * spec goes on, the second only words why not. Checked on every fixture, and on each valid
 * fixture with every value in turn removed or replaced by a value of another type.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import accepts from "./generated/schema-accepts.js";
import { explainingValidator } from "./schema-validator.js";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");

function fixtureValues(): { name: string; value: unknown }[] {
  const values: { name: string; value: unknown }[] = [];
  for (const name of readdirSync(FIXTURES).sort()) {
    try {
      values.push({ name, value: parse(readFileSync(join(FIXTURES, name, "spec.yaml"), "utf8")) as unknown });
    } catch {
      // No spec.yaml, or one that is not YAML at all: the parse stage's fixture, not the schema's.
    }
  }
  return values;
}

/** Every variant of `value` with one value removed or swapped for one of another type. */
function* mutations(value: unknown): Generator<unknown> {
  if (value === null || typeof value !== "object") return;
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const without = structuredClone(value) as Record<string | number, unknown>;
    if (Array.isArray(without)) without.splice(key as number, 1);
    else delete without[key];
    yield without;
    for (const other of ["x", 7, true, null, [], {}]) {
      if (typeof other === typeof child && Array.isArray(other) === Array.isArray(child)) continue;
      const swapped = structuredClone(value) as Record<string | number, unknown>;
      swapped[key] = other;
      yield swapped;
    }
    for (const deeper of mutations(child)) {
      const nested = structuredClone(value) as Record<string | number, unknown>;
      nested[key] = deeper;
      yield nested;
    }
  }
}

describe("the two schema validators", () => {
  const explaining = explainingValidator();

  it("agree on every fixture, valid or not", () => {
    const fixtures = fixtureValues();
    expect(fixtures.length).toBeGreaterThan(80);
    const verdicts = fixtures.map(({ name, value }) => ({ name, accepts: accepts(value), explains: explaining(value) }));
    expect(verdicts.filter((v) => v.accepts !== v.explains)).toEqual([]);
    // Both kinds are there: the agreement is not all "valid".
    expect(new Set(verdicts.map((v) => v.accepts))).toEqual(new Set([true, false]));
  });

  it("agree on every one-value change of the valid fixtures", () => {
    let checked = 0;
    let refused = 0;
    const disagreements: string[] = [];
    for (const { name, value } of fixtureValues()) {
      if (!accepts(value)) continue;
      for (const variant of mutations(value)) {
        const verdict = accepts(variant);
        checked++;
        if (!verdict) refused++;
        if (verdict !== explaining(variant)) disagreements.push(`${name}: ${JSON.stringify(variant).slice(0, 200)}`);
      }
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
    expect(refused).toBeGreaterThan(checked / 2);
  });
});
