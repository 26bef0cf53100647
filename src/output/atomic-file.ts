/**
 * Temp-then-rename: a file is written in full under a hidden temporary name in its own folder
 * (same filesystem, so rename(2) is atomic) and only then renamed over its final name. A
 * reader, or a crash, sees the old file or the new one, never half of one.
 *
 * No fsync: the guarantee wanted here is "never a half-written file under the final name" for
 * an interrupted process, which rename gives; paying an fsync per file would slow every
 * pre-commit run for a power-loss case the next build repairs anyway.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, rmdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { errorCode } from "./disk-entry.js";

/** Writes `contents` next to `finalPath` and returns the temporary path. */
export function writeTempBeside(finalPath: string, contents: string, mode?: number): string {
  const temp = join(dirname(finalPath), `.${basename(finalPath)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  try {
    // "wx": never clobber whatever might already have that name (a link included).
    writeFileSync(temp, contents, { encoding: "utf8", flag: "wx" });
    // An updated file keeps the permissions the user gave it; the umask must not change them.
    if (mode !== undefined) chmodSync(temp, mode);
  } catch (error) {
    // A full disk fails the write after the file was created: remove the empty or partial
    // file too, not only a complete one ("wx" failing with EEXIST created nothing, and the
    // random name makes removing someone else's file there practically impossible).
    if (errorCode(error) !== "EEXIST") removeQuietly(temp);
    throw error;
  }
  return temp;
}

/**
 * mkdir -p that records every folder it created, outermost first, so a failed write can
 * remove exactly those and leave the tree as it found it. It follows links: it is for the
 * output folder and the folders above it, which the user chose; below the output folder,
 * TreeWalk.ensureFolder refuses them.
 */
export function ensureFolder(folder: string, created: string[]): void {
  const missing: string[] = [];
  for (let current = folder; !exists(current); current = dirname(current)) {
    missing.push(current);
    if (dirname(current) === current) break;
  }
  for (const dir of missing.reverse()) {
    if (makeFolder(dir, (path) => statSync(path).isDirectory())) created.push(dir);
  }
}

/**
 * mkdir of one folder; true when this call made it. Another build may make the same folder
 * between our look and our mkdir (builds into a new folder at once, test/hostile/
 * concurrency.test.ts): EEXIST then means done, if what stands there now is a folder as
 * `isFolder` sees it, and the folder is not ours to remove again.
 */
export function makeFolder(path: string, isFolder: (path: string) => boolean): boolean {
  try {
    mkdirSync(path);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST" && isFolder(path)) return false;
    throw error;
  }
}

/** Removes folders made by ensureFolder, innermost first; non-empty ones stay. */
export function removeCreatedFolders(created: readonly string[]): void {
  for (const dir of [...created].reverse()) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty or already gone: leaving a folder is harmless, failing the cleanup is not.
    }
  }
}

export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Best effort during cleanup; the original error is what gets reported.
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return false;
    throw error;
  }
}
