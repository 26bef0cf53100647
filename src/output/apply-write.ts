/**
 * applyWrite: carry out write plans, all or nothing as far as a filesystem allows.
 *
 * 1. Stage: every new or changed file (manifest included) is written to a temp file beside
 *    its final name. Any failure here (disk full, permissions) removes the temps and the
 *    folders made for them: the trees are exactly as they were.
 * 2. Commit: rename the temps over their final names, delete stale owned files and the
 *    folders they leave empty, and rename the manifest last, so a tree interrupted mid-commit
 *    still has the previous manifest and the next build sorts it out (identical files are
 *    adopted, see planWrite).
 */
import { readdirSync, renameSync, rmdirSync, unlinkSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import {
  ensureFolder,
  removeCreatedFolders,
  removeQuietly,
  writeTempBeside,
} from "./atomic-file.js";
import { errorMessage } from "./disk-entry.js";
import { MANIFEST_NAME } from "./paths.js";
import type { WritePlan } from "./plan-write.js";

export type ApplyResult =
  | { ok: true }
  | {
      ok: false;
      /** Absolute path the failing operation was about. */
      path: string;
      message: string;
      /** Absolute paths already replaced or deleted before the failure (empty if none). */
      changed: string[];
    };

interface Staged {
  temp: string;
  final: string;
}

interface StagedPlan {
  plan: WritePlan;
  files: Staged[];
  manifest: Staged | undefined;
}

export function applyWrite(plan: WritePlan): ApplyResult {
  return applyWrites([plan]);
}

/** Several trees at once (several specs): all are staged before any is committed. */
export function applyWrites(plans: readonly WritePlan[]): ApplyResult {
  for (const plan of plans) {
    if (plan.conflicts.length > 0)
      throw new Error(
        `applyWrite called with ${plan.conflicts.length} unresolved conflicts`,
      );
  }
  const createdFolders: string[] = [];
  const staged: StagedPlan[] = [];
  let current = "";
  try {
    for (const plan of plans) {
      const entry: StagedPlan = { plan, files: [], manifest: undefined };
      staged.push(entry);
      for (const action of plan.actions) {
        if (action.kind !== "create" && action.kind !== "update") continue;
        current = join(plan.outDir, action.path);
        ensureFolder(dirname(current), createdFolders);
        const temp = writeTempBeside(
          current,
          action.contents,
          action.kind === "update" ? action.mode : undefined,
        );
        const item = { temp, final: current };
        if (action.path === MANIFEST_NAME) entry.manifest = item;
        else entry.files.push(item);
      }
    }
  } catch (error) {
    discard(staged);
    removeCreatedFolders(createdFolders);
    return {
      ok: false,
      path: current,
      message: errorMessage(error),
      changed: [],
    };
  }
  return commit(staged);
}

function commit(staged: StagedPlan[]): ApplyResult {
  const changed: string[] = [];
  let current = "";
  try {
    for (const { plan, files, manifest } of staged) {
      for (const item of files) {
        current = item.final;
        renameSync(item.temp, item.final);
        item.temp = "";
        changed.push(item.final);
      }
      for (const action of plan.actions) {
        if (action.kind !== "delete") continue;
        current = join(plan.outDir, action.path);
        unlinkSync(current);
        changed.push(current);
        pruneEmptyFolders(dirname(current), plan.outDir);
      }
      if (manifest !== undefined) {
        current = manifest.final;
        renameSync(manifest.temp, manifest.final);
        manifest.temp = "";
        changed.push(manifest.final);
      }
    }
  } catch (error) {
    discard(staged);
    return { ok: false, path: current, message: errorMessage(error), changed };
  }
  return { ok: true };
}

/** Removes temps not yet renamed (a renamed one has its `temp` cleared). */
function discard(staged: readonly StagedPlan[]): void {
  for (const { files, manifest } of staged) {
    for (const item of [...files, ...(manifest ? [manifest] : [])])
      if (item.temp !== "") removeQuietly(item.temp);
  }
}

/**
 * Deleting the last file of a generated folder removes the folder too, up to the tree root.
 * Cosmetic, so a failure here (a racing editor, permissions) is not worth failing the build.
 */
function pruneEmptyFolders(folder: string, root: string): void {
  try {
    for (let dir = folder; dir.startsWith(root + sep); dir = dirname(dir)) {
      if (readdirSync(dir).length > 0) return;
      rmdirSync(dir);
    }
  } catch {
    // Leave the folder; see above.
  }
}
