/**
 * A V8 code cache for the CLI bundle. A pre-commit hook starts the binary on every commit, and
 * a run that compiles a spec executes mostly cold code: V8 parses and compiles the ~1.5 MB
 * bundle, then each function as it is first called. V8 can serialize that work
 * (vm.Script#createCachedData) and take it back on the next start (the `cachedData` option),
 * which skips both. This is what Node 22's module.enableCompileCache() does for modules;
 * Node 20 has only the vm API, so the launcher does it by hand.
 *
 * One cache file per command and per (compiler build, Node version, architecture), under code/
 * in the cache folder the up-to-date cache uses (src/cli/cache-folder.ts). It is written at exit,
 * after the command ran, so it holds the functions the command used; only after a run that
 * ended normally (exit 0 or 1), since an early error leaves most of the compiler uncompiled.
 * V8 checks a cache against its version, flags and the source, and refuses one that does not
 * match (`cachedDataRejected`): the run then compiles as usual and writes a new one. Every
 * failure here only costs speed. TALOS_HCLGEN_NO_CACHE=1 turns it off.
 */
import { mkdirSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cacheFolder } from "../cli/cache-folder.js";

export interface CodeCacheFile {
  folder: string;
  name: string;
}

/** Where the cache of `command` lives; undefined when caching is off. */
export function codeCacheFile(env: Readonly<Record<string, string | undefined>>, buildId: string, command: string): CodeCacheFile | undefined {
  const base = cacheFolder(env);
  if (base === undefined) return undefined;
  const safeCommand = /^[a-z]{1,16}$/.test(command) ? command : "other";
  return {
    folder: join(base, "code"),
    name: `${safeCommand}-${buildId.slice(0, 16)}-node${process.versions.node}-${process.arch}.v8`,
  };
}

/** How many caches of one command to keep: one per compiler build and Node version in use. */
const KEEP_PER_COMMAND = 4;

/**
 * Writes the cache atomically (temp + rename: a concurrent run reads the old file or the new
 * one), then keeps only the few most recently written caches of this command, so upgrades do
 * not pile up files while two projects pinned to different releases do not evict each other.
 */
export function writeCodeCache(file: CodeCacheFile, data: Buffer): void {
  try {
    mkdirSync(file.folder, { recursive: true });
    const path = join(file.folder, file.name);
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, data);
    renameSync(temp, path);
    const command = file.name.slice(0, file.name.indexOf("-") + 1);
    const siblings = readdirSync(file.folder)
      .filter((entry) => entry.startsWith(command) && entry.endsWith(".v8"))
      .map((entry) => ({ entry, written: statSync(join(file.folder, entry)).mtimeMs }))
      .sort((a, b) => b.written - a.written);
    for (const { entry } of siblings.slice(KEEP_PER_COMMAND)) {
      if (entry !== file.name) unlinkSync(join(file.folder, entry));
    }
  } catch {
    // A cache that cannot be written only costs the next run its compile time.
  }
}
