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
import { lstatSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../../output/hash.js";
import { cacheFolder } from "../cache-folder.js";
import { readEntry, stampOf, statKey, writeEntry, type StatRecord } from "../up-to-date-entry.js";
import { parseManifest, renderManifest } from "../../output/manifest.js";
import { MANIFEST_NAME } from "../../output/paths.js";
import type { GeneratedFile } from "../../types.js";

/** Set by scripts/build.mjs: a hash of every source, template, schema and dependency pin. */
declare const __TALOS_HCLGEN_BUILD_ID__: string | undefined;
const BUILD_ID = typeof __TALOS_HCLGEN_BUILD_ID__ === "string" ? __TALOS_HCLGEN_BUILD_ID__ : undefined;

type Env = Readonly<Record<string, string | undefined>>;

/** What the output is a function of; undefined when the cache is off (or not a built CLI). */
export function cacheStamp(env: Env, specText: string, sourceName: string): string | undefined {
  if (BUILD_ID === undefined || cacheFolder(env) === undefined) return undefined;
  return stampOf(sha256, BUILD_ID, sourceName, specText);
}

/** The tree's files, when it is exactly what the build stamped `stamp` left there. */
export function filesIfUpToDate(env: Env, outDir: string, stamp: string): GeneratedFile[] | undefined {
  const entry = readEntry(env, outDir);
  if (entry === undefined || entry.stamp !== stamp) return undefined;
  try {
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

/** The spec a tree was built from, to record what the file system says about it. */
export interface StampedSpec {
  path: string;
  sourceName: string;
  text: string;
}

/**
 * After a build or check left `outDir` exactly as compiled (`files`): remember it. Best effort.
 * The manifest's hash is that of the manifest those files make, not of the one on disk: by
 * the time this runs, another build may have written the folder (a --check holds no lock).
 * So only a build, which still holds the folder's lock (nothing else writes it), records the
 * files' stats (up-to-date-entry.ts); after a --check the launcher records them when it has
 * hashed the files once.
 */
export function rememberUpToDate(env: Env, outDir: string, stamp: string, files: readonly GeneratedFile[], spec: StampedSpec, underLock: boolean): void {
  const manifest = renderManifest(files);
  const stats = underLock && BUILD_ID !== undefined ? recordStats(outDir, files, spec, BUILD_ID) : undefined;
  writeEntry(env, { outDir, stamp, manifest: sha256(manifest), ...(stats === undefined ? {} : { stats }) });
}

function recordStats(outDir: string, files: readonly GeneratedFile[], spec: StampedSpec, buildId: string): StatRecord | undefined {
  try {
    const recorded = Date.now();
    // The spec may have been saved again since the build read it: its stat counts only if it
    // still holds the text the stamp was made of, and did not change while being read.
    const before = statKey(statSync(spec.path, { bigint: true }));
    if (readFileSync(spec.path, "utf8") !== spec.text) return undefined;
    if (statKey(statSync(spec.path, { bigint: true })) !== before) return undefined;
    const keys: Record<string, string> = {};
    for (const path of [MANIFEST_NAME, ...files.map((f) => f.path)]) keys[path] = statKey(lstatSync(join(outDir, path), { bigint: true }));
    return { build: buildId, node: process.version, sourceName: spec.sourceName, spec: before, files: keys, recorded };
  } catch {
    return undefined;
  }
}
