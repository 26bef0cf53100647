/**
 * `build` without --check: plan every tree, refuse if any has a conflict (nothing written,
 * for any spec), then write them all at once.
 */
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { applyWrites } from "../../output/apply-write.js";
import { planWrite, type WritePlan } from "../../output/plan-write.js";
import { conflictDiagnostic } from "../conflict-diagnostics.js";
import { displayPath } from "../spec-inputs.js";
import type { Target } from "./build-compile.js";
import { sortFiles, type FileReport, type TreeReport } from "./build-report.js";

export interface WriteOutcome {
  trees: TreeReport[];
  diagnostics: Diagnostic[];
}

/** `readOnly`: output folders on a read-only file system (build-lock.ts): refused if they need a write. */
export function writeTargets(targets: readonly Target[], force: boolean, cwd: string, readOnly: ReadonlySet<string> = new Set()): WriteOutcome {
  const planned = targets.map((target) => ({
    target,
    plan: planWrite(target.outDir, target.files, { force }),
  }));
  const conflicts = planned.flatMap(({ target, plan }) => plan.conflicts.map((c) => conflictDiagnostic(c, target.prefix, target.label)));
  if (conflicts.length > 0) return { trees: [], diagnostics: conflicts };
  const unwritable = planned.filter(({ target, plan }) => readOnly.has(target.outDir) && plan.actions.some((a) => a.kind !== "unchanged"));
  if (unwritable.length > 0) return { trees: [], diagnostics: unwritable.map(({ target, plan }) => readOnlyFolder(target, plan)) };
  const applied = applyWrites(planned.map((p) => p.plan));
  if (!applied.ok) {
    const done = applied.changed.length;
    const diagnostic: Diagnostic = {
      code: "output/write-failed",
      severity: "error",
      file: displayPath(cwd, applied.path),
      message: `cannot write: ${applied.message}`,
      hint:
        done === 0
          ? "nothing was changed; fix the cause and rerun"
          : // applyWrite rolls a failed commit back; these are the files it could not restore.
            `${done} files could not be put back as they were (their old contents are kept beside them as .<name>.*.bak); fix the cause and rerun to finish`,
    };
    return { trees: [], diagnostics: [diagnostic] };
  }
  return {
    trees: planned.map(({ target, plan }) => treeReport(target, plan)),
    diagnostics: [],
  };
}

function readOnlyFolder(target: Target, plan: WritePlan): Diagnostic {
  const changes = plan.actions.filter((a) => a.kind !== "unchanged").length;
  return {
    code: "output/read-only",
    severity: "error",
    file: target.label,
    message: `the folder is on a read-only file system, and this build would change ${changes} ${changes === 1 ? "file" : "files"} in it`,
    hint: "nothing was written; build where the folder is writable, or see what would change with --check",
  };
}

function treeReport(target: Target, plan: WritePlan): TreeReport {
  const files = plan.actions.map((action): FileReport => {
    const path = `${target.prefix}${action.path}`;
    if (action.kind === "unchanged") return { path, status: "unchanged" };
    const status = action.kind === "delete" ? "deleted" : "written";
    return action.kind !== "create" && action.forced ? { path, status, forced: true } : { path, status };
  });
  return {
    spec: target.spec.display,
    outDir: target.label,
    files: sortFiles(files),
  };
}
