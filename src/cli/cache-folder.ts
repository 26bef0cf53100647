/**
 * Where talos-hclgen keeps what it caches on this machine (the up-to-date cache of
 * src/cli/commands/build-cache.ts, the code cache of src/launcher/code-cache.ts):
 * $TALOS_HCLGEN_CACHE_DIR, else $XDG_CACHE_HOME/talos-hclgen, else ~/.cache/talos-hclgen.
 * Undefined when TALOS_HCLGEN_NO_CACHE=1 turns caching off. Free of other imports: the
 * launcher uses it before the CLI is loaded.
 */
import { homedir } from "node:os";
import { join } from "node:path";

export function cacheFolder(env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (env["TALOS_HCLGEN_NO_CACHE"] === "1") return undefined;
  return env["TALOS_HCLGEN_CACHE_DIR"] ?? join(env["XDG_CACHE_HOME"] ?? join(homedir(), ".cache"), "talos-hclgen");
}
