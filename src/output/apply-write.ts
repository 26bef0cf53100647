/**
 * applyWrite: carry out write plans, all or nothing as far as a filesystem allows.
 *
 * 1. Stage: every new or changed file (manifest included) is written to a temp file beside
 *    its final name. Any failure here (disk full, permissions) removes the temps and the
 *    folders made for them: the trees are exactly as they were.
 * 2. Commit: place the journal (the new manifest, under JOURNAL_NAME), rename the temps over
 *    their final names, delete stale owned files and the folders they leave empty, rename the
 *    manifest last, and remove the journal. Every replaced or deleted file is
 *    backed up first (undo-log.ts), so a failure half way puts the trees back as they were. A
 *    process killed mid-commit cannot roll back: its trees hold old and complete new files,
 *    never a half-written one, the previous manifest and the journal, so the next build, of
 *    this spec or another, knows every file it finds there (planWrite) and removes the
 *    leftover temporary files (stale-temps.ts).
 */
import { readdirSync, renameSync, rmdirSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import {
  ensureFolder,
  removeCreatedFolders,
  removeQuietly,
  writeTempBeside,
} from "./atomic-file.js";
import { errorMessage } from "./disk-entry.js";
import { JOURNAL_NAME, MANIFEST_NAME } from "./paths.js";
import type { WritePlan } from "./plan-write.js";
import { discardStage, isFreshTree, stageFreshTree, type FreshStage } from "./fresh-tree.js";
import { removeStaleTemps } from "./stale-temps.js";
import { UndoLog } from "./undo-log.js";

export type ApplyResult =
  | { ok: true }
  | {
      ok: false;
      /** Absolute path the failing operation was about. */
      path: string;
      message: string;
      /**
       * Absolute paths left changed by the failure: empty when every file was put back (the
       * commit rolls back), else those whose old contents could not be restored.
       */
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
  /** A first build: the whole tree staged in a sibling folder (fresh-tree.ts). */
  fresh?: FreshStage;
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
  const readyFolders = new Set<string>();
  const staged: StagedPlan[] = [];
  let current = "";
  try {
    for (const plan of plans) {
      const entry: StagedPlan = { plan, files: [], manifest: undefined };
      staged.push(entry);
      if (isFreshTree(plan)) {
        current = plan.outDir;
        entry.fresh = stageFreshTree(plan, createdFolders);
        continue;
      }
      for (const action of plan.actions) {
        if (action.kind !== "create" && action.kind !== "update") continue;
        current = join(plan.outDir, action.path);
        const folder = dirname(current);
        // One check per folder, not per file: a node-per-file tree puts ~1,000 in one folder.
        if (!readyFolders.has(folder)) {
          ensureFolder(folder, createdFolders);
          readyFolders.add(folder);
        }
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
    return abandon(staged, createdFolders, current, error, []);
  }
  return commit(staged, createdFolders);
}

function commit(
  staged: StagedPlan[],
  createdFolders: readonly string[],
): ApplyResult {
  const log = new UndoLog();
  const deleted: Array<{ path: string; outDir: string }> = [];
  let current = "";
  try {
    for (const { plan, files, manifest, fresh } of staged) {
      if (fresh !== undefined) {
        current = fresh.final;
        log.placeTree(fresh.stage, fresh.final);
        fresh.placed = true;
        continue;
      }
      const existing = new Set(
        plan.actions
          .filter((a) => a.kind === "update")
          .map((a) => join(plan.outDir, a.path)),
      );
      const manifestAction = plan.actions.find((a) => a.path === MANIFEST_NAME);
      if (manifestAction !== undefined && (manifestAction.kind === "create" || manifestAction.kind === "update")) {
        // The journal first (temp, then rename, like every file): should this process die
        // before the manifest is placed, the next build still knows which of the files it
        // finds here talos-hclgen wrote.
        current = join(plan.outDir, JOURNAL_NAME);
        const temp = writeTempBeside(current, manifestAction.contents);
        try {
          renameSync(temp, current);
        } catch (error) {
          removeQuietly(temp);
          throw error;
        }
        log.created(current);
      }
      for (const item of files) {
        current = item.final;
        log.replace(item.temp, item.final, existing.has(item.final));
        item.temp = "";
      }
      for (const action of plan.actions) {
        if (action.kind !== "delete") continue;
        current = join(plan.outDir, action.path);
        log.remove(current);
        deleted.push({ path: current, outDir: plan.outDir });
      }
      if (manifest !== undefined) {
        current = manifest.final;
        log.replace(
          manifest.temp,
          manifest.final,
          existing.has(manifest.final),
        );
        manifest.temp = "";
      }
    }
  } catch (error) {
    return abandon(staged, createdFolders, current, error, log.rollback());
  }
  log.commit();
  for (const { path, outDir } of deleted)
    pruneEmptyFolders(dirname(path), outDir);
  // The manifests are in place: the journals (this build's, or a killed build's) have served.
  for (const { plan, fresh } of staged) if (fresh === undefined) removeQuietly(join(plan.outDir, JOURNAL_NAME));
  // A fresh tree was made whole by this build: nothing stale can be in it.
  for (const { plan, fresh } of staged) if (fresh === undefined) removeStaleTemps(plan);
  return { ok: true };
}

/** A failed write: what was staged and the folders made for it go; the error is the result. */
function abandon(
  staged: readonly StagedPlan[],
  createdFolders: readonly string[],
  path: string,
  error: unknown,
  changed: string[],
): ApplyResult {
  discard(staged);
  removeCreatedFolders(createdFolders);
  return { ok: false, path, message: errorMessage(error), changed };
}

/** Removes temps not yet renamed (a renamed one has its `temp` cleared). */
function discard(staged: readonly StagedPlan[]): void {
  for (const { files, manifest, fresh } of staged) {
    if (fresh !== undefined && !fresh.placed) discardStage(fresh);
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
