/**
 * applyWrite: carry out write plans, all or nothing as far as a filesystem allows.
 *
 * 1. Journal: before anything else changes in a tree, its write journal (journal.ts) is put
 *    in place: every path this build may leave behind, with every hash a talos-hclgen file
 *    there may have. Should this process die from here on, the next build knows every file it
 *    finds there and every folder where it may have left a temporary file.
 * 2. Stage: every new or changed file (manifest included) is written to a temp file beside
 *    its final name (or, for a first build, the whole tree to a stage folder, fresh-tree.ts).
 * 3. Commit: rename the temps over their final names, delete stale owned files, rename the
 *    manifest last. Every replaced or deleted file is backed up first (undo-log.ts).
 * 4. Tidy: remove the journal, what killed builds left (leftovers.ts) and folders the tree no
 *    longer uses, once empty.
 *
 * A failure in 1-3 (disk full, permissions, an immutable file) removes the temps and the
 * folders made for them and rolls every change back, the journal included: the trees are
 * exactly as they were, with nothing added. A process killed in 1-4 cannot roll back: its
 * trees hold old and complete new files, never a half-written one, and its journal, so the
 * next build, of this spec or another, owns every file it finds there (planWrite) and removes
 * the leftovers. No step follows a link below an output folder (tree-walk.ts).
 */
import { readdirSync, rmdirSync } from "node:fs";
import { join } from "node:path";
import { removeCreatedFolders, removeQuietly, writeTempBeside } from "./atomic-file.js";
import { errorMessage } from "./disk-entry.js";
import { discardStage, isFreshTree, stageFreshTree, type FreshStage } from "./fresh-tree.js";
import { renderJournal } from "./journal.js";
import { removeLeftovers } from "./leftovers.js";
import { comparePaths, foldersOf, JOURNAL_NAME, MANIFEST_NAME, parentOf } from "./paths.js";
import type { WritePlan } from "./plan-write.js";
import { TreeWalk } from "./tree-walk.js";
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
  /** Relative to the output folder. */
  path: string;
}

interface Work {
  plan: WritePlan;
  /** False when every action is "unchanged": then only the tidy step runs. */
  changes: boolean;
  files: Staged[];
  manifest: Staged | undefined;
  /** A first build: the whole tree staged in one folder (fresh-tree.ts). */
  fresh?: FreshStage | undefined;
}

export function applyWrite(plan: WritePlan): ApplyResult {
  return applyWrites([plan]);
}

/** Several trees at once (several specs): all are staged before any is committed. */
export function applyWrites(plans: readonly WritePlan[]): ApplyResult {
  for (const plan of plans) {
    if (plan.conflicts.length > 0) throw new Error(`applyWrite called with ${plan.conflicts.length} unresolved conflicts`);
  }
  const created: string[] = [];
  const log = new UndoLog();
  const work: Work[] = plans.map((plan) => ({
    plan,
    changes: plan.actions.some((a) => a.kind !== "unchanged"),
    files: [],
    manifest: undefined,
  }));
  let current = "";
  try {
    for (const w of work) {
      if (!w.changes) continue;
      const walk = new TreeWalk(w.plan.outDir);
      current = join(w.plan.outDir, JOURNAL_NAME);
      walk.ensureFolder("", created);
      const temp = writeTempBeside(current, renderJournal(w.plan.journal));
      log.replace(temp, current, walk.entry(JOURNAL_NAME).kind === "file");
    }
    for (const w of work) {
      if (!w.changes) continue;
      const walk = new TreeWalk(w.plan.outDir);
      if (isFreshTree(w.plan, walk)) {
        current = w.plan.outDir;
        w.fresh = stageFreshTree(w.plan, walk, created);
        continue;
      }
      for (const action of w.plan.actions) {
        if (action.kind !== "create" && action.kind !== "update") continue;
        current = join(w.plan.outDir, action.path);
        // One walk per folder, not per file: a node-per-file tree puts ~1,000 in one folder.
        walk.ensureFolder(parentOf(action.path), created);
        const temp = writeTempBeside(current, action.contents, action.kind === "update" ? action.mode : undefined);
        const item = { temp, path: action.path };
        if (action.path === MANIFEST_NAME) w.manifest = item;
        else w.files.push(item);
      }
    }
  } catch (error) {
    return abandon(work, created, log, current, error);
  }
  const cursor = { path: "" };
  try {
    for (const w of work) commit(w, log, cursor);
  } catch (error) {
    return abandon(work, created, log, cursor.path, error);
  }
  log.commit();
  for (const w of work) tidy(w);
  return { ok: true };
}

