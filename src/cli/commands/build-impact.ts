/**
 * What a rebuilt tree does to running machines (src/lock/impact.ts), for `build` and `--check`:
 * the tree's machines.lock.json as it is on disk against the one the build makes. A build that
 * would hurt the cluster is refused (src/lock/impact-guards.ts): outright when it never works,
 * or unless --allow-replace / --allow-restart say the operator means it. --check warns instead.
 */
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { impactRefusals, type GuardFlag, type Refusal } from "../../lock/impact-guards.js";
import { describeRollout } from "../../lock/impact-text.js";
import { isQuiet, rolloutImpact, type RolloutImpact } from "../../lock/impact.js";
import { MACHINES_LOCK, parseMachinesLock } from "../../lock/machines-lock.js";
import { PLATFORMS } from "../../platforms/index.js";
import type { Target } from "./build-compile.js";

export interface TargetImpact {
  /** One line per node and per cluster-wide step, in rollout order (impact-text.ts). */
  lines: string[];
  /** The same, as data, for --json; undefined when nothing changes. */
  rollout?: RolloutImpact;
  refusals: Refusal[];
}

export function targetImpact(target: Target): TargetImpact {
  const none: TargetImpact = { lines: [], refusals: [] };
  // A first build has no earlier lock: nothing to compare, so the new one is not parsed either.
  const previous = parseMachinesLock(target.previousLock);
  if (previous === undefined) return none;
  const next = parseMachinesLock(target.files.find((f) => f.path === MACHINES_LOCK)?.contents);
  if (next === undefined) return none;
  const platform = PLATFORMS[next.platform].lock;
  const rollout = rolloutImpact(previous, next, platform);
  if (isQuiet(rollout)) return none;
  return { lines: describeRollout(rollout, platform), rollout, refusals: impactRefusals(rollout, platform) };
}

/** The refusals the flags do not lift, as diagnostics: errors for a build, warnings for --check. */
export function refusalDiagnostics(target: Target, impact: TargetImpact, flags: ReadonlySet<GuardFlag>, check: boolean): Diagnostic[] {
  return impact.refusals
    .filter((refusal) => refusal.unless === undefined || !flags.has(refusal.unless))
    .map((refusal) => ({
      code: refusal.code,
      severity: check || refusal.warning === true ? "warning" : "error",
      file: target.spec.display,
      message: `${target.label}: ${refusal.message}${check && refusal.warning !== true ? ": build will refuse it" : ""}`,
      hint: refusal.unless === undefined ? refusal.hint : `${refusal.hint}; to go ahead anyway, build with --${refusal.unless}`,
    }));
}
