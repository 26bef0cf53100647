/**
 * What is on disk at one path of the output tree, read once so planning and checking agree.
 * lstat, not stat: a symlink at a generated path is reported as such, never followed, so the
 * writer cannot be tricked into replacing a file outside the tree.
 */
import { lstatSync, readFileSync, statSync } from "node:fs";

export type DiskEntry =
  | { kind: "missing" }
  | { kind: "file"; bytes: Buffer; mode: number }
  /** Not a regular file (a folder, a symlink), or under a file where a folder should be. */
  | { kind: "other"; what: string }
  /** A folder on the way is a symbolic link (`link`, relative to the tree): see tree-walk.ts. */
  | { kind: "link-in-path"; link: string }
  | { kind: "unreadable"; message: string };

export function readDiskEntry(absolutePath: string): DiskEntry {
  try {
    const stat = lstatSync(absolutePath);
    if (stat.isFile())
      return {
        kind: "file",
        bytes: readFileSync(absolutePath),
        mode: stat.mode & 0o7777,
      };
    return { kind: "other", what: describeNonFile(stat) };
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT") return { kind: "missing" };
    if (code === "ENOTDIR")
      return {
        kind: "other",
        what: "blocked by a file where a folder should be",
      };
    return { kind: "unreadable", message: errorMessage(error) };
  }
}

function describeNonFile(stat: { isDirectory(): boolean; isSymbolicLink(): boolean }): string {
  if (stat.isDirectory()) return "is a folder";
  if (stat.isSymbolicLink()) return "is a symbolic link";
  return "is not a regular file";
}

/**
 * The output folder itself may be a symlink (a common way to share a tree): follow it.
 * Returns undefined when the folder exists or is missing, else why it cannot be used.
 */
export function outDirProblem(outDir: string): string | undefined {
  try {
    return statSync(outDir).isDirectory() ? undefined : "is not a folder";
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT") return undefined;
    if (code === "ENOTDIR") return "is blocked by a file where a folder should be";
    return errorMessage(error);
  }
}

export function errorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}

/**
 * A file system error in words. The common, user-fixable codes get a plain phrase (the path is
 * already named by the caller); anything rarer keeps Node's full message, which names the
 * syscall and the code, since that is what someone debugging it needs.
 */
export function errorMessage(error: unknown): string {
  const phrase = FRIENDLY[errorCode(error) ?? ""];
  if (phrase !== undefined) return phrase;
  return error instanceof Error ? error.message : String(error);
}

const FRIENDLY: Readonly<Record<string, string>> = {
  ENOENT: "no such file or folder",
  EISDIR: "it is a folder",
  ENOTDIR: "a part of the path is a file, not a folder",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOSPC: "no space left on the device",
  EROFS: "read-only file system",
  EEXIST: "it already exists",
};
