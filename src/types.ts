import type { Diagnostic } from "./diagnostics/diagnostic.js";

/** One file of the generated tree; `path` is relative to the output folder, POSIX separators. */
export interface GeneratedFile {
  path: string;
  contents: string;
}

export interface CompileOptions {
  /** How the spec is named in diagnostics (relative to the working folder, POSIX). */
  specPath: string;
  /**
   * How generated headers and the tree's README name the spec; defaults to specPath. The CLI
   * passes the spec's path relative to the output folder, so the bytes of a tree do not
   * depend on the folder the build ran from.
   */
  sourceName?: string;
}

export interface CompileResult {
  /** Sorted by path; empty when any diagnostic is an error. */
  files: GeneratedFile[];
  /** Sorted; warnings may accompany files. */
  diagnostics: Diagnostic[];
}
