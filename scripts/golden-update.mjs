#!/usr/bin/env node
// Rewrites golden/ from fixtures/ through the golden tests. Refused under CI: goldens are
// reviewed like code, never regenerated to make a build pass.
import { spawnSync } from "node:child_process";

if (process.env.CI) {
  console.error("golden:update is refused under CI (CI is set)");
  process.exit(2);
}
const build = spawnSync("node", ["scripts/build.mjs"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync("npx", ["vitest", "run", "--config", "vitest.update.config.ts"], { stdio: "inherit" });
console.error("golden/ and rendered/ updated: read the diff (git diff golden/ rendered/) before committing.");
process.exit(run.status ?? 1);
