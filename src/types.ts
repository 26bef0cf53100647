import type { Diagnostic } from "./diagnostics/diagnostic.js";

/** One file of the generated tree; `path` is relative to the output folder, POSIX separators. */
export interface GeneratedFile {
  path: string;
  contents: string;
}

export interface CompileOptions {
  /** How the spec is named in diagnostics and in generated headers (relative, POSIX). */
  specPath: string;
}

export interface CompileResult {
  /** Sorted by path; empty when any diagnostic is an error. */
  files: GeneratedFile[];
  /** Sorted; warnings may accompany files. */
  diagnostics: Diagnostic[];
}
