/**
 * Every test file starts here too (vitest setupFiles): the fast-check seed of each test, as
 * test/property-seed.ts describes (FC_SEED, FC_PATH). It is set through fast-check's global
 * configuration, so every fc.assert follows it without passing it: those that name no seed
 * (all of them) run from it, and fast-check prints it in its failure message.
 */
import fc from "fast-check";
import { relative } from "node:path";
import { beforeEach } from "vitest";
import { randomSeed, seedFromEnv, seedNote } from "./property-seed.js";

const chosen = seedFromEnv(process.env);
const base = fc.readConfigureGlobal();
// fast-check leaves `path` out of GlobalParameters, as it names a run of one property, but
// fc.assert spreads the global configuration under its own parameters as is, so it applies
// (fast-check 4.10.2; test/property-seed.test.ts replays a failure through it).
const configure = (seed: number): void =>
  fc.configureGlobal(chosen?.path === undefined ? { ...base, seed } : ({ ...base, seed, path: chosen.path } as fc.GlobalParameters));

// Arbitraries sampled while the file is collected follow FC_SEED too.
if (chosen !== undefined) configure(chosen.seed);

beforeEach(({ task, onTestFailed }) => {
  // A seed per test, not per file: two tests over the same arbitrary then see other values.
  const seed = chosen?.seed ?? randomSeed();
  configure(seed);
  onTestFailed(() => {
    console.error(seedNote(seed, relative(process.cwd(), task.file.filepath), task.fullTestName));
  });
});
