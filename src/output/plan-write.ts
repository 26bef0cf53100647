/**
 * planWrite: compare the new file set with the tree on disk and decide, for every path, what
 * `build` will do, and which paths it must refuse to touch. Reads, never writes, so every
 * conflict is known before the first byte is written.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { GeneratedFile } from "../types.js";
import { outDirProblem, readDiskEntry, type DiskEntry } from "./disk-entry.js";
import { sha256 } from "./hash.js";
import {
  emptyManifest,
  parseManifest,
  renderManifest,
  type Manifest,
} from "./manifest.js";
import {
  assertGeneratedPath,
  comparePaths,
  isProtectedPath,
  JOURNAL_NAME,
  MANIFEST_NAME,
} from "./paths.js";

const MISSING: DiskEntry = { kind: "missing" };

export type FileAction =
  | { kind: "create"; path: string; contents: string }
  | {
      kind: "update";
      path: string;
      contents: string;
      previous: Buffer;
      mode: number;
      forced: boolean;
    }
  | { kind: "delete"; path: string; previous: Buffer; forced: boolean }
  | { kind: "unchanged"; path: string };

export type ConflictKind =
  /** A file the manifest does not list sits where a generated file goes. --force overwrites. */
  | "not-generated"
  /** A generated file whose hash no longer matches the manifest. --force overwrites it. */
  | "hand-edited"
  /** The same, for a file no longer generated. --force deletes it. */
  | "hand-edited-stale"
  /** The manifest cannot be trusted. --force treats the tree as having no manifest. */
  | "unreadable-manifest"
  /** A folder or symlink where a file goes, or an unreadable file: --force cannot help. */
  | "not-a-file"
  | "unreadable"
  | "out-dir-not-a-folder";

export interface Conflict {
  kind: ConflictKind;
  /** Relative to the output folder; "" for the folder itself. */
  path: string;
  detail: string;
}

export interface WritePlan {
  /** Absolute output folder. */
  outDir: string;
  /** One action per generated path, stale owned path and the manifest; sorted by path. */
  actions: FileAction[];
  /** Sorted by path. applyWrite refuses a plan with conflicts. */
  conflicts: Conflict[];
}

export interface PlanOptions {
  force: boolean;
}

const FORCEABLE: ReadonlySet<ConflictKind> = new Set([
  "not-generated",
  "hand-edited",
  "hand-edited-stale",
  "unreadable-manifest",
]);

export function planWrite(
  outDir: string,
  files: readonly GeneratedFile[],
  options: PlanOptions,
): WritePlan {
  const sorted = checkedFiles(files);
  const dir = resolve(outDir);
  const plan: WritePlan = { outDir: dir, actions: [], conflicts: [] };
  const rootProblem = outDirProblem(dir);
  if (rootProblem !== undefined) {
    plan.conflicts.push({
      kind: "out-dir-not-a-folder",
      path: "",
      detail: rootProblem,
    });
    return plan;
  }
  // A first build into a new folder: every path is missing, and a 1000-node tree need not
  // ask the file system so a thousand times.
  const folderExists = existsSync(dir);
  const entryAt = (path: string): DiskEntry => (folderExists ? readDiskEntry(join(dir, path)) : MISSING);
  const manifestEntry = entryAt(MANIFEST_NAME);
  const manifest = withJournal(dir, readOldManifest(manifestEntry, plan, options));
  const conflict = (c: Conflict): boolean => {
    if (options.force && FORCEABLE.has(c.kind)) return true;
    plan.conflicts.push(c);
    return false;
  };
  for (const file of sorted)
    planFile(plan, file, entryAt(file.path), manifest, conflict);
  const generated = new Set(sorted.map((f) => f.path));
  for (const [path, hash] of manifest.files) {
    if (!generated.has(path) && !isProtectedPath(path))
      planStale(plan, path, hash, conflict);
  }
  const manifestFile = {
    path: MANIFEST_NAME,
    contents: renderManifest(sorted),
  };
  planFile(
    plan,
    manifestFile,
    manifestEntry,
    { files: new Map([[MANIFEST_NAME, hashOf(manifestEntry)]]) },
    conflict,
  );
  plan.actions.sort((a, b) => comparePaths(a.path, b.path));
  plan.conflicts.sort(
    (a, b) => comparePaths(a.path, b.path) || comparePaths(a.kind, b.kind),
  );
  return plan;
}

/** A conflict callback: returns true when --force lets the action go ahead. */
type OnConflict = (conflict: Conflict) => boolean;

