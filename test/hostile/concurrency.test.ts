/**
 * Builds racing for one output folder, through the real binary: eight builds of eight
 * different specs started at once (parallel hooks, an editor's build-on-save meeting a hook),
 * round after round, the first round into a folder that does not exist yet (racing first
 * builds) and one round against a lock a killed build left. Every build must exit 0 (the
 * losers wait), and the folder must end byte-identical to a clean build of one of the specs,
 * with nothing else in it; `--check` of that spec must then pass, and of any other, report
 * drift, never a wedged ("hand-edited") tree.
 *
 * HOSTILE_ROUNDS sets the number of rounds (default 2, more under `npm run test:hostile`); a
 * last round prints what the waiting builds say.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../cli/harness.js";
import { run, scaled, snapshot, specText, workspaceWithCleanBuilds } from "./writer-procs.js";

const ROUNDS = scaled("HOSTILE_ROUNDS", 2, 20);
const BUILDS = 8;
/** Eight specs: two sizes of tree, labelled or not (a patches/nodes/ folder or none), four variants. */
const SPECS = Object.fromEntries(Array.from({ length: BUILDS }, (_, i) => [`s${i}.yaml`, specText(10 + i, i % 2 === 0, i >> 1)]));

let dir = "";
let clean = new Map<string, Record<string, string>>();
beforeAll(async () => {
  await ensureBuilt();
  ({ dir, clean } = await workspaceWithCleanBuilds(SPECS));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(`${BUILDS} builds of different specs into one folder at once`, () => {
  it(`end with one spec's whole tree and nothing else, ${ROUNDS} rounds`, async () => {
    const out = join(dir, "infra");
    const started = Date.now();
    let waited = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (round === 1) {
        // A lock a SIGKILLed build left behind: every build must take it over, one at a time.
        const dead = Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout);
        mkdirSync(out, { recursive: true });
        writeFileSync(join(out, ".talos-hclgen.lock"), JSON.stringify({ pid: dead, host: hostname(), started: "2001-02-03T04:05:06Z", nonce: "killed" }));
      }
      const names = Object.keys(SPECS);
      const results = await Promise.all(names.map((name) => run(["build", name, "-o", "infra", "--quiet"], dir)));
      results.forEach((r, i) => expect(r.exitCode, `round ${round}, ${names[i]}: ${r.stderr}`).toBe(0));
      waited += results.filter((r) => r.stderr.includes("waiting for it to finish")).length;
      const tree = snapshot(out);
      const winner = names.find((name) => JSON.stringify(clean.get(name)) === JSON.stringify(tree));
      expect(winner, `round ${round}: the folder is no spec's clean tree:\n${Object.keys(tree).join("\n")}`).toBeDefined();
      const check = await run(["build", winner!, "-o", "infra", "--check", "--quiet"], dir);
      expect(check.exitCode, check.stdout + check.stderr).toBe(0);
    }
    // Quiet builds print nothing while they wait: count the waits in a loud round.
    const names = Object.keys(SPECS);
    const loud = await Promise.all(names.map((name) => run(["build", name, "-o", "infra"], dir)));
    loud.forEach((r, i) => expect(r.exitCode, `last round, ${names[i]}: ${r.stderr}`).toBe(0));
    waited += loud.filter((r) => r.stderr.includes("waiting for it to finish")).length;
    const winner = names.find((name) => JSON.stringify(clean.get(name)) === JSON.stringify(snapshot(out)));
    expect(winner).toBeDefined();
    // Not wedged: another spec's build is out of date, and its build would go through.
    const drift = await run(["build", names.find((n) => n !== winner)!, "-o", "infra", "--check"], dir);
    expect(drift.exitCode, drift.stderr).toBe(1);
    expect(drift.stderr).toContain("run the same build without --check to update");
    expect(waited, "the builds must have met: some waited for another").toBeGreaterThan(0);
    console.info(`${ROUNDS + 1} rounds of ${BUILDS} concurrent builds in ${((Date.now() - started) / 1000).toFixed(1)} s; ${waited} builds said they waited`);
  }, 600_000);
});
