/**
 * The write journal (JOURNAL_NAME): written before a build changes anything in a tree and
 * removed once it is done, it lists every path the build may leave behind, each with every
 * hash a talos-hclgen file there may have: the new contents, the previous manifest's, and
 * those of a journal an earlier killed build left (a killed build's journal is carried over,
 * never dropped, so any number of builds killed in a row lose nothing). The next build after a
 * kill reads it:
 *
 * - a file whose bytes match one of its hashes was written by talos-hclgen, so it is owned
 *   (replaced or pruned) rather than refused as hand-edited or as the user's (plan-write.ts);
 * - the folders of its paths are where a killed build's temporary and backup files can be,
 *   even folders the next tree no longer uses (leftovers.ts).
 */
import { comparePaths, isProtectedPath, isWriterFile, unsafePathReason } from "./paths.js";

const JOURNAL_VERSION = 2;

/** Relative path -> the sha256 hashes a talos-hclgen file at that path may have. */
export type JournalEntries = ReadonlyMap<string, ReadonlySet<string>>;

export function renderJournal(entries: JournalEntries): string {
  const files = [...entries].sort((a, b) => comparePaths(a[0], b[0])).map(([path, hashes]) => [path, [...hashes].sort(comparePaths)] as const);
  const document = {
    $comment:
      "Written by talos-hclgen while it writes this folder, and removed when it is done: a build that was interrupted left it, and the next build uses it to finish the job. Do not edit.",
    version: JOURNAL_VERSION,
    files: Object.fromEntries(files),
  };
  return `${JSON.stringify(document)}\n`;
}

/**
 * The journal's entries, or undefined when it cannot be trusted: not JSON (killed while it was
 * written, though it is renamed into place whole), or a path no build writes. Version 1, the
 * manifest-shaped journal of earlier releases (one hash per path), is read too.
 */
export function parseJournal(text: string): JournalEntries | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { version, files } = value as { version?: unknown; files?: unknown };
  if ((version !== 1 && version !== JOURNAL_VERSION) || typeof files !== "object" || files === null || Array.isArray(files)) return undefined;
  const entries = new Map<string, Set<string>>();
  for (const [path, raw] of Object.entries(files)) {
    if (unsafePathReason(path) !== undefined || isWriterFile(path) || isProtectedPath(path)) return undefined;
    const hashes = typeof raw === "string" ? [raw] : Array.isArray(raw) ? raw : undefined;
    if (hashes === undefined || !hashes.every((h) => typeof h === "string" && /^[0-9a-f]{64}$/.test(h))) return undefined;
    entries.set(path, new Set(hashes as string[]));
  }
  return entries;
}

/** Adds `hash` to the hashes of `path`. */
export function addEntry(entries: Map<string, Set<string>>, path: string, hash: string): void {
  const hashes = entries.get(path);
  if (hashes === undefined) entries.set(path, new Set([hash]));
  else hashes.add(hash);
}
