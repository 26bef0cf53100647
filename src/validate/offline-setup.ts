/**
 * Offline mode's preparation inside the scratch dir: read the tree's provider requirements,
 * decide versions, write the stub mirror and the CLI config that points at it.
 */
import { mkdir, writeFile } from "node:fs/promises";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { cliConfig, goPlatform, initArgs, writeMirror, type InstallMode } from "./mirror.js";
import { planMirror } from "./mirror-plan.js";
import type { LoadedSchemas } from "./provider-schemas.js";
import { readRequiredProviders } from "./required-providers.js";
import type { Scratch } from "./scratch.js";
import { prepareStubScript } from "./stub-script.js";
import type { OfflineEnv } from "./tool-env.js";

export type OfflineSetup =
  { ok: true; initArgs: string[]; env: OfflineEnv; diagnostics: Diagnostic[] } | { ok: false; exitCode: 1 | 2; diagnostics: Diagnostic[] };

export async function prepareOffline(
  scratch: Scratch,
  schemas: LoadedSchemas,
  options: { mode: InstallMode; stubScript?: string | undefined },
): Promise<OfflineSetup> {
  // Both may take a couple of hundred milliseconds on first use (WebAssembly, esbuild).
  const [requirements, stubScript] = await Promise.all([
    readRequiredProviders(scratch.tree).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
    options.stubScript ?? prepareStubScript(scratch.root),
  ]);
  if (requirements instanceof Error) {
    return {
      ok: false,
      exitCode: 2,
      diagnostics: [
        {
          code: "validate/dependency-missing",
          severity: "error",
          message: `cannot load the HCL parser (@cdktf/hcl2json) to read required_providers: ${requirements.message}`,
          hint: "reinstall talos-hclgen with its dependencies",
        },
      ],
    };
  }
  const plan = planMirror(schemas, requirements);
  const errors = plan.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    // Conflicting constraints are the tree's fault; a missing schema is the environment's.
    const exitCode = errors.every((d) => d.code === "validate/version-conflict") ? 1 : 2;
    return { ok: false, exitCode, diagnostics: plan.diagnostics };
  }
  const platform = goPlatform();
  if (platform === undefined) {
    return {
      ok: false,
      exitCode: 2,
      diagnostics: [
        {
          code: "validate/unsupported-platform",
          severity: "error",
          message: `offline validation starts stub providers through a POSIX shell, which ${process.platform}/${process.arch} lacks`,
          hint: "run without --provider-schemas, or on Linux or macOS",
        },
      ],
    };
  }
  if (stubScript === undefined) {
    return {
      ok: false,
      exitCode: 2,
      diagnostics: [
        {
          code: "validate/stub-missing",
          severity: "error",
          message: "the stub provider (dist/stub-provider.mjs) is missing from this installation",
          hint: "reinstall talos-hclgen, or run `npm run build` in a source checkout",
        },
      ],
    };
  }
  await writeMirror({ root: scratch.mirror, schemaDir: scratch.schemas, platform, nodePath: process.execPath, stubScript }, plan.entries);
  await writeFile(scratch.cliConfig, cliConfig(options.mode, scratch.mirror));
  await mkdir(scratch.home, { recursive: true });
  return {
    ok: true,
    initArgs: initArgs(options.mode, scratch.mirror),
    env: { cliConfigFile: scratch.cliConfig, home: scratch.home, stubTrace: scratch.stubTrace },
    diagnostics: plan.diagnostics,
  };
}
