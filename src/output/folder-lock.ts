/**
 * One build at a time per output folder. Two builds writing one tree at once (hooks run in
 * parallel, an editor's build-on-save meets a pre-commit hook) would interleave their files
 * and manifests; so a build holds a lock, LOCK_NAME in the folder itself, from before it reads
 * the tree to after its commit, and another build waits for it.
 *
 * - Taking it is atomic: the record (pid, host, start time, a random nonce) is written to a
 *   temporary file and hard-linked to the lock name, which fails if the lock exists. Where the
 *   file system has no hard links, an exclusive create ("wx") does the same.
 * - A lock whose process is gone (killed: SIGKILL leaves it) is stale and taken over. A holder
 *   is gone when its pid no longer runs on this host, or runs with another start time (a reused
 *   pid). Taking over renames the stale lock aside, then checks that what was moved is the
 *   stale record: two builds that both saw it cannot both take the folder.
 * - A lock from another host (a shared network folder) cannot be checked, and is waited for;
 *   so is one from another kernel or pid namespace under the same hostname (two containers
 *   sharing a folder), which the record's scope tells (process-scope.ts). A lock this machine
 *   left before a reboot is stale.
 * - The holder removes it on every exit: normal, error, or a signal the CLI handles
 *   (lock-signals.ts). Only SIGKILL (or a crash of the machine) leaves it behind.
 *
 * The wait is bounded (TALOS_HCLGEN_LOCK_TIMEOUT seconds, default 60): then the build fails
 * with output/locked, naming the holder.
 */
