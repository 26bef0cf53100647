/**
 * Seeds for the fast-check properties (every fc.assert in src/ and test/), so that a failure
 * can be replayed. test/setup-property-seed.ts applies this to every test:
 *
 *   FC_SEED=<int32>  every property starts from this seed (otherwise each test draws a random
 *                    one of its own);
 *   FC_PATH=<path>   with FC_SEED, replays the counterexample at this path at once, without
 *                    the runs before it or shrinking.
 *
 * Both are printed on failure: fast-check's message says `{ seed: …, path: "…" }`, and the
 * setup adds the FC_SEED line to rerun with, also for failures fast-check does not report
 * (a test that times out mid-property). The environment the test ran with (HOSTILE_RUNS)
 * still has to be given again.
 */

export interface SeedChoice {
  readonly seed: number;
  readonly path: string | undefined;
}

const INT32 = /^-?[0-9]{1,10}$/;
const PATH = /^[0-9]+(?::[0-9]+)*$/;

/**
 * FC_SEED and FC_PATH from `env`, or undefined if FC_SEED is unset. A malformed value is an
 * error, not a silent random run: the developer means to replay something.
 */
export function seedFromEnv(env: NodeJS.ProcessEnv): SeedChoice | undefined {
  const seed = env["FC_SEED"];
  const path = env["FC_PATH"];
  if (seed === undefined || seed === "") {
    if (path !== undefined && path !== "") throw new Error("FC_PATH needs the FC_SEED it was printed with");
    return undefined;
  }
  const value = Number(seed);
  // fast-check prints seeds as signed 32-bit integers; another value would not be the one
  // it runs with.
  if (!INT32.test(seed) || value < -(2 ** 31) || value >= 2 ** 31)
    throw new Error(`FC_SEED must be a signed 32-bit integer, as fast-check prints it; got ${JSON.stringify(seed)}`);
  if (path !== undefined && path !== "" && !PATH.test(path))
    throw new Error(`FC_PATH must look like "3:0:1", as fast-check prints it; got ${JSON.stringify(path)}`);
  return { seed: value, path: path === "" ? undefined : path };
}

/** A random signed 32-bit seed, like fast-check's own default. */
export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * 2 ** 32) - 2 ** 31;
}

/** What a failed test prints: the seed it ran with and how to run its file from it. */
export function seedNote(seed: number, file: string, test: string): string {
  return [
    `fast-check seed of "${test}": FC_SEED=${seed}`,
    `  rerun: FC_SEED=${seed} npx vitest run ${file}`,
    `  add FC_PATH=<path> from the "{ seed, path }" line of the failure to replay its counterexample at once`,
  ].join("\n");
}
