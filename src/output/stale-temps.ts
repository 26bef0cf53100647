/**
 * Temporary and backup files a killed build left in the tree (`.<name>.<pid>-<hex>.tmp` from
 * atomic-file.ts, `.bak` from undo-log.ts). Nothing reads them: planWrite and the manifest only
 * know generated paths. After a successful write they are removed from the folders the tree
 * uses, unless the process that made them still runs (a concurrent build of the same tree).
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { removeQuietly } from "./atomic-file.js";
import { errorCode } from "./disk-entry.js";
import type { WritePlan } from "./plan-write.js";

export const LEFTOVER = /^\..+\.(\d+)-[0-9a-f]{8}\.(?:tmp|bak)$/;

export function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return errorCode(error) === "EPERM";
  }
}

export function removeStaleTemps(plan: WritePlan): void {
  const folders = new Set([
    plan.outDir,
    ...plan.actions.map((a) => dirname(join(plan.outDir, a.path))),
  ]);
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue; // pruned, or never created
    }
    for (const name of names) {
      const pid = LEFTOVER.exec(name)?.[1];
      if (pid !== undefined && !isRunning(Number(pid)))
        removeQuietly(join(folder, name));
    }
  }
}
