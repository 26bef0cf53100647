/**
 * planWrite: compare the new file set with the tree on disk and decide, for every path, what
 * `build` will do, and which paths it must refuse to touch. Reads, never writes, so every
 * conflict is known before the first byte is written. Every path is resolved without following
 * a link below the output folder (tree-walk.ts): a generated file or a manifest entry that a
 * link would take elsewhere is refused, even with --force.
 */
import { resolve } from "node:path";
import type { GeneratedFile } from "../types.js";
import { outDirProblem, type DiskEntry } from "./disk-entry.js";
import { addEntry, parseJournal } from "./journal.js";
import { sha256 } from "./hash.js";
import { findLeftovers } from "./leftovers.js";
import { matchesHash, sameText } from "./line-endings.js";
import { emptyManifest, manifestEntries, parseManifest, renderManifestEntries, type Manifest } from "./manifest.js";
import { assertGeneratedPath, comparePaths, foldersOf, isProtectedPath, JOURNAL_NAME, MANIFEST_NAME } from "./paths.js";
import { TreeWalk } from "./tree-walk.js";

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
  | "out-dir-not-a-folder"
  /** A folder on the way to a generated or listed file is a symbolic link: never followed. */
  | "through-link";

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
  /** The conflicts --force let through: what the same build without --force refuses. */
  overridden: Conflict[];
  /**
   * The write journal (journal.ts): every path the new tree, the manifest and a killed
   * build's journal name, with every hash a talos-hclgen file there may have.
   */
  journal: Map<string, Set<string>>;
  /** The folders of those paths, "" (the root) first: where leftovers are looked for. */
  folders: string[];
  /** What killed builds left in those folders (leftovers.ts), and their journal; sorted. */
  leftovers: string[];
}

export interface PlanOptions {
  force: boolean;
}

const FORCEABLE: ReadonlySet<ConflictKind> = new Set(["not-generated", "hand-edited", "hand-edited-stale", "unreadable-manifest"]);

export function isForceable(kind: ConflictKind): boolean {
  return FORCEABLE.has(kind);
}

export function planWrite(outDir: string, files: readonly GeneratedFile[], options: PlanOptions): WritePlan {
  const sorted = checkedFiles(files);
  const dir = resolve(outDir);
  const plan: WritePlan = {
    outDir: dir,
    actions: [],
    conflicts: [],
    overridden: [],
    journal: new Map(),
    folders: [],
    leftovers: [],
  };
  const rootProblem = outDirProblem(dir);
  if (rootProblem !== undefined) {
    plan.conflicts.push({
      kind: "out-dir-not-a-folder",
      path: "",
      detail: rootProblem,
    });
    return plan;
  }
  // A first build into a new folder finds the root missing, and the walk answers "missing"
  // for every path without asking the file system a thousand times.
  const walk = new TreeWalk(dir);
  const manifestEntry = walk.entry(MANIFEST_NAME);
  const oldManifest = readOldManifest(manifestEntry, plan, options);
  const owned = withJournal(walk, oldManifest, plan);
  const links = new Map<string, string[]>();
  const conflict: OnConflict = (c) => {
    if (c.kind === "through-link") {
      // One conflict per link, however many files lie below it (a node per file: ~1,000).
      const below = links.get(c.path);
      if (below === undefined) links.set(c.path, [c.detail]);
      else below.push(c.detail);
      return false;
    }
    if (options.force && FORCEABLE.has(c.kind)) {
      plan.overridden.push(c);
      return true;
    }
    plan.conflicts.push(c);
    return false;
  };
  for (const file of sorted) planFile(plan, file, walk.entry(file.path), owned, conflict);
  const generated = new Set(sorted.map((f) => f.path));
  for (const [path, hash] of owned.files) {
    if (!generated.has(path) && !isProtectedPath(path)) planStale(plan, walk, path, hash, conflict);
  }
  for (const [link, paths] of links) {
    plan.conflicts.push({
      kind: "through-link",
      path: link,
      detail: `${paths.length === 1 ? `${paths[0]} lies` : `${paths.length} files (${paths[0]}, ...) lie`} below it`,
    });
  }
  const entries = manifestEntries(sorted);
  const manifestFile = {
    path: MANIFEST_NAME,
    contents: renderManifestEntries(entries),
  };
  // The manifest is always ours: its "recorded" hash is whatever is on disk, so it never conflicts.
  planFile(plan, manifestFile, manifestEntry, { files: new Map([[MANIFEST_NAME, hashOf(manifestEntry)]]) }, conflict);
  for (const [path, hash] of entries) addEntry(plan.journal, path, hash);
  for (const [path, hash] of oldManifest.files) addEntry(plan.journal, path, hash);
  const folders = new Set<string>();
  for (const path of plan.journal.keys()) for (const folder of foldersOf(path)) folders.add(folder);
  if (folders.size === 0) folders.add("");
  plan.folders = [...folders].sort(comparePaths);
  plan.leftovers = findLeftovers(walk, plan.folders);
  if (walk.entry(JOURNAL_NAME).kind === "file") plan.leftovers.push(JOURNAL_NAME);
  plan.leftovers.sort(comparePaths);
  plan.actions.sort((a, b) => comparePaths(a.path, b.path));
  const byPath = (a: Conflict, b: Conflict) => comparePaths(a.path, b.path) || comparePaths(a.kind, b.kind);
  plan.conflicts.sort(byPath);
  plan.overridden.sort(byPath);
  return plan;
}

