/**
 * The ownership manifest: which files of the tree talos-hclgen wrote, and their sha256 at the
 * time. It is how the writer tells its own files (safe to replace or prune) from the user's
 * (never touched without --force), and a hand edit from a stale file. Deterministic: sorted
 * keys, no timestamps, no tool version, so an unchanged build leaves it byte-identical.
 */
import { sha256 } from "./hash.js";
import { comparePaths, isProtectedPath, isWriterFile, unsafePathReason } from "./paths.js";

/** Bump only when the shape changes; readers refuse versions they do not know. */
const MANIFEST_VERSION = 1;

export interface Manifest {
  /** Generated path (relative, POSIX) -> hex sha256 of its contents. */
  readonly files: ReadonlyMap<string, string>;
}

export type ManifestParse = { ok: true; manifest: Manifest } | { ok: false; reason: string };

export function renderManifest(files: readonly { path: string; contents: string }[]): string {
  return renderManifestEntries(manifestEntries(files));
}

/** [path, sha256] of every file, sorted by path: what a manifest records. */
export function manifestEntries(files: readonly { path: string; contents: string }[]): Array<readonly [string, string]> {
  const entries = files.map((f) => [f.path, sha256(f.contents)] as const);
  return entries.sort((a, b) => comparePaths(a[0], b[0]));
}

export function renderManifestEntries(entries: ReadonlyArray<readonly [string, string]>): string {
  const document = {
    $comment: `Written by talos-hclgen: the files it generated in this folder and their sha256, so it never overwrites or deletes a file it did not write. Do not edit.`,
    version: MANIFEST_VERSION,
    files: Object.fromEntries(entries),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * A manifest is trusted only if every entry is a safe relative path: a tampered manifest must
 * not be able to make the writer delete a file outside the tree or a protected file.
 */
export function parseManifest(text: string): ManifestParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "it is not valid JSON" };
  }
  if (!isRecord(value)) return { ok: false, reason: "it is not a JSON object" };
  if (value["version"] !== MANIFEST_VERSION) {
    return {
      ok: false,
      reason: `its version is ${JSON.stringify(value["version"])}, expected ${MANIFEST_VERSION}`,
    };
  }
  const files = value["files"];
  if (!isRecord(files)) return { ok: false, reason: `its "files" is not an object` };
  const result = new Map<string, string>();
  for (const [path, hash] of Object.entries(files)) {
    const unsafe = unsafePathReason(path);
    if (unsafe !== undefined || isWriterFile(path) || isProtectedPath(path)) {
      return {
        ok: false,
        reason: `it lists ${JSON.stringify(path)}, which talos-hclgen never writes`,
      };
    }
    if (typeof hash !== "string" || !/^[0-9a-f]{64}$/.test(hash)) {
      return {
        ok: false,
        reason: `the hash of ${JSON.stringify(path)} is not a sha256`,
      };
    }
    result.set(path, hash);
  }
  return { ok: true, manifest: { files: result } };
}

export const emptyManifest: Manifest = { files: new Map() };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
