/**
 * Path rules for the output tree. Generated paths come from our own compiler, so a bad one is
 * a bug (throw); the protected patterns are the files OpenTofu/Terraform and the user own in
 * the same folder, which the writer must never touch, not even with --force.
 */
import { isWindowsReservedName } from "../base/windows-names.js";
import { compareStrings } from "../base/compare.js";

/** The ownership manifest, in the root of every generated tree. */
export const MANIFEST_NAME = ".talos-hclgen.json";

/**
 * The commit journal: the new manifest, placed before the first file of a commit is replaced
 * and removed once the manifest itself is. A build killed in between leaves it, so the next
 * build knows the files it finds there were written by talos-hclgen (apply-write.ts).
 */
export const JOURNAL_NAME = ".talos-hclgen.pending.json";

/**
 * The folder lock: present while a build writes the tree, so two builds never interleave
 * (folder-lock.ts). It lives in the output folder itself, so every alias of the folder (a
 * symlink, a relative path) finds the same lock and nothing is written outside the folder.
 */
export const LOCK_NAME = ".talos-hclgen.lock";

/** The files the writer keeps for itself in the root of a tree: never generated, never listed. */
export function isWriterFile(path: string): boolean {
  return path === MANIFEST_NAME || path === JOURNAL_NAME || path === LOCK_NAME;
}

/** Why `path` is not a safe relative POSIX path, or undefined when it is. */
export function unsafePathReason(path: string): string | undefined {
  if (path === "") return "it is empty";
  if (path.includes("\0")) return "it contains a NUL byte";
  if (path.includes("\\")) return "it contains a backslash";
  if (path.startsWith("/")) return "it is absolute";
  if (/^[A-Za-z]:/.test(path)) return "it starts with a drive letter";
  for (const segment of path.split("/")) {
    if (segment === "") return "it has an empty segment";
    if (segment === "." || segment === "..") return `it has a "${segment}" segment`;
  }
  return undefined;
}

/** Throws when a generated path could escape the output folder or names a protected file. */
export function assertGeneratedPath(path: string): void {
  const reason = unsafePathReason(path);
  if (reason !== undefined) throw new Error(`generated path ${JSON.stringify(path)} is not a safe relative path: ${reason}`);
  if (isWriterFile(path)) throw new Error(`generated path ${JSON.stringify(path)} collides with the writer's own files`);
  // The spec rules refuse what could lead here (node names); this is the last guard.
  if (path.split("/").some(isWindowsReservedName)) throw new Error(`generated path ${JSON.stringify(path)} has a segment Windows reserves for a device`);
  if (isProtectedPath(path)) throw new Error(`generated path ${JSON.stringify(path)} is a protected OpenTofu/user file`);
}

/**
 * Files the writer never creates, overwrites, deletes or reports: the provider cache
 * (`.terraform/`), the dependency lock file, variable values the user keeps next to the code,
 * and state (`terraform.tfstate`, `.backup`, `.lock.info`, and the `terraform.tfstate.d/`
 * workspace folder, which the segment test covers).
 */
export function isProtectedPath(path: string): boolean {
  const segments = path.split("/");
  const base = segments[segments.length - 1] ?? "";
  if (segments.includes(".terraform")) return true;
  if (segments.some((segment) => segment.includes(".tfstate"))) return true;
  return base === ".terraform.lock.hcl" || base.endsWith(".tfvars") || base.endsWith(".tfvars.json");
}

/** The folder of a relative path: "" for a file in the root. */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** Every folder a relative path lies in, the root ("") first: "a/b/c" -> "", "a", "a/b". */
export function foldersOf(path: string): string[] {
  const folders = [""];
  for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) folders.push(path.slice(0, i));
  return folders;
}

/** Code-unit order, never locale order: the same on every machine. */
export const comparePaths = compareStrings;
