/**
 * Where the stub provider's single-file bundle comes from. A package build ships it as
 * `dist/stub-provider.mjs`; in a source checkout (tests, `tsx`) it is bundled on first use
 * from ./stub-provider/main.ts with esbuild (a dev dependency), once per process, so it can
 * never be stale.
 */
import { access, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const STUB_BUNDLE_NAME = "stub-provider.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const sourceEntry = join(here, "stub-provider", "main.ts");

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

let bundled: Promise<string> | undefined;

/** Not a literal: bundlers must leave esbuild (a dev dependency) out of dist/. */
const ESBUILD: string = "esbuild";

async function bundleFromSource(): Promise<string> {
  const { build } = (await import(ESBUILD)) as typeof import("esbuild");
  const result = await build({
    entryPoints: [sourceEntry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error("esbuild produced no stub provider bundle");
  return output.text;
}

/** The prebuilt bundle next to the running code, or in the package's dist/. */
async function findPrebuilt(): Promise<string | undefined> {
  for (let dir = here, i = 0; i < 4; dir = dirname(dir), i++) {
    for (const candidate of [join(dir, STUB_BUNDLE_NAME), join(dir, "dist", STUB_BUNDLE_NAME)]) {
      if (await exists(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * A path to an executable stub script; when bundling from source it is written into
 * `scratchDir`, which the caller removes. Undefined when neither form is available.
 */
export async function prepareStubScript(scratchDir: string): Promise<string | undefined> {
  if (await exists(sourceEntry)) {
    try {
      bundled ??= bundleFromSource();
      const path = join(scratchDir, STUB_BUNDLE_NAME);
      await writeFile(path, await bundled, { mode: 0o755 });
      return path;
    } catch {
      bundled = undefined; // no esbuild here: a prebuilt bundle may still exist
    }
  }
  return findPrebuilt();
}
