/** `build --check`: compare every tree with what build would write; never writes. */
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { checkTree } from "../../output/check-tree.js";
import { conflictDiagnostic } from "../conflict-diagnostics.js";
import type { Target } from "./build-compile.js";
import { sortFiles, type CheckStatus, type FileReport, type TreeReport } from "./build-report.js";

export interface CheckOutcome {
  trees: TreeReport[];
  /** What the same build without --check would refuse, as warnings (checkAdvice reads them). */
  diagnostics: Diagnostic[];
}

/** `staleLocks`: output folders whose lock a killed build left (reported as leftovers). */
export function checkTargets(targets: readonly Target[], staleLocks: ReadonlySet<string> = new Set()): CheckOutcome {
  const diagnostics: Diagnostic[] = [];
  const trees = targets.map((target) => {
    const result = checkTree(target.outDir, target.files, {
      labelPrefix: target.prefix,
      staleLock: staleLocks.has(target.outDir),
    });
    const files: FileReport[] = [];
    const add = (status: CheckStatus, paths: readonly string[]): void => {
      for (const path of paths) files.push({ path: `${target.prefix}${path}`, status });
    };
    add("changed", result.changed);
    add("missing", result.missing);
    add("extra", result.extra);
    add("leftover", result.leftover);
    add("unchanged", result.unchanged);
    for (const conflict of result.refusals) {
      const refused = conflictDiagnostic(conflict, target.prefix, target.label);
      diagnostics.push({ ...refused, severity: "warning", message: `${refused.message}: build will refuse it` });
    }
    return {
      spec: target.spec.display,
      outDir: target.label,
      files: sortFiles(files),
      diff: result.diff,
    };
  });
  return { trees, diagnostics };
}
