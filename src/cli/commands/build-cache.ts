/**
 * The up-to-date cache. A pre-commit hook builds on every commit, and most commits do not
 * touch the spec. When this machine last built the same spec text, with the same compiler,
 * into the same folder, and the folder still holds exactly what that build wrote (every
 * file the manifest lists, with its hash), compiling again would reproduce those bytes:
 * compile() is pure. So the tree's own files stand in for the compiler's output, and the
 * rest of the build (plan, write, --check) runs as usual on them.
 *
 * The cache is per machine (it keys on the Node version and the compiler build), so it lives
 * outside the tree, never in the committed manifest: $TALOS_HCLGEN_CACHE_DIR, else
 * $XDG_CACHE_HOME/talos-hclgen, else ~/.cache/talos-hclgen. TALOS_HCLGEN_NO_CACHE=1 turns it
 * off. A build with any diagnostic is never cached, so warnings are shown every time.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../../output/hash.js";
import { cacheFolder } from "../cache-folder.js";
import { parseManifest, renderManifest } from "../../output/manifest.js";
import { MANIFEST_NAME } from "../../output/paths.js";
import type { GeneratedFile } from "../../types.js";

/** Set by scripts/build.mjs: a hash of every source, template, schema and dependency pin. */
declare const __TALOS_HCLGEN_BUILD_ID__: string | undefined;
const BUILD_ID = typeof __TALOS_HCLGEN_BUILD_ID__ === "string" ? __TALOS_HCLGEN_BUILD_ID__ : undefined;

type Env = Readonly<Record<string, string | undefined>>;

interface CacheEntry {
  stamp: string;
  /** sha256 of the manifest the build left. */
  manifest: string;
}

/** What the output is a function of; undefined when the cache is off (or not a built CLI). */
export function cacheStamp(env: Env, specText: string, sourceName: string): string | undefined {
  if (BUILD_ID === undefined || cacheFolder(env) === undefined) return undefined;
  return sha256(JSON.stringify([BUILD_ID, process.version, sourceName, specText]));
}

function entryPath(env: Env, outDir: string): string | undefined {
  const folder = cacheFolder(env);
  return folder === undefined ? undefined : join(folder, `${sha256(outDir).slice(0, 32)}.json`);
}

/** The tree's files, when it is exactly what the build stamped `stamp` left there. */
export function filesIfUpToDate(env: Env, outDir: string, stamp: string): GeneratedFile[] | undefined {
  const entryFile = entryPath(env, outDir);
  if (entryFile === undefined) return undefined;
  try {
    const entry = JSON.parse(readFileSync(entryFile, "utf8")) as Partial<CacheEntry>;
    if (entry.stamp !== stamp) return undefined;
    const manifestText = readFileSync(join(outDir, MANIFEST_NAME));
    if (sha256(manifestText) !== entry.manifest) return undefined;
    const manifest = parseManifest(manifestText.toString("utf8"));
    if (!manifest.ok) return undefined;
    const files: GeneratedFile[] = [];
    for (const [path, hash] of manifest.manifest.files) {
      const bytes = readFileSync(join(outDir, path));
      if (sha256(bytes) !== hash) return undefined;
      files.push({ path, contents: bytes.toString("utf8") });
    }
    return files;
  } catch {
    return undefined; // no entry, a file gone or unreadable: compile as usual
  }
}

/**
 * After a build or check left `outDir` exactly as compiled (`files`): remember it. Best effort.
 * The manifest's hash is that of the manifest those files make, not of the one on disk: by
 * the time this runs, another build may have written the folder (a --check holds no lock).
 */
export function rememberUpToDate(env: Env, outDir: string, stamp: string, files: readonly GeneratedFile[]): void {
  const path = entryPath(env, outDir);
  if (path === undefined) return;
  try {
    const entry: CacheEntry = { stamp, manifest: sha256(renderManifest(files)) };
    mkdirSync(join(path, ".."), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, JSON.stringify(entry));
      renameSync(temp, path);
    } catch (error) {
      rmSync(temp, { force: true }); // a full disk leaves an empty file behind
      throw error;
    }
  } catch {
    // A cache that cannot be written only costs the next run a compile.
  }
}
