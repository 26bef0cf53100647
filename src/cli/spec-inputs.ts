/**
 * The spec arguments of `build`: literal paths, or globs (`'clusters/*.yaml'`, quoted so the
 * shell leaves them to us and they behave the same in pre-commit, CI and on Windows).
 * Each spec is named the way diagnostics and generated headers show it: relative to the
 * current folder, POSIX separators, so `./a.yaml` and `a.yaml` give identical output.
 */
import { existsSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { comparePaths } from "../output/paths.js";

export interface SpecInput {
  /** As shown to the user and passed to compile() as specPath. */
  display: string;
  absolute: string;
}

export interface ExpandedSpecs {
  specs: SpecInput[];
  diagnostics: Diagnostic[];
}

/** Characters that make fast-glob treat an argument as a pattern; checked before loading it. */
const GLOB_CHARS = /[*?[\]{}()!]/;

export async function expandSpecArgs(args: readonly string[], cwd: string): Promise<ExpandedSpecs> {
  const found = new Map<string, SpecInput>();
  const diagnostics: Diagnostic[] = [];
  for (const arg of args) {
    const matches = GLOB_CHARS.test(arg) && !existsSync(resolve(cwd, arg)) ? await glob(arg, cwd) : [arg];
    if (matches.length === 0) {
      diagnostics.push({
        code: "cli/no-match",
        severity: "error",
        message: `no file matches "${arg}"`,
        hint: "check the pattern, and quote it so the shell does not expand it first",
      });
    }
    for (const match of matches) {
      const absolute = resolve(cwd, match);
      found.set(absolute, { display: displayPath(cwd, absolute), absolute });
    }
  }
  const specs = [...found.values()].sort((a, b) => comparePaths(a.display, b.display));
  return { specs, diagnostics };
}

async function glob(pattern: string, cwd: string): Promise<string[]> {
  const { default: fg } = await import("fast-glob");
  const matches = await fg(pattern, {
    cwd,
    onlyFiles: true,
    dot: false,
    // Links to folders met while walking are not entered: fast-glob keeps no record of the
    // folders it is inside, so a link back up (or two) made the walk endless, and doubling.
    // The folder the pattern starts from may itself be a link (the system resolves it), and a
    // link to a spec file still matches; git does not follow folder links either.
    followSymbolicLinks: false,
  });
  return matches.sort(comparePaths);
}

/** Relative to cwd with "/" separators; absolute paths outside cwd become "../..." paths. */
export function displayPath(cwd: string, path: string): string {
  const absolute = isAbsolute(path) ? path : resolve(cwd, path);
  const rel = relative(cwd, absolute);
  return (rel === "" ? "." : rel).split(sep).join("/");
}
