/**
 * What a build that was killed leaves in a tree besides old and new files: temporary files
 * (`.<name>.<pid>-<hex>.tmp`, atomic-file.ts), backups (`.<name>.<pid>-<hex>.bak`,
 * undo-log.ts), a half-placed first-build stage (`.talos-hclgen.<pid>-<hex>.tmp/`,
 * fresh-tree.ts) and the temporary files of the journal and the lock. Nothing reads them.
 *
 * They are looked for in every folder that holds or held talos-hclgen files (the new tree's,
 * the manifest's and the journal's, see plan-write.ts), so a folder the next tree no longer
 * uses is cleaned too. A build removes them while it holds the folder lock, which no other
 * build holds at the same time, so every such file it finds belongs to a build that is gone
 * (whatever process now has its pid); `--check` reports them.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { comparePaths, parentOf } from "./paths.js";
import type { TreeWalk } from "./tree-walk.js";

export const LEFTOVER = /^\..+\.(\d+)-[0-9a-f]{8}\.(?:tmp|bak)$/;

/** Leftovers in the given relative folders, as sorted relative paths; links are not followed. */
export function findLeftovers(walk: TreeWalk, folders: Iterable<string>): string[] {
  const found: string[] = [];
  for (const folder of folders) {
    if (walk.folder(folder).kind !== "folder") continue;
    let names: string[];
    try {
      names = readdirSync(folder === "" ? walk.root : join(walk.root, folder));
    } catch {
      continue; // gone or unreadable: nothing to report there
    }
    for (const name of names) if (LEFTOVER.test(name)) found.push(folder === "" ? name : `${folder}/${name}`);
  }
  return found.sort(comparePaths);
}

/**
 * Removes leftovers (a stage folder with what is in it). Best effort: one that cannot be
 * removed stays, and the next `--check` reports it again.
 */
export function removeLeftovers(walk: TreeWalk, paths: readonly string[]): void {
  for (const path of paths) {
    if (walk.folder(parentOf(path)).kind !== "folder") continue;
    try {
      rmSync(join(walk.root, path), { recursive: true, force: true });
    } catch {
      // See above.
    }
  }
}
