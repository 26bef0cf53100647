// The seed convention of the property tests (test/property-seed.ts): every fc.assert runs
// from a seed that FC_SEED sets or the test draws, prints it when it fails, and replays the
// same counterexample from it.

import { execa } from "execa";
import fc from "fast-check";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { randomSeed, seedFromEnv, seedNote } from "./property-seed.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A property that fails on about one integer in five, reported without shrinking. */
function failing(options: fc.Parameters<[number]> = {}): string {
  try {
    fc.assert(
      fc.property(fc.integer(), (n) => n % 5 !== 0),
      { endOnFailure: true, ...options },
    );
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("the property did not fail");
}

const REPORT = /\{ seed: (-?[0-9]+), path: "([0-9:]*)", endOnFailure: true \}\nCounterexample: (\[[^\n]*\])/;

function report(message: string): {
  seed: number;
  path: string;
  counterexample: string;
} {
  const match = REPORT.exec(message);
  expect(match, message).not.toBeNull();
  return {
    seed: Number(match?.[1]),
    path: match?.[2] ?? "",
    counterexample: match?.[3] ?? "",
  };
}

describe("FC_SEED and FC_PATH", () => {
  it("are read as fast-check prints them", () => {
    expect(seedFromEnv({})).toBeUndefined();
    expect(seedFromEnv({ FC_SEED: "" })).toBeUndefined();
    expect(seedFromEnv({ FC_SEED: "1360504279" })).toEqual({
      seed: 1360504279,
      path: undefined,
    });
    expect(seedFromEnv({ FC_SEED: "-839543030", FC_PATH: "2:1:0" })).toEqual({
      seed: -839543030,
      path: "2:1:0",
    });
    expect(seedFromEnv({ FC_SEED: "-2147483648" })?.seed).toBe(-(2 ** 31));
    expect(seedFromEnv({ FC_SEED: "2147483647" })?.seed).toBe(2 ** 31 - 1);
  });

  it.each([
    [{ FC_SEED: "abc" }, /FC_SEED must be/],
    [{ FC_SEED: "1.5" }, /FC_SEED must be/],
    [{ FC_SEED: "2147483648" }, /FC_SEED must be/],
    [{ FC_SEED: "-2147483649" }, /FC_SEED must be/],
    [{ FC_SEED: "1", FC_PATH: "a:b" }, /FC_PATH must/],
    [{ FC_PATH: "3" }, /FC_PATH needs the FC_SEED/],
  ])("refuse %j rather than run from a random seed", (env, message) => {
    expect(() => seedFromEnv(env)).toThrow(message);
  });

  it("draw random seeds over the whole signed 32-bit range", () => {
    expect(randomSeed(() => 0)).toBe(-(2 ** 31));
    expect(randomSeed(() => 1 - 2 ** -53)).toBe(2 ** 31 - 1);
    expect(randomSeed(() => 0.5)).toBe(0);
  });

  it("print the rerun command", () => {
    expect(seedNote(-5, "src/format/x.test.ts", "a > b")).toBe(
      [
        'fast-check seed of "a > b": FC_SEED=-5',
        "  rerun: FC_SEED=-5 npx vitest run src/format/x.test.ts",
        '  add FC_PATH=<path> from the "{ seed, path }" line of the failure to replay its counterexample at once',
      ].join("\n"),
    );
  });
});

describe("every property runs from the test's seed (test/setup-property-seed.ts)", () => {
  const seeds: number[] = [];
  afterAll(() => {
    // Without FC_SEED each test draws its own: two tests never share their values by accident.
    if (seedFromEnv(process.env) === undefined) expect(new Set(seeds).size).toBe(seeds.length);
  });

  // FC_PATH replays one counterexample of one property: not this test's.
  it.skipIf(seedFromEnv(process.env)?.path !== undefined)("which fast-check prints when the property fails, and which replays it", () => {
    const configured = fc.readConfigureGlobal().seed;
    expect(configured).toBeTypeOf("number");
    seeds.push(configured ?? 0);
    const chosen = seedFromEnv(process.env);
    if (chosen !== undefined) expect(configured).toBe(chosen.seed);

    const first = report(failing());
    expect(first.seed).toBe(configured);
    // The same seed gives the same run; seed and path go straight to the counterexample.
    expect(report(failing({ seed: first.seed })).counterexample).toBe(first.counterexample);
    const replayed = failing({ seed: first.seed, path: first.path });
    expect(replayed).toContain("Property failed after 1 tests");
    expect(report(replayed).counterexample).toBe(first.counterexample);
  });

  it("and another test draws another", () => {
    seeds.push(fc.readConfigureGlobal().seed ?? 0);
  });
});

describe("through vitest", () => {
  async function probe(env: Record<string, string>): Promise<string> {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && !key.startsWith("FC_")));
    const result = await execa(
      process.execPath,
      // The probe (a property that fails) is no file of a normal run: its own config includes it.
      [join(ROOT, "node_modules", "vitest", "vitest.mjs"), "run", "--config", "test/property-seed.probe.config.ts"],
      {
        cwd: ROOT,
        env: {
          ...clean,
          ...env,
          NO_COLOR: "1",
          FORCE_COLOR: "0",
        },
        extendEnv: false,
        reject: false,
      },
    );
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.exitCode, output).toBe(1);
    return output;
  }

  it("a failure prints its seed, and FC_SEED with FC_PATH replays the same counterexample", async () => {
    const output = await probe({});
    const first = report(output);
    expect(output).toContain(`FC_SEED=${first.seed} npx vitest run test/property-seed.probe.ts`);
    const again = await probe({
      FC_SEED: String(first.seed),
      FC_PATH: first.path,
    });
    expect(again).toContain("Property failed after 1 tests");
    expect(report(again)).toEqual(first);
  }, 120_000);
});
