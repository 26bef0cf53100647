/**
 * What a rebuilt tree does to running machines (src/lock/impact.ts), for `build` and `--check`:
 * the tree's machines.lock.json as it is on disk against the one the build makes. A build that
 * would replace a control plane is refused unless --allow-replace: a replaced control plane is
 * a new etcd member on a wiped disk, and several at once lose quorum.
 */
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { describeImpact, foldImpacts, machineImpact } from "../../lock/impact.js";
import { MACHINES_LOCK, parseMachinesLock } from "../../lock/machines-lock.js";
import { PLATFORMS } from "../../platforms/index.js";
import type { Target } from "./build-compile.js";

export interface TargetImpact {
  lines: string[];
  /** Control planes the rebuilt tree replaces. */
  replacedControlPlanes: string[];
}

export function targetImpact(target: Target): TargetImpact {
  const none: TargetImpact = { lines: [], replacedControlPlanes: [] };
  // A first build has no earlier lock: nothing to compare, so the new one is not parsed either.
  const previous = parseMachinesLock(target.previousLock);
  if (previous === undefined) return none;
  const next = parseMachinesLock(target.files.find((f) => f.path === MACHINES_LOCK)?.contents);
  if (next === undefined) return none;
  const impacts = foldImpacts(machineImpact(previous, next, PLATFORMS[next.platform].lock));
  return {
    lines: describeImpact(impacts, next),
    replacedControlPlanes: impacts.filter((i) => i.kind === "replace" && i.controlPlane).flatMap((i) => i.nodes),
  };
}

export function replaceRefused(target: Target, nodes: readonly string[], check: boolean): Diagnostic {
  return {
    code: "cli/replaces-control-plane",
    severity: check ? "warning" : "error",
    file: target.spec.display,
    message: `the rebuilt ${target.label} replaces control plane${nodes.length === 1 ? "" : "s"} ${nodes.join(", ")}${check ? ": build will refuse it" : ""}`,
    hint: "a replaced control plane joins etcd again from an empty disk; replace one at a time, and only then build with --allow-replace",
  };
}