import { randomBytes } from "node:crypto";
import { linkSync, lstatSync, readFileSync, readlinkSync, renameSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { removeCreatedFolders, removeQuietly } from "./atomic-file.js";
import { errorCode, errorMessage } from "./disk-entry.js";
import { LOCK_NAME } from "./paths.js";
import { isSameProcessRunning, processStart } from "./process-alive.js";
import { holderScope, processScope, type ProcessScope } from "./process-scope.js";
import { TreeWalk } from "./tree-walk.js";

export interface LockHolder {
  pid: number;
  host: string;
  /** ISO time the lock was taken. */
  started: string;
  nonce: string;
  /** processStart() of the holder, where the system tells. */
  since?: string;
  /** Where its pid means something (process-scope.ts), as far as the system tells. */
  boot?: string;
  pidNamespace?: string;
  machine?: string;
}

export interface HeldLock {
  readonly outDir: string;
  readonly nonce: string;
  /** Folders made to hold the lock (a first build): removed again if the build leaves them empty. */
  readonly createdFolders: readonly string[];
}

export type LockResult =
  | { ok: true; lock: HeldLock }
  | { ok: false; kind: "busy"; holder: LockHolder | undefined; waitedMs: number }
  | { ok: false; kind: "error"; message: string; code?: string };

export interface WaitOptions {
  timeoutMs: number;
  /** Called once, when the folder is found locked by a live build. */
  onWait?: (holder: LockHolder | undefined) => void;
}

/** Read once, when first needed: a process does not change boot, machine or pid namespace while it runs. */
let ourScope: ProcessScope | undefined;
function ours(): ProcessScope {
  ourScope ??= processScope();
  return ourScope;
}

/** The nonces of the locks this process holds: a lock with our pid and another nonce is stale. */
const heldHere = new Set<string>();

/** A lock file that does not parse (never ours: ours is linked into place whole) is stale after this. */
const UNREADABLE_GRACE_MS = 10_000;

/** Takes the lock of `outDir`, creating the folder if needed; waits while a live build holds it. */
export async function lockFolder(outDir: string, options: WaitOptions): Promise<LockResult> {
  const created: string[] = [];
  const record: LockHolder = {
    pid: process.pid,
    host: hostname(),
    started: new Date().toISOString(),
    nonce: randomBytes(8).toString("hex"),
    ...optional("since", processStart(process.pid)),
    ...ours(),
  };
  const text = `${JSON.stringify(record)}\n`;
  const result = await poll(outDir, options, () => {
    try {
      new TreeWalk(outDir).ensureFolder("", created);
      return tryCreate(join(outDir, LOCK_NAME), text);
    } catch (error) {
      if (errorCode(error) !== "ENOENT") throw error;
      const reason = lastingAbsence(outDir);
      if (reason !== undefined) throw new Error(reason);
      throw error; // the folder vanished between two steps: poll tries again
    }
  });
  if (result.ok) {
    heldHere.add(record.nonce);
    return { ok: true, lock: { outDir, nonce: record.nonce, createdFolders: created } };
  }
  removeCreatedFolders(created);
  return result;
}

export type FolderState =
  | { state: "free" }
  /** The lock a killed build left: `build` takes it over, `--check` reports it. */
  | { state: "stale"; holder: LockHolder | undefined }
  | { state: "busy"; holder: LockHolder | undefined; waitedMs: number }
  | { state: "error"; message: string };

/** For readers (`--check`): waits while a live build holds the lock, without taking it. */
export async function waitForFolder(outDir: string, options: WaitOptions): Promise<FolderState> {
  let stale: FolderState | undefined;
  const result = await poll(outDir, options, () => {
    const holder = readHolder(join(outDir, LOCK_NAME));
    if (holder === "missing") return "done";
    if (isStale(holder, join(outDir, LOCK_NAME))) {
      stale = { state: "stale", holder: holder === "unreadable" ? undefined : holder };
      return "done";
    }
    return holder;
  });
  if (result.ok) return stale ?? { state: "free" };
  return result.kind === "busy" ? { state: "busy", holder: result.holder, waitedMs: result.waitedMs } : { state: "error", message: result.message };
}

/** Removes the lock if it is still ours, and the folders made for it if they are empty. */
export function unlockFolder(lock: HeldLock): void {
  const path = join(lock.outDir, LOCK_NAME);
  const holder = readHolder(path);
  if (typeof holder === "object" && holder.nonce === lock.nonce) removeQuietly(path);
  heldHere.delete(lock.nonce);
  removeCreatedFolders(lock.createdFolders);
}

/** True while `lock` is still the folder's lock (not taken over as stale by another build). */
export function stillHeld(lock: HeldLock): boolean {
  const holder = readHolder(join(lock.outDir, LOCK_NAME));
  return typeof holder === "object" && holder.nonce === lock.nonce;
}

export function lockTimeoutMs(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env["TALOS_HCLGEN_LOCK_TIMEOUT"];
  const seconds = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 60_000;
}

/** What one attempt found: done, a holder (live or stale), or a reason to try again at once. */
type Attempt = "done" | "again" | LockHolder | "unreadable";

type PollResult =
  { ok: true } | { ok: false; kind: "busy"; holder: LockHolder | undefined; waitedMs: number } | { ok: false; kind: "error"; message: string; code?: string };

/**
 * Runs `attempt` until it is done or the deadline passes; a holder it returns is a live build
 * to wait for, or a stale lock, taken over here before the attempt is repeated.
 */
async function poll(outDir: string, options: WaitOptions, attempt: () => Attempt): Promise<PollResult> {
  const lockPath = join(outDir, LOCK_NAME);
  const start = Date.now();
  let delay = 10;
  let told = false;
  for (let quick = 0; ;) {
    let outcome: Attempt;
    try {
      outcome = attempt();
    } catch (error) {
      // The folder vanished (a failed first build removed it) between two steps: try again.
      outcome = errorCode(error) === "ENOENT" ? "again" : "done";
      if (outcome === "done") return { ok: false, kind: "error", message: errorMessage(error), ...optional("code", errorCode(error)) };
    }
    if (outcome === "done") return { ok: true };
    // Trying again at once is for races that settle in a step; a bound keeps it from spinning.
    if (outcome === "again" && ++quick < 100) continue;
    if (outcome !== "again" && isStale(outcome, lockPath) && takeOver(lockPath, outcome) && ++quick < 100) continue;
    const holder = typeof outcome === "object" ? outcome : undefined;
    const waited = Date.now() - start;
    if (waited >= options.timeoutMs) return { ok: false, kind: "busy", holder, waitedMs: waited };
    if (!told && typeof outcome === "object") {
      told = true;
      options.onWait?.(holder);
    }
    // Builds take a few hundred milliseconds: poll often at first, then back off, with jitter
    // so that several waiting builds do not all retry at the same instant.
    await sleep(Math.min(delay, options.timeoutMs - waited) * (0.75 + Math.random() / 2));
    delay = Math.min(delay * 2, 250);
    quick = 0;
  }
}

/** Creates the lock with its whole record; "done" when taken, else what holds it. */
function tryCreate(lockPath: string, text: string): Attempt {
  const temp = `${lockPath}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(temp, text, { flag: "wx" });
  } catch (error) {
    removeQuietly(temp); // a full disk leaves the file it could not fill
    throw error;
  }
  try {
    linkSync(temp, lockPath);
    return "done";
  } catch (error) {
    const code = errorCode(error);
    if (code !== "EEXIST" && !NO_HARD_LINKS.has(code ?? "")) throw error;
    if (code !== "EEXIST") {
      // No hard links here: an exclusive create. A reader may see the file before it is
      // filled; it counts as held until UNREADABLE_GRACE_MS have passed.
      try {
        writeFileSync(lockPath, text, { flag: "wx" });
        return "done";
      } catch (inner) {
        if (errorCode(inner) !== "EEXIST") throw inner;
      }
    }
  } finally {
    removeQuietly(temp);
  }
  const holder = readHolder(lockPath);
  return holder === "missing" ? "again" : holder; // released between the two steps
}

/**
 * Why a file cannot be made in `outDir` for good, when an attempt failed with ENOENT: a link to
 * nothing (mkdir -p and open both fail on it), or a folder that exists but takes no new files
 * (/proc/self). Undefined when the folder is simply gone, which a failed first build does to it.
 */
function lastingAbsence(outDir: string): string | undefined {
  let link: string | undefined;
  try {
    if (lstatSync(outDir).isSymbolicLink()) link = readlinkSync(outDir);
  } catch {
    return undefined; // nothing there at all: gone between two steps
  }
  try {
    if (statSync(outDir).isDirectory()) return "it is a folder no file can be created in (no such file or directory)";
  } catch {
    if (link !== undefined) return `it is a symbolic link to ${link}, which does not exist`;
  }
  return undefined;
}

const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EMLINK", "EXDEV"]);

function readHolder(lockPath: string): LockHolder | "unreadable" | "missing" {
  try {
    // A lock is always a plain file: anything else (a link planted in a branch) is not a holder.
    if (!lstatSync(lockPath).isFile()) return "unreadable";
    const value = JSON.parse(readFileSync(lockPath, "utf8")) as Partial<LockHolder>;
    if (typeof value.pid !== "number" || typeof value.host !== "string" || typeof value.nonce !== "string" || typeof value.started !== "string")
      return "unreadable";
    return {
      pid: value.pid,
      host: value.host,
      started: value.started,
      nonce: value.nonce,
      ...optional("since", typeof value.since === "string" ? value.since : undefined),
      ...optional("boot", typeof value.boot === "string" ? value.boot : undefined),
      ...optional("pidNamespace", typeof value.pidNamespace === "string" ? value.pidNamespace : undefined),
      ...optional("machine", typeof value.machine === "string" ? value.machine : undefined),
    };
  } catch (error) {
    return errorCode(error) === "ENOENT" ? "missing" : "unreadable";
  }
}

function isStale(holder: LockHolder | "unreadable", lockPath: string): boolean {
  if (holder === "unreadable") {
    try {
      const stat = lstatSync(lockPath);
      return !stat.isFile() || Date.now() - stat.mtimeMs > UNREADABLE_GRACE_MS;
    } catch {
      return true; // gone already: the next attempt takes it
    }
  }
  if (holder.host !== hostname()) return false;
  const scope = holderScope(holder, ours());
  if (scope !== "here") return scope === "gone";
  // Our own pid in a lock we do not hold: a killed build's pid, reused by us.
  if (holder.pid === process.pid) return !heldHere.has(holder.nonce);
  return !isSameProcessRunning(holder.pid, holder.since);
}

/**
 * Moves a stale lock aside and deletes it, if what was moved is the stale record seen. If
 * another build took the lock over in between, its lock is put back. True when the caller
 * should try again at once.
 */
function takeOver(lockPath: string, seen: LockHolder | "unreadable"): boolean {
  const aside = `${lockPath}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    return errorCode(error) === "ENOENT"; // someone else removed it: try again
  }
  const moved = readHolder(aside);
  const same = seen === "unreadable" ? moved === "unreadable" : typeof moved === "object" && moved.nonce === seen.nonce;
  if (!same) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // Someone else holds it now; the build whose lock this was finds it lost (stillHeld).
    }
  }
  removeQuietly(aside);
  return true;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Why a holder's pid cannot be checked from here, for a message; undefined when it can. */
export function holderElsewhere(holder: LockHolder): string | undefined {
  if (holder.host !== hostname()) return undefined; // the host name says it
  return holderScope(holder, ours()) === "elsewhere" ? "another container or boot with this host name" : undefined;
}

/** Used by tests: the folder's lock file as it is on disk, parsed. */
export function readLock(outDir: string): LockHolder | undefined {
  const holder = readHolder(join(outDir, LOCK_NAME));
  return typeof holder === "object" ? holder : undefined;
}
