/**
 * A folder lock must not outlive its build. try/finally covers a normal or failed run; this
 * covers the rest: process.exit() from anywhere (an EPIPE on stdout), and SIGINT, SIGTERM and
 * SIGHUP (Ctrl-C, a hook runner or an editor stopping the build). While a lock is held, those
 * signals release every held lock, then the process dies of the same signal, as it would have.
 *
 * The write itself is synchronous, so a handler runs only between steps, never in the middle
 * of a commit: a build interrupted while it writes finishes that write (or rolls it back) and
 * then stops. Only SIGKILL leaves a lock behind; the next build takes it over (folder-lock.ts).
 */
import { unlockFolder, type HeldLock } from "./folder-lock.js";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const held = new Set<HeldLock>();

function releaseAll(): void {
  for (const lock of [...held]) {
    held.delete(lock);
    unlockFolder(lock);
  }
}

function onSignal(signal: NodeJS.Signals): void {
  releaseAll();
  uninstall();
  // No listener left: the default action ends the process, with the signal as its status.
  process.kill(process.pid, signal);
}

function install(): void {
  process.on("exit", releaseAll);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function uninstall(): void {
  process.off("exit", releaseAll);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

/** From now until release(), `lock` is removed whatever way the process ends (bar SIGKILL). */
export function guardLock(lock: HeldLock): void {
  if (held.size === 0) install();
  held.add(lock);
}

/** Unlocks and stops guarding. */
export function releaseLock(lock: HeldLock): void {
  if (held.delete(lock) && held.size === 0) uninstall();
  unlockFolder(lock);
}
