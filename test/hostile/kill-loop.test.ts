/**
 * SIGKILL at random points while two specs take turns in one folder, through the real binary.
 * Each turn starts a build of the spec the folder does not hold and kills it: mostly at a
 * random moment after the build first touches the folder (it is writing: lock, journal,
 * staging, commit, tidying), otherwise at a random moment after it started; now and then a
 * second build of the other spec is killed over the first one's debris. After a kill:
 *
 * - every file under its own name is one spec's or the other's, whole (a leftover, the journal
 *   or the lock may be there too: nothing else);
 * - `--check` of the next spec reports the folder up to date exactly when it is that spec's
 *   clean tree with nothing else in it, and out of date otherwise (leftovers included);
 * - the next build (uncut) exits 0 and leaves a folder byte-identical to a clean build of its
 *   spec, with no leftover, journal or lock: never a refusal, never a wedged tree.
 *
 * HOSTILE_KILLS sets the number of kills (default 50; `npm run test:hostile` scales it up).
 */
import { watch } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { ensureBuilt } from "../cli/harness.js";
import { LEFTOVER } from "../../src/output/leftovers.js";
import { run, scaled, snapshot, specText, workspaceWithCleanBuilds, type Run } from "./writer-procs.js";

const KILLS = scaled("HOSTILE_KILLS", 50, 500);
/** Unlabelled workers against labelled ones: every turn creates or deletes patches/nodes/ whole. */
const SPECS = { "a.yaml": specText(24, false, 0), "b.yaml": specText(24, true, 1) };
const WRITER_FILES = new Set([".talos-hclgen.pending.json", ".talos-hclgen.lock"]);

let dir = "";
let clean = new Map<string, Record<string, string>>();
beforeAll(async () => {
  await ensureBuilt();
  ({ dir, clean } = await workspaceWithCleanBuilds(SPECS));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type When = { after: "start" | "first-write"; fraction: number };

/** Builds `spec` into infra/ and SIGKILLs it at `when`, scaled by the calibrated spans. */
async function killedBuild(spec: string, when: When, spans: { total: number; write: number }): Promise<Run> {
  const out = join(dir, "infra");
  let timer: NodeJS.Timeout | undefined;
  let watcher: ReturnType<typeof watch> | undefined;
  const result = await run(["build", spec, "-o", "infra", "--quiet"], dir, (child) => {
    const kill = () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    };
    if (when.after === "start") timer = setTimeout(kill, when.fraction * spans.total);
    else
      watcher = watch(out, () => {
        watcher?.close();
        watcher = undefined;
        timer = setTimeout(kill, when.fraction * spans.write);
      });
  });
  watcher?.close();
  clearTimeout(timer);
  return result;
}

/** Every file is one spec's or the other's, whole, or the writer's own debris. */
function expectOnlyWholeFiles(tree: Record<string, string>, context: string): boolean {
  let debris = false;
  for (const [path, contents] of Object.entries(tree)) {
    if (path.endsWith("/")) continue;
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (WRITER_FILES.has(path) || LEFTOVER.test(name) || path.split("/").some((s) => LEFTOVER.test(s))) {
      debris = true;
      continue;
    }
    const known = [...clean.values()].map((t) => t[path]);
    expect(known, `${context}: ${path} is neither spec's file`).toContain(contents);
  }
  return debris;
}

describe("SIGKILL at random points while two specs take turns in one folder", () => {
  it(`always ends, after the next build, in that spec's clean tree and nothing else (${KILLS} kills)`, async () => {
    const out = join(dir, "infra");
    const started = Date.now();
    // The folder starts as a's clean tree; calibrate how long a build takes, and how long it
    // writes (from its first touch of the folder to its exit).
    expect((await run(["build", "a.yaml", "-o", "infra"], dir)).exitCode).toBe(0);
    const spans = { total: 0, write: 0 };
    for (const spec of ["b.yaml", "a.yaml", "b.yaml", "a.yaml"]) {
      const t0 = Date.now();
      let first = 0;
      const watcher = watch(out, () => (first ||= Date.now()));
      const r = await run(["build", spec, "-o", "infra", "--quiet"], dir);
      watcher.close();
      expect(r.exitCode, r.stderr).toBe(0);
      spans.total += (Date.now() - t0) / 4;
      spans.write += (Date.now() - (first || t0)) / 4;
    }
    let current = "a.yaml";
    let kills = 0;
    let withDebris = 0;
    let changedTree = 0;
    let checks = 0;
    for (let turn = 0; kills < KILLS; turn++) {
      const next = current === "a.yaml" ? "b.yaml" : "a.yaml";
      const before = JSON.stringify(snapshot(out));
      for (const spec of Math.random() < 0.25 ? [next, current] : [next]) {
        const when: When = { after: Math.random() < 0.75 ? "first-write" : "start", fraction: Math.random() };
        const result = await killedBuild(spec, when, spans);
        const context = `turn ${turn}, kill of ${spec} ${when.fraction.toFixed(2)} after ${when.after}`;
        const killed = result.signal === "SIGKILL";
        if (killed) kills++;
        else expect(result.exitCode, `${context}: ${result.stderr}`).toBe(0);
        const tree = snapshot(out);
        if (expectOnlyWholeFiles(tree, context) && killed) withDebris++;
        if (JSON.stringify(tree) !== before && killed) changedTree++;
      }
      // Every other turn, --check must tell a clean tree from anything else.
      const tree = snapshot(out);
      if (turn % 2 === 0) {
        checks++;
        const isClean = JSON.stringify(tree) === JSON.stringify(clean.get(next));
        const check = await run(["build", next, "-o", "infra", "--check", "--quiet"], dir);
        expect(check.exitCode, `turn ${turn}: --check of ${next} on ${isClean ? "its clean tree" : "another tree"}\n${check.stdout}${check.stderr}`).toBe(
          isClean ? 0 : 1,
        );
      }
      const finish = await run(["build", next, "-o", "infra", "--quiet"], dir);
      expect(finish.exitCode, `turn ${turn}: the build after the kill\n${finish.stderr}`).toBe(0);
      expect(snapshot(out), `turn ${turn}: the tree after the build of ${next}`).toEqual(clean.get(next));
      current = next;
    }
    console.info(
      `${kills} SIGKILLs in ${((Date.now() - started) / 1000).toFixed(1)} s (build ~${spans.total.toFixed(0)} ms, writing ~${spans.write.toFixed(0)} ms); ` +
        `${changedTree} kills left the folder changed, ${withDebris} of them with debris (a leftover, the journal or the lock); ${checks} --check runs; every next build ended clean`,
    );
    // The kills must land while the folder is being written, not only before or after.
    expect(withDebris, "kills that left debris (they landed mid-write)").toBeGreaterThanOrEqual(Math.ceil(KILLS / 10));
  }, 1_800_000);
});