function planFile(
  plan: WritePlan,
  file: GeneratedFile,
  disk: DiskEntry,
  manifest: Manifest,
  conflict: OnConflict,
): void {
  const { path, contents } = file;
  if (disk.kind === "missing")
    return void plan.actions.push({ kind: "create", path, contents });
  if (disk.kind !== "file")
    return void conflict({
      kind: disk.kind === "unreadable" ? "unreadable" : "not-a-file",
      path,
      detail: describe(disk),
    });
  // Identical bytes are adopted whoever wrote them: nothing is overwritten, and a tree whose
  // manifest write was interrupted heals on the next build.
  if (disk.bytes.equals(Buffer.from(contents, "utf8")))
    return void plan.actions.push({ kind: "unchanged", path });
  const recorded = manifest.files.get(path);
  const base = {
    kind: "update",
    path,
    contents,
    previous: disk.bytes,
    mode: disk.mode,
  } as const;
  if (recorded === sha256(disk.bytes))
    return void plan.actions.push({ ...base, forced: false });
  const kind = recorded === undefined ? "not-generated" : "hand-edited";
  if (
    conflict({
      kind,
      path,
      detail:
        kind === "hand-edited"
          ? "edited since talos-hclgen wrote it"
          : "not written by talos-hclgen",
    })
  ) {
    plan.actions.push({ ...base, forced: true });
  }
}

function planStale(
  plan: WritePlan,
  path: string,
  hash: string,
  conflict: OnConflict,
): void {
  const disk = readDiskEntry(join(plan.outDir, path));
  // Already gone, or replaced by a folder or link the user made: not ours any more.
  if (disk.kind === "missing" || disk.kind === "other") return;
  if (disk.kind === "unreadable")
    return void conflict({ kind: "unreadable", path, detail: disk.message });
  if (sha256(disk.bytes) === hash)
    return void plan.actions.push({
      kind: "delete",
      path,
      previous: disk.bytes,
      forced: false,
    });
  if (
    conflict({
      kind: "hand-edited-stale",
      path,
      detail: "no longer generated, but edited since talos-hclgen wrote it",
    })
  ) {
    plan.actions.push({
      kind: "delete",
      path,
      previous: disk.bytes,
      forced: true,
    });
  }
}

function readOldManifest(
  entry: DiskEntry,
  plan: WritePlan,
  options: PlanOptions,
): Manifest {
  if (entry.kind !== "file") return emptyManifest; // other kinds are reported by planFile
  const parsed = parseManifest(entry.bytes.toString("utf8"));
  if (parsed.ok) return parsed.manifest;
  if (!options.force)
    plan.conflicts.push({
      kind: "unreadable-manifest",
      path: MANIFEST_NAME,
      detail: parsed.reason,
    });
  return emptyManifest;
}

/**
 * A build killed mid-commit leaves its journal (the manifest it was about to place): a file
 * whose bytes match the journal was written by that build, so it counts as generated, with
 * the journal's hash, rather than as hand-edited or as the user's. A journal that does not
 * parse (killed while it was written) is ignored.
 */
function withJournal(dir: string, manifest: Manifest): Manifest {
  const entry = readDiskEntry(join(dir, JOURNAL_NAME));
  if (entry.kind !== "file") return manifest;
  const journal = parseManifest(entry.bytes.toString("utf8"));
  if (!journal.ok) return manifest;
  const files = new Map(manifest.files);
  for (const [path, hash] of journal.manifest.files) {
    const disk = readDiskEntry(join(dir, path));
    if (disk.kind === "file" && sha256(disk.bytes) === hash) files.set(path, hash);
  }
  return { files };
}

/** The manifest is always ours: its "recorded" hash is whatever is on disk, so it never conflicts. */
function hashOf(entry: DiskEntry): string {
  return entry.kind === "file" ? sha256(entry.bytes) : "";
}

function checkedFiles(files: readonly GeneratedFile[]): GeneratedFile[] {
  const sorted = [...files].sort((a, b) => comparePaths(a.path, b.path));
  const seen = new Set<string>();
  for (const file of sorted) {
    assertGeneratedPath(file.path);
    if (seen.has(file.path))
      throw new Error(
        `generated path ${JSON.stringify(file.path)} appears twice`,
      );
    seen.add(file.path);
  }
  // Sorted order puts "a" right before "a/..." only when nothing sorts between them ("a-b"),
  // so test every ancestor instead.
  for (const file of sorted) {
    const segments = file.path.split("/");
    for (let i = 1; i < segments.length; i++) {
      const ancestor = segments.slice(0, i).join("/");
      if (seen.has(ancestor))
        throw new Error(
          `generated path ${JSON.stringify(ancestor)} is both a file and a folder`,
        );
    }
  }
  return sorted;
}

function describe(
  entry: Extract<DiskEntry, { kind: "other" | "unreadable" }>,
): string {
  return entry.kind === "unreadable" ? entry.message : entry.what;
}
