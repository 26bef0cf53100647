/**
 * The commit step's undo log: before a file is replaced or deleted, its old contents are kept
 * under a backup name beside it, so a commit that fails half way (a file that cannot be
 * replaced, a full disk) can put every file back as it was.
 *
 * A replaced file is backed up with a hard link (instant, and the file never disappears from
 * its final name: a reader or a crash sees the old file or the new one); where the file system
 * has no hard links, with a copy. A deleted file is renamed to its backup. Backups are removed
 * once the commit is complete; a process killed mid-commit leaves them behind, named like the
 * temp files (`.<name>.<pid>-<hex>.bak`), and the next build removes them (leftovers.ts). A
 * step that fails removes its own backup before it reports: a failed build leaves none.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, copyFileSync, linkSync, renameSync, rmSync, statSync, unlinkSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { removeQuietly } from "./atomic-file.js";

function backupName(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString("hex")}.bak`);
}

export class UndoLog {
  private readonly steps: Array<{ path: string; undo: () => void }> = [];
  private readonly backups: string[] = [];

  /** A file this commit created outside replace() (the journal): removed on rollback. */
  created(path: string): void {
    this.steps.push({ path, undo: () => unlinkSync(path) });
  }

  /** Renames a staged file or folder to a name that did not exist (fresh-tree.ts). */
  placeNew(staged: string, final: string): void {
    renameSync(staged, final);
    this.steps.push({ path: final, undo: () => rmSync(final, { recursive: true, force: true }) });
  }

  /**
   * Renames `temp` over `final`, remembering how to put the old `final` (if any) back. If it
   * fails, `temp` is removed: the step leaves nothing behind.
   */
  replace(temp: string, final: string, existed: boolean): void {
    if (!existed) {
      try {
        renameSync(temp, final);
      } catch (error) {
        removeQuietly(temp);
        throw error;
      }
      this.steps.push({ path: final, undo: () => unlinkSync(final) });
      return;
    }
    const backup = backupName(final);
    try {
      try {
        linkSync(final, backup);
      } catch {
        // No hard links here, or the file may not be linked (an immutable file): a copy.
        copyFileSync(final, backup);
        chmodSync(backup, statSync(final).mode & 0o7777);
      }
      renameSync(temp, final);
    } catch (error) {
      // The file is as it was (rename is all or nothing); its backup has no use.
      removeQuietly(backup);
      removeQuietly(temp);
      throw error;
    }
    this.backups.push(backup);
    this.steps.push({ path: final, undo: () => renameSync(backup, final) });
  }

  /** Deletes `path`, keeping it under a backup name until the commit is done. */
  remove(path: string): void {
    const backup = backupName(path);
    renameSync(path, backup);
    this.backups.push(backup);
    this.steps.push({ path, undo: () => renameSync(backup, path) });
  }

  /** The commit is complete: the backups are no longer needed. */
  commit(): void {
    for (const backup of this.backups) removeQuietly(backup);
  }

  /** Puts every file back, newest change first; returns the paths it could not restore. */
  rollback(): string[] {
    const failed: string[] = [];
    for (const step of [...this.steps].reverse()) {
      try {
        step.undo();
      } catch {
        failed.push(step.path);
      }
    }
    // Backups of restored files were renamed back; any left belong to a failed restore and
    // keep the old contents: leave them for the user (they are named after the file).
    return failed;
  }
}