/**
 * Places one tree. Every folder it writes in is walked again first (a fresh walk): what
 * planning and staging checked is what is written, links included. `cursor.path` names the
 * path being worked on, for the error report.
 */
function commit(w: Work, log: UndoLog, cursor: { path: string }): void {
  const { plan, fresh } = w;
  const root = plan.outDir;
  if (fresh !== undefined) {
    for (const name of fresh.entries) {
      cursor.path = join(root, name);
      log.placeNew(join(fresh.stage, name), cursor.path);
    }
    discardStage(fresh); // empty now
    w.fresh = undefined;
    return;
  }
  const walk = new TreeWalk(root);
  const existing = new Set(plan.actions.filter((a) => a.kind === "update").map((a) => a.path));
  for (const item of w.files) {
    cursor.path = join(root, item.path);
    walk.assertFolder(parentOf(item.path));
    log.replace(item.temp, cursor.path, existing.has(item.path));
    item.temp = "";
  }
  for (const action of plan.actions) {
    if (action.kind !== "delete") continue;
    cursor.path = join(root, action.path);
    walk.assertFolder(parentOf(action.path));
    log.remove(cursor.path);
  }
  if (w.manifest !== undefined) {
    cursor.path = join(root, MANIFEST_NAME);
    log.replace(w.manifest.temp, cursor.path, existing.has(MANIFEST_NAME));
    w.manifest.temp = "";
  }
}

/** A failed write: every change rolled back, what was staged and the folders made for it gone. */
function abandon(work: readonly Work[], created: readonly string[], log: UndoLog, path: string, error: unknown): ApplyResult {
  const changed = log.rollback();
  for (const { files, manifest, fresh } of work) {
    if (fresh !== undefined) discardStage(fresh);
    // A renamed temp has its `temp` cleared.
    for (const item of [...files, ...(manifest ? [manifest] : [])]) if (item.temp !== "") removeQuietly(item.temp);
  }
  removeCreatedFolders(created);
  return { ok: false, path, message: errorMessage(error), changed };
}

/**
 * The tree is complete: what killed builds left goes, and so do folders the tree no longer
 * uses once they are empty (deepest first, never through a link); the journal last. It is the
 * only record of those folders (and of leftovers in them), so a build killed while tidying
 * leaves it for the next build to finish the job: removed first, a kill before the folders went
 * left an empty folder that no later build knew of (found by test/hostile/kill-loop.test.ts).
 * Cosmetic, so a failure here (a racing editor, permissions) is not worth failing the build;
 * `--check` reports whatever is left.
 */
function tidy(w: Work): void {
  const walk = new TreeWalk(w.plan.outDir);
  removeLeftovers(
    walk,
    w.plan.leftovers.filter((path) => path !== JOURNAL_NAME),
  );
  const used = new Set<string>();
  for (const action of w.plan.actions) if (action.kind !== "delete") for (const folder of foldersOf(action.path)) used.add(folder);
  const unused = w.plan.folders.filter((f) => f !== "" && !used.has(f));
  for (const folder of unused.sort((a, b) => comparePaths(b, a))) {
    if (walk.folder(folder).kind !== "folder") continue;
    const path = join(w.plan.outDir, folder);
    try {
      if (readdirSync(path).length === 0) rmdirSync(path);
    } catch {
      // See above.
    }
  }
  if (w.changes || w.plan.leftovers.includes(JOURNAL_NAME)) removeLeftovers(walk, [JOURNAL_NAME]);
}
