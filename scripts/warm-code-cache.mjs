// The install warms the code cache of `build` (src/launcher/code-cache.ts), so that the first
// build on a machine, which on a fresh CI runner is the only one, starts from compiled code:
// measured on the bench's reference spec, a `build --check` with no cache takes ~240 ms, or
// ~260 ms when it also writes the cache at exit, and ~190 ms with the cache this writes.
//
// It writes starter specs for every platform into a scratch folder (`init`, with caching off)
// and runs one `build --check` over all of them: every platform's code runs in one process,
// and the cache holds it all (V8 serializes what a script compiled so far,
// vm.Script#createCachedData). A --check of trees that do not exist exits 1, which writes the
// code cache (the launcher writes it after exit 0 or 1) and nothing else: no tree and no
// up-to-date entry. TALOS_HCLGEN_NO_CACHE=1 skips it, like every cache; a failure only costs
// the first build its compile time, so nothing here ever fails an install or prints.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PLATFORMS = ["proxmox", "hcloud", "metal"];

/** Warms the code cache of the package at `root` for the Node running this; true if it ran. */
export function warmCodeCache(root, env = process.env) {
  const bin = join(root, "bin", "talos-hclgen.js");
  if (env.TALOS_HCLGEN_NO_CACHE === "1" || !existsSync(join(root, "dist", "cli.cjs"))) return false;
  let scratch;
  try {
    scratch = mkdtempSync(join(tmpdir(), "talos-hclgen-warm-"));
    const run = (args, extraEnv) =>
      spawnSync(process.execPath, [bin, ...args], { cwd: scratch, env: { ...env, ...extraEnv }, stdio: "ignore", timeout: 60_000 });
    for (const platform of PLATFORMS) run(["init", `${platform}.yaml`, "--platform", platform], { TALOS_HCLGEN_NO_CACHE: "1" });
    const check = run(["build", "*.yaml", "-o", "trees/{stem}", "--check", "--quiet"], {});
    return check.status === 1;
  } catch {
    return false;
  } finally {
    try {
      if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
    } catch {
      // Left in the temporary folder: the system's to clean.
    }
  }
}
