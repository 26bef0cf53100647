#!/usr/bin/env node
// `npm run update`: rewrites every generated artefact the tests compare against, in one run:
// golden/ (and rendered/, test/import/*/expected/) through test/update/, docs/spec-reference.md
// and docs/diagnostics.md (test/docs.test.ts), and the hostile corpus's *.expected.txt
// (test/hostile/corpus.test.ts). Refused under CI: these are reviewed like code, never
// regenerated to make a build pass. Read `npm run golden:diff` afterwards.
import { spawnSync } from "node:child_process";

const ci = process.env.CI;
if (ci !== undefined && ci !== "" && ci !== "0" && ci.toLowerCase() !== "false") {
  console.error(`update is refused under CI (CI=${process.env.CI}): generated artefacts are reviewed, not regenerated`);
  process.exit(2);
}
const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run("node", ["scripts/build.mjs"]);
run("npx", ["vitest", "run", "--config", "vitest.update.config.ts"]);
run("npx", ["vitest", "run", "test/docs.test.ts", "test/hostile/corpus.test.ts"], { UPDATE_DOCS: "1", HOSTILE_CORPUS_UPDATE: "1" });
console.error("golden/, rendered/, test/import/, docs/ and test/hostile/corpus/ updated: read `npm run golden:diff` before committing.");
