/**
 * The injection property, shared by the per-base test files: any string in any string field
 * of the spec is either rejected with a positioned diagnostic (and no files), or compiles into
 * a tree where every .tf parses (hcl2json), every YAML file parses (as YAML 1.1, like go-yaml)
 * and holds only characters a YAML reader accepts raw, no path can leave the output folder, and
 * the injected string appears, intact, exactly where the base spec's marker appeared.
 *
 * HOSTILE_RUNS sets the number of injected strings per base file (default below); one
 * property run compiles SPECS_PER_RUN specs of up to INJECTIONS_PER_SPEC injections each, and
 * parses all their trees in as few hcl2json calls as possible.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compile } from "../../src/index.js";
import { HclParser } from "./hcl-batch.js";
import { compileBatch, SPEC_PATH, specText, type BatchOutcome } from "./injection.js";
import { checkLanding, findSites, type Site } from "./landing.js";
import { loadBase, ROOT, type Base, type Injection, type Slot } from "./slots.js";
import { asWritten, parseTree } from "./tree.js";

/** Values that select a behaviour rather than being data: `address: dhcp` drops the address. */
const KEYWORDS = new Set(["dhcp"]);

/**
 * Fields the model normalises before they reach the tree, as src/model does it: base URLs and
 * registry prefixes lose trailing slashes (normalize.ts, normalize-gitops.ts), and the
 * tofu-controller path loses leading "./" and trailing "/" (normalize-gitops.ts treePath).
 */
const withoutTrailingSlash = (v: string): string => v.replace(/\/+$/, "");
const NORMALIZED: Readonly<Record<string, (value: string) => string>> = {
  "spec.talos.factoryUrl": withoutTrailingSlash,
  "spec.talos.imageMirror": withoutTrailingSlash,
  "spec.talos.installerMirror": withoutTrailingSlash,
  "spec.gitops.flux.forge.gitea.url": withoutTrailingSlash,
  "spec.gitops.tofuController.path": (v) => {
    const bare = v.replace(/^(?:\.\/)+/, "").replace(/\/+$/, "");
    return bare === "." ? "" : bare;
  },
};

/** Quotes, backslashes, template openers, YAML indicators, controls, non-ASCII. */
const NEEDS_ESCAPING = /["'\\$%{}:#\u0000-\u001f\u007f-\uffff]/;

export const INJECTIONS_PER_SPEC = 40;
export const SPECS_PER_RUN = 5;

/**
 * The normal run injects DEFAULT_TOTAL strings over the inject-*.test.ts files. HOSTILE_RUNS
 * sets another total (`npm run test:hostile` asks for 200,000), and every hostile property
 * file scales its own default by the same factor.
 */
export const DEFAULT_TOTAL = 10_000;

export function casesPerFile(defaultCases: number): number {
  const total = Number(process.env["HOSTILE_RUNS"]);
  const scale = Number.isFinite(total) && total > 0 ? total / DEFAULT_TOTAL : 1;
  return Math.max(1, Math.round(defaultCases * scale));
}

/** A test timeout that grows with the number of cases (about 5 ms each on two cores). */
export function timeoutFor(cases: number): number {
  return Math.max(60_000, cases * 5);
}

/** Writes a failing spec where a developer can compile it again; returns its path. */
function keepFailure(text: string): string {
  const dir = join(ROOT, ".vitest-tmp", "hostile");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `failure-${process.pid}.yaml`);
  writeFileSync(path, text);
  return path;
}

export interface Prepared {
  base: Base;
  sites: Map<string, Site[]>;
  hcl: HclParser;
}

export async function prepare(name: string): Promise<Prepared> {
  const base = loadBase(name);
  const result = compile(specText(base.spec), { specPath: SPEC_PATH });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(`base ${name} does not compile: ${errors.map((d) => d.message).join("; ")}`);
  const hcl = new HclParser();
  const tree = await parseTree(result.files, hcl);
  return {
    base,
    sites: findSites(
      tree,
      base.slots.filter((s) => s.landing).map((s) => s.marker),
    ),
    hcl,
  };
}

export interface Tally {
  cases: number;
  rejected: number;
  compiled: number;
  skipped: number;
  compiles: number;
  /** Compiled injections holding a character some output syntax must escape. */
  hostileCompiled: number;
  /** Compiled injections per field: proof that hostile values do reach the templates. */
  compiledByField: Map<string, number>;
}

export function newTally(): Tally {
  return {
    cases: 0,
    rejected: 0,
    compiled: 0,
    skipped: 0,
    compiles: 0,
    hostileCompiled: 0,
    compiledByField: new Map(),
  };
}

/** Counterexamples print as `marker=value`, not as the slot's arbitrary. */
function printable(injection: Injection): Injection {
  return Object.assign(injection, {
    [fc.toStringMethod]: () => `${injection.slot.landing ? injection.slot.marker : injection.slot.field}=${JSON.stringify(injection.value)}`,
  });
}

