/**
 * A tree whose folder does not exist yet (a first build) is staged whole in a hidden sibling
 * folder, `.<name>.<pid>-<hex>.tmp`, and renamed into place at commit: one rename instead of
 * one temp file and one rename per file, which on a slow file system is most of the cost of a
 * large first build, and the tree appears all at once. A build killed while staging leaves
 * only that hidden folder, which the next first build of the same tree removes.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { ensureFolder } from "./atomic-file.js";
import type { WritePlan } from "./plan-write.js";
import { isRunning } from "./stale-temps.js";

export interface FreshStage {
  stage: string;
  final: string;
  /** Renamed into place: from then on the undo log owns it. */
  placed?: boolean;
}

/** True when the plan creates its tree from nothing: the folder is absent, every action creates. */
export function isFreshTree(plan: WritePlan): boolean {
  return !existsSync(plan.outDir) && plan.actions.every((a) => a.kind === "create");
}

/** Writes every file of the plan into a new hidden sibling of its folder. */
export function stageFreshTree(plan: WritePlan, createdFolders: string[]): FreshStage {
  const parent = dirname(plan.outDir);
  ensureFolder(parent, createdFolders);
  removeLeftoverStages(parent, basename(plan.outDir));
  const stage = join(parent, `.${basename(plan.outDir)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  mkdirSync(stage);
  try {
    const made = new Set<string>([stage]);
    for (const action of plan.actions) {
      if (action.kind !== "create") continue;
      const path = join(stage, action.path);
      const folder = dirname(path);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      writeFileSync(path, action.contents, { encoding: "utf8", flag: "wx" });
    }
  } catch (error) {
    rmSync(stage, { recursive: true, force: true });
    throw error;
  }
  return { stage, final: plan.outDir };
}

export function discardStage(stage: FreshStage): void {
  rmSync(stage.stage, { recursive: true, force: true });
}

const STAGE = /^\.(.+)\.(\d+)-[0-9a-f]{8}\.tmp$/;

/** Stages of this tree left by a build that was killed (its process is gone). */
function removeLeftoverStages(parent: string, name: string): void {
  for (const entry of readdirSync(parent)) {
    const match = STAGE.exec(entry);
    if (match?.[1] === name && !isRunning(Number(match[2]))) {
      rmSync(join(parent, entry), { recursive: true, force: true });
    }
  }
}
