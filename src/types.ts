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
  /**
   * machines.lock.json of the tree being rebuilt, as read from disk: nodes keep the host an
   * earlier build placed them on. An unreadable lock counts as none.
   */
  previousLock?: string;
  /**
   * The folder holds a tree built before machines.lock.json existed (and no lock): place nodes
   * the way that version did, so a first rebuild moves no VM.
   */
  treeWithoutLock?: boolean;
}

export interface CompileResult {
  /** Sorted by path; empty when any diagnostic is an error. */
  files: GeneratedFile[];
  /** Sorted; warnings may accompany files. */
  diagnostics: Diagnostic[];
  /**
   * Offsets of the spec text that hold what the secret scan flagged (values under credential
   * keys, credential-shaped values and keys): a code frame must not print them. Pass them to
   * renderPretty's `hidden`; absent when the scan flagged nothing.
   */
  secretRanges?: Array<{ start: number; end: number }>;
}