/** A conflict callback: returns true when --force lets the action go ahead. */
type OnConflict = (conflict: Conflict) => boolean;

function planFile(plan: WritePlan, file: GeneratedFile, disk: DiskEntry, manifest: Manifest, conflict: OnConflict): void {
  const { path, contents } = file;
  if (disk.kind === "missing") return void plan.actions.push({ kind: "create", path, contents });
  if (disk.kind === "link-in-path") return void conflict({ kind: "through-link", path: disk.link, detail: path });
  if (disk.kind !== "file")
    return void conflict({
      kind: disk.kind === "unreadable" ? "unreadable" : "not-a-file",
      path,
      detail: describe(disk),
    });
  // Identical text is adopted whoever wrote it: nothing is overwritten, and a tree whose
  // manifest write was interrupted heals on the next build. CRLF line endings (a Windows
  // checkout) are the same text: rewriting the file would only make git see a change.
  if (sameText(disk.bytes, contents)) return void plan.actions.push({ kind: "unchanged", path });
  const recorded = manifest.files.get(path);
  const base = {
    kind: "update",
    path,
    contents,
    previous: disk.bytes,
    mode: disk.mode,
  } as const;
  if (matchesHash(disk.bytes, recorded)) return void plan.actions.push({ ...base, forced: false });
  const kind = recorded === undefined ? "not-generated" : "hand-edited";
  if (
    conflict({
      kind,
      path,
      detail: kind === "hand-edited" ? "edited since talos-hclgen wrote it" : "not written by talos-hclgen",
    })
  ) {
    plan.actions.push({ ...base, forced: true });
  }
}

function planStale(plan: WritePlan, walk: TreeWalk, path: string, hash: string, conflict: OnConflict): void {
  const disk = walk.entry(path);
  // Already gone, or replaced by a folder or link the user made: not ours any more.
  if (disk.kind === "missing" || disk.kind === "other") return;
  // The manifest names a file behind a link: deleting it would delete whatever is there.
  if (disk.kind === "link-in-path") return void conflict({ kind: "through-link", path: disk.link, detail: path });
  if (disk.kind === "unreadable") return void conflict({ kind: "unreadable", path, detail: disk.message });
  if (matchesHash(disk.bytes, hash))
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

function readOldManifest(entry: DiskEntry, plan: WritePlan, options: PlanOptions): Manifest {
  if (entry.kind !== "file") return emptyManifest; // other kinds are reported by planFile
  const parsed = parseManifest(entry.bytes.toString("utf8"));
  if (parsed.ok) return parsed.manifest;
  const c: Conflict = {
    kind: "unreadable-manifest",
    path: MANIFEST_NAME,
    detail: parsed.reason,
  };
  if (options.force) plan.overridden.push(c);
  else plan.conflicts.push(c);
  return emptyManifest;
}

/**
 * A killed build leaves its journal (journal.ts): a file whose bytes match one of the hashes it
 * lists for that path was written by talos-hclgen, so it counts as generated, with that hash,
 * rather than as hand-edited or as the user's. The whole journal is carried into this build's
 * own (plan.journal), matching or not, so a build killed after this one still knows it. A
 * journal that does not parse is ignored.
 */
function withJournal(walk: TreeWalk, manifest: Manifest, plan: WritePlan): Manifest {
  const entry = walk.entry(JOURNAL_NAME);
  if (entry.kind !== "file") return manifest;
  const journal = parseJournal(entry.bytes.toString("utf8"));
  if (journal === undefined) return manifest;
  const files = new Map(manifest.files);
  for (const [path, hashes] of journal) {
    for (const hash of hashes) addEntry(plan.journal, path, hash);
    const disk = walk.entry(path);
    if (disk.kind !== "file") continue;
    for (const hash of hashes) if (matchesHash(disk.bytes, hash)) files.set(path, hash);
  }
  return { files };
}

/** The manifest's own "recorded" hash: whatever is on disk, so it never conflicts. */
function hashOf(entry: DiskEntry): string {
  return entry.kind === "file" ? sha256(entry.bytes) : "";
}

function checkedFiles(files: readonly GeneratedFile[]): GeneratedFile[] {
  const sorted = [...files].sort((a, b) => comparePaths(a.path, b.path));
  const seen = new Set<string>();
  for (const file of sorted) {
    assertGeneratedPath(file.path);
    if (seen.has(file.path)) throw new Error(`generated path ${JSON.stringify(file.path)} appears twice`);
    seen.add(file.path);
  }
  // Sorted order puts "a" right before "a/..." only when nothing sorts between them ("a-b"),
  // so test every ancestor instead.
  for (const file of sorted) {
    const segments = file.path.split("/");
    for (let i = 1; i < segments.length; i++) {
      const ancestor = segments.slice(0, i).join("/");
      if (seen.has(ancestor)) throw new Error(`generated path ${JSON.stringify(ancestor)} is both a file and a folder`);
    }
  }
  return sorted;
}

function describe(entry: Extract<DiskEntry, { kind: "other" | "unreadable" }>): string {
  return entry.kind === "unreadable" ? entry.message : entry.what;
}
