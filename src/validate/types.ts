import type { Diagnostic, Span } from "../diagnostics/diagnostic.js";
import type { InstallMode } from "./mirror.js";

export type { InstallMode };

export interface ValidateOptions {
  /** How the tree is named in diagnostics (`infra/`); defaults to `dir` as given. */
  label?: string;
  /** `--provider-schemas`: a `providers schema -json` file or a folder of them; offline mode. */
  providerSchemas?: string;
  /** `--binary`: path or name of tofu/terraform; else $TALOS_HCLGEN_TOFU, tofu, terraform. */
  binary?: string;
  /** Offline only: `-plugin-dir` or a CLI config `filesystem_mirror` (the default). */
  installMode?: InstallMode;
  /** Environment to resolve the binary in and pass on (defaults to process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** What relative `dir`, `providerSchemas` and `binary` paths are relative to (process.cwd()). */
  cwd?: string;
  /** A prebuilt stub provider bundle (default: dist/stub-provider.mjs, or built from source). */
  stubScript?: string;
  /** Where scratch directories go (defaults to os.tmpdir()). */
  tmpDir?: string;
  /** Maps a generated file position (as in `span.file`) to the spec field it came from. */
  sourceMap?: (file: string, line: number) => Span | undefined;
}

/** 0 valid (warnings allowed), 1 invalid, 2 usage or environment problem. */
export type ValidateExitCode = 0 | 1 | 2;

export interface ValidateStats {
  initMs: number;
  validateMs: number;
  /** Offline only: how many times a stub provider process was started. */
  stubLaunches?: number;
}

export interface ValidateResult {
  exitCode: ValidateExitCode;
  /** Sorted (compareDiagnostics). */
  diagnostics: Diagnostic[];
  /** The tool that ran, when one was found. */
  binary?: { path: string; name: string };
  offline: boolean;
  stats: ValidateStats;
}