function batchArbitrary(slots: readonly Slot[]): fc.Arbitrary<Injection[]> {
  const count = Math.min(INJECTIONS_PER_SPEC, slots.length);
  return fc
    .shuffledSubarray([...slots], { minLength: count, maxLength: count })
    .chain((chosen) => fc.tuple(...chosen.map((slot) => slot.values.map((value) => printable({ slot, value })))));
}

/** Runs the property over one base for `cases` injected strings. */
export async function runProperty(prepared: Prepared, cases: number, tally: Tally): Promise<void> {
  const perRun = SPECS_PER_RUN * Math.min(INJECTIONS_PER_SPEC, prepared.base.slots.length);
  const numRuns = Math.max(1, Math.ceil(cases / perRun));
  const runArbitrary = fc.array(batchArbitrary(prepared.base.slots), {
    minLength: SPECS_PER_RUN,
    maxLength: SPECS_PER_RUN,
  });
  await fc.assert(
    fc.asyncProperty(runArbitrary, async (batches) => {
      const outcomes: BatchOutcome[] = batches.map((batch) => compileBatch(prepared.base, batch));
      const trees = outcomes.flatMap((o) => o.compiled);
      // Parse every tree of this run first: hcl2json is cheapest in big batches.
      await prepared.hcl.parseAll(
        trees.flatMap((t, i) =>
          t.files
            .filter((f) => f.path.endsWith(".tf"))
            .map((f) => ({
              name: `${i}:${f.path}`,
              contents: asWritten(f.contents),
            })),
        ),
      );
      for (const compiled of trees) {
        try {
          const tree = await parseTree(compiled.files, prepared.hcl);
          checkLanding(
            tree,
            prepared.sites,
            // A keyword changes the shape around it (a DHCP NIC drops its gateway), so a tree
            // with one is only checked for parsing, not for where values landed.
            compiled.injections.some((i) => KEYWORDS.has(i.value))
              ? []
              : compiled.injections
                  .filter((i) => i.slot.landing)
                  .map((i) => ({
                    marker: i.slot.marker,
                    value: (NORMALIZED[i.slot.field] ?? ((v: string) => v))(i.value),
                  })),
          );
        } catch (error) {
          throw new Error(`${String(error)}\n(the spec: ${keepFailure(compiled.text)})`, { cause: error });
        }
      }
      for (const outcome of outcomes) {
        tally.rejected += outcome.rejected.length;
        tally.skipped += outcome.skipped.length;
        tally.compiles += outcome.compiles;
        for (const compiled of outcome.compiled) {
          tally.compiled += compiled.injections.length;
          for (const { slot, value } of compiled.injections) {
            tally.compiledByField.set(slot.field, (tally.compiledByField.get(slot.field) ?? 0) + 1);
            if (NEEDS_ESCAPING.test(value)) tally.hostileCompiled++;
          }
        }
      }
      tally.cases += batches.reduce((n, b) => n + b.length, 0);
    }),
    { numRuns, endOnFailure: process.env["HOSTILE_SHRINK"] === undefined },
  );
}

/**
 * The test body of an inject-<base>.test.ts file: the property over `defaultCases` injected
 * strings (HOSTILE_RUNS overrides), plus a check that hostile text really reached the tree.
 * `landsNowhere` lists the fields whose value, by design, appears nowhere as such (a class
 * name is resolved away; an address may only appear without its prefix length).
 */
export function describeInjection(name: string, defaultCases: number, landsNowhere: readonly string[] = []): void {
  const cases = casesPerFile(defaultCases);
  describe(`hostile strings in every string field of bases/${name}.yaml`, () => {
    let prepared: Prepared;
    beforeAll(async () => {
      prepared = await prepare(name);
    });

    it("has a landing site for every marker: the base tree shows where each value goes", () => {
      const nowhere = prepared.base.slots.filter((s) => s.landing && (prepared.sites.get(s.marker) ?? []).length === 0);
      expect(nowhere.map((s) => s.field).sort()).toEqual([...landsNowhere].sort());
      const markers = prepared.base.slots.filter((s) => s.landing).map((s) => s.marker);
      const nested = markers.flatMap((a) => markers.filter((b) => a !== b && b.includes(a)).map((b) => `${a} in ${b}`));
      expect(nested, "a marker inside another would be substituted twice").toEqual([]);
    });

    it(
      `${cases} injected strings are rejected with a positioned diagnostic or land intact`,
      async () => {
        const tally = newTally();
        await runProperty(prepared, cases, tally);
        expect(tally.cases).toBeGreaterThanOrEqual(cases);
        // Not vacuous: a good share compiled, and hostile text (quotes, `${`, controls, line
        // breaks, non-ASCII) was among what compiled.
        expect(tally.compiled).toBeGreaterThan(cases / 5);
        expect(tally.hostileCompiled).toBeGreaterThan(cases / 20);
      },
      timeoutFor(cases),
    );
  });
}
