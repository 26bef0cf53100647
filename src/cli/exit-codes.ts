/**
 * Exit codes follow prettier's table (shared/research/aesthetics.md, H.5), so CI scripts can
 * tell drift from a broken spec from a bug.
 */
export const ExitCode = {
  /** Success, or `--check` found the tree up to date. */
  ok: 0,
  /** `--check` found the tree out of date (or `validate` found the tree invalid). */
  drift: 1,
  /** The spec has errors, the command line is wrong, or a file could not be read or written. */
  badInput: 2,
  /** A bug in talos-hclgen. */
  internal: 3,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
