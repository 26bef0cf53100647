/**
 * The last line of `build --check` on an out-of-date tree: what to run. "Run the build" is
 * right only when the build would go through; when it would refuse (hand edits, a file it did
 * not write, something in the way, a replaced control plane), the check has already warned why
 * (build-check.ts, build-impact.ts), and the advice names what the build needs instead.
 */
import type { Diagnostic } from "../../diagnostics/diagnostic.js";

/** Conflicts --force gets past (plan-write.ts FORCEABLE). */
const FORCEABLE = new Set(["output/not-generated", "output/hand-edited", "output/hand-edited-stale", "output/unreadable-manifest"]);

export function checkAdvice(drifted: number, diagnostics: readonly Diagnostic[]): string {
  const trees = drifted === 1 ? "1 tree is" : `${drifted} trees are`;
  const refusals = diagnostics.filter((d) => d.severity === "warning");
  const forceable = refusals.some((d) => FORCEABLE.has(d.code));
  const blocked = refusals.some((d) => d.code.startsWith("output/") && !FORCEABLE.has(d.code));
  const replaces = refusals.some((d) => d.code === "cli/replaces-control-plane");
  if (!forceable && !blocked && !replaces) return `${trees} out of date; run the same build without --check to update\n`;
  const remedies: string[] = [];
  if (blocked) remedies.push("move what stands in the way (see the warnings above), which --force does not replace");
  if (forceable) remedies.push("move hand edits into the spec, or add --force to overwrite the files edited by hand or not written by talos-hclgen");
  if (replaces) remedies.push("add --allow-replace once replacing the control plane is intended");
  return `${trees} out of date, and the same build without --check would refuse to update it: ${remedies.join("; ")}\n`;
}
