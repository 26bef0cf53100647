/**
 * `build` holds each output folder's lock (src/output/folder-lock.ts) from before it reads the
 * folder again to after its commit, so builds into one folder run one after another and every
 * tree is one build's, whole. `--check` takes no lock (it writes nothing): it waits while a
 * build writes, so it never compares a tree in the middle of a commit, and reports the lock a
 * killed build left as a leftover.
 */
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { holderElsewhere, lockFolder, lockTimeoutMs, stillHeld, waitForFolder, type HeldLock, type LockHolder } from "../../output/folder-lock.js";
import { guardLock, releaseLock } from "../../output/lock-signals.js";
import { LOCK_NAME } from "../../output/paths.js";
import type { CliIo } from "../io.js";
import type { Target } from "./build-compile.js";
import { sortedBy } from "../../base/compare.js";

/**
 * `readOnly`: folders on a read-only file system (EROFS), which no build can lock or write. A
 * build that would leave such a tree as it is succeeds, as the up-to-date cache's answer does
 * (nothing to write, so nothing to lock against: no build can write there either); one that
 * would change it is refused (build-write.ts). Without this, the same up-to-date build exited 0
 * or 2 depending on whether the cache held the tree.
 */
export type Locked = { ok: true; locks: HeldLock[]; readOnly: Set<string> } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Locks every target's folder, in one order (sorted paths) so that two builds of overlapping
 * sets of folders cannot each hold one the other waits for. All or none: on failure, the locks
 * already taken are released.
 */
export async function lockTargets(targets: readonly Target[], io: CliIo, tell: boolean): Promise<Locked> {
  const locks: HeldLock[] = [];
  const readOnly = new Set<string>();
  for (const target of sortedTargets(targets)) {
    const result = await lockFolder(target.outDir, {
      timeoutMs: lockTimeoutMs(io.env),
      onWait: (holder) => tell && io.stderr.write(waiting(target, holder)),
    });
    if (result.ok) {
      guardLock(result.lock);
      locks.push(result.lock);
      continue;
    }
    if (result.kind === "error" && result.code === "EROFS") {
      readOnly.add(target.outDir);
      continue;
    }
    releaseLocks(locks);
    return {
      ok: false,
      diagnostics: [
        result.kind === "busy"
          ? locked(target, result.holder, result.waitedMs)
          : {
              code: "output/write-failed",
              severity: "error",
              file: target.label,
              message: `cannot lock the folder for writing: ${result.message}`,
              hint: "nothing was changed; fix the cause and rerun",
            },
      ],
    };
  }
  return { ok: true, locks, readOnly };
}

export function releaseLocks(locks: readonly HeldLock[]): void {
  for (const lock of locks) releaseLock(lock);
}

/** The folders whose lock another build took over (it judged this one gone): never write there. */
export function lostLocks(locks: readonly HeldLock[], targets: readonly Target[]): Diagnostic[] {
  return locks
    .filter((lock) => !stillHeld(lock))
    .map((lock) => {
      const target = targets.find((t) => t.outDir === lock.outDir);
      return {
        code: "output/locked",
        severity: "error",
        file: target?.label ?? lock.outDir,
        message: "another build took this folder's lock over while this build ran",
        hint: "nothing was written; rerun when the other build is done",
      };
    });
}

export interface Waited {
  /** Output folders whose lock was left by a killed build. */
  staleLocks: Set<string>;
  diagnostics: Diagnostic[];
}

/** For --check: waits until no live build writes any target's folder. */
export async function waitForTargets(targets: readonly Target[], io: CliIo, tell: boolean): Promise<Waited> {
  const waited: Waited = { staleLocks: new Set(), diagnostics: [] };
  for (const target of sortedTargets(targets)) {
    const state = await waitForFolder(target.outDir, {
      timeoutMs: lockTimeoutMs(io.env),
      onWait: (holder) => tell && io.stderr.write(waiting(target, holder)),
    });
    if (state.state === "stale") waited.staleLocks.add(target.outDir);
    else if (state.state === "busy") waited.diagnostics.push(locked(target, state.holder, state.waitedMs));
    // "error": the lock cannot be read (permissions); the check reads what it can.
  }
  return waited;
}

function sortedTargets(targets: readonly Target[]): Target[] {
  return sortedBy(targets, (target) => target.outDir);
}

function waiting(target: Target, holder: LockHolder | undefined): string {
  return `talos-hclgen: another build${holder === undefined ? "" : ` (pid ${holder.pid})`} is writing ${target.label}; waiting for it to finish\n`;
}

function locked(target: Target, holder: LockHolder | undefined, waitedMs: number): Diagnostic {
  const elsewhere = holder === undefined ? undefined : holderElsewhere(holder);
  const who =
    holder === undefined ? "" : ` (pid ${holder.pid} on ${holder.host}${elsewhere === undefined ? "" : `, in ${elsewhere}`}, since ${holder.started})`;
  return {
    code: "output/locked",
    severity: "error",
    file: target.label,
    message: `another build${who} is writing this folder, and has not finished after ${Math.round(waitedMs / 1000)} s`,
    hint: `rerun when it is done (TALOS_HCLGEN_LOCK_TIMEOUT sets how many seconds to wait); if no such build runs any more, delete ${target.label}${LOCK_NAME}`,
  };
}
