/**
 * A tree written from nothing (a first build: every action creates, and none of the tree's
 * top-level names exists yet) is staged whole in a hidden folder inside the output folder,
 * `.talos-hclgen.<pid>-<hex>.tmp/`, and its top-level entries (a dozen: main.tf, patches/,
 * modules/, ...) are renamed into place at commit, the manifest last. One rename per top-level
 * entry instead of a temporary file and a rename per file: on a slow file system that is most
 * of the cost of a large first build. The stage is inside the folder, like every write of the
 * writer: nothing is written beside it. A build killed while staging leaves the stage, which
 * the next build removes (leftovers.ts); one killed while placing leaves its journal too, so
 * the next build owns what was placed (journal.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { MANIFEST_NAME } from "./paths.js";
import type { WritePlan } from "./plan-write.js";
import type { TreeWalk } from "./tree-walk.js";

export interface FreshStage {
  stage: string;
  /** Top-level names to rename from the stage into the folder, the manifest last. */
  entries: string[];
}

/** True when the plan creates its whole tree and nothing stands where its top-level entries go. */
export function isFreshTree(plan: WritePlan, walk: TreeWalk): boolean {
  if (!plan.actions.every((a) => a.kind === "create")) return false;
  return topLevel(plan).every((name) => walk.entry(name).kind === "missing");
}

/** Writes every file of the plan into a new hidden folder in the output folder. */
export function stageFreshTree(plan: WritePlan, walk: TreeWalk, createdFolders: string[]): FreshStage {
  walk.ensureFolder("", createdFolders);
  const stage = join(plan.outDir, `.talos-hclgen.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
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
  return { stage, entries: topLevel(plan) };
}

export function discardStage(stage: FreshStage): void {
  rmSync(stage.stage, { recursive: true, force: true });
}

/** The first segment of every created path, sorted, with the manifest moved to the end. */
function topLevel(plan: WritePlan): string[] {
  const names = new Set(plan.actions.map((a) => a.path.split("/")[0] ?? a.path));
  names.delete(MANIFEST_NAME);
  return [...names, MANIFEST_NAME];
}
