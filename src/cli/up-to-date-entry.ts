/**
 * The up-to-date cache's record of one output folder (see commands/build-cache.ts): the stamp
 * of the build that last left the folder as compiled, the hash of the manifest it wrote, and
 * what the file system said about the spec and every generated file at that moment.
 *
 * Shared by the CLI and the launcher's fast path (src/launcher/up-to-date.ts), so it loads
 * nothing heavy: the launcher reads it before the CLI bundle, and hashing is passed in (the
 * launcher loads node:crypto, ~36 internal modules, only when it must hash).
 *
 * The file-system record works as Git's index does (Documentation/technical/racy-git.txt in
 * git/git): a file whose size, inode, mtime and ctime are all unchanged was not rewritten, so
 * its bytes need not be read and hashed again. Any write changes ctime, which no user call can
 * set back. A file changed within one timestamp tick of the record could keep its ctime; so a
 * file whose ctime is within RACY_MS of the moment it was recorded is never trusted on its
 * stat alone ("racily clean", in Git's words), and is hashed, after which the record is
 * refreshed and the next run can trust it.
 */
import { readFileSync, renameSync, rmSync, mkdirSync, writeFileSync, type BigIntStats } from "node:fs";
import { join } from "node:path";
import { cacheFolder } from "./cache-folder.js";

type Env = Readonly<Record<string, string | undefined>>;
export type Sha256 = (data: string | Uint8Array) => string;

/** What the file system said when the entry was recorded; see the comment at the top. */
export interface StatRecord {
  build: string;
  node: string;
  sourceName: string;
  /** statKey of the spec file. */
  spec: string;
  /** statKey of every generated file, the manifest included, by path in the tree. */
  files: Record<string, string>;
  /** When the record was made, ms since the epoch. */
  recorded: number;
}

export interface CacheEntry {
  /** The absolute output folder: the entry's file name is a short hash of it. */
  outDir: string;
  stamp: string;
  /** sha256 of the manifest the build left. */
  manifest: string;
  stats?: StatRecord;
}

/** A timestamp tick on the coarsest file systems people keep repositories on (FAT: 2 s). */
export const RACY_MS = 2000;

/** What the output is a function of: the compiler build, the Node version, the spec and its name. */
export function stampOf(sha256: Sha256, buildId: string, sourceName: string, specText: string): string {
  return sha256(JSON.stringify([buildId, process.version, sourceName, specText]));
}

/** size, inode, mtime and ctime (ns): a file's identity and last write, without reading it. */
export function statKey(stat: BigIntStats): string {
  return `${stat.size}:${stat.ino}:${stat.mtimeNs}:${stat.ctimeNs}`;
}

/** True when a file with this key, recorded at `recorded`, may be trusted on its stat alone. */
export function settledBefore(key: string, recorded: number): boolean {
  const ctimeNs = BigInt(key.slice(key.lastIndexOf(":") + 1));
  return ctimeNs < BigInt(recorded - RACY_MS) * 1_000_000n;
}

/**
 * 64 bits of FNV-1a over the folder's UTF-16 code units, as hex: a file name per output
 * folder without node:crypto. A collision only costs a miss: the entry names its folder.
 */
function folderKey(outDir: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < outDir.length; i++) {
    const c = outDir.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/** The entry's file for `outDir`; undefined when the cache is off. */
export function entryPath(env: Env, outDir: string): string | undefined {
  const folder = cacheFolder(env);
  return folder === undefined ? undefined : join(folder, `up-to-date-${folderKey(outDir)}.json`);
}

/** The entry for `outDir`, whatever its stamp. */
export function readEntry(env: Env, outDir: string): CacheEntry | undefined {
  const path = entryPath(env, outDir);
  if (path === undefined) return undefined;
  try {
    const entry = JSON.parse(readFileSync(path, "utf8")) as Partial<CacheEntry>;
    if (entry.outDir !== outDir || typeof entry.stamp !== "string" || typeof entry.manifest !== "string") return undefined;
    return entry as CacheEntry;
  } catch {
    return undefined;
  }
}

/** Writes the entry atomically (temp + rename). Best effort: a cache only saves time. */
export function writeEntry(env: Env, entry: CacheEntry): void {
  const path = entryPath(env, entry.outDir);
  if (path === undefined) return;
  const temp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(temp, JSON.stringify(entry));
    renameSync(temp, path);
  } catch {
    try {
      rmSync(temp, { force: true }); // a full disk leaves an empty file behind
    } catch {
      // Nothing more to do: the next run writes it again.
    }
  }
}
