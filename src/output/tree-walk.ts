/**
 * Paths inside the output folder, resolved without following a symbolic link below it. A link
 * can stand anywhere in a tree that arrives in a pulled branch (patches/ -> /etc, say), and
 * fs calls follow every link in a path but the last: writing patches/nodes/cp-1.yaml would then
 * write /etc/nodes/cp-1.yaml. So every folder between the root and a file is lstat-ed, one
 * segment at a time, and a link, or a file where a folder should be, stops the walk. The root
 * itself may be a link (a shared tree): that one the user chose, and it is followed.
 *
 * Results are cached per folder for one walk: planning asks about ~1,000 files in one folder,
 * and a commit asks again right before it writes (a fresh walk), so what was checked is what
 * is written, up to a race with someone swapping folders for links while the build runs.
 */
import { lstatSync, statSync } from "node:fs";
import { join } from "node:path";
import { ensureFolder as ensureFolderFollowingLinks, makeFolder } from "./atomic-file.js";
import { errorCode, errorMessage, readDiskEntry, type DiskEntry } from "./disk-entry.js";
import { parentOf } from "./paths.js";

export type FolderState =
  | { kind: "folder" }
  | { kind: "missing" }
  /** `at`: the relative path of the link (or file) that stands where a folder should be. */
  | { kind: "link"; at: string }
  | { kind: "file"; at: string }
  | { kind: "unreadable"; at: string; message: string };

export class TreeWalk {
  private readonly folders = new Map<string, FolderState>();

  constructor(readonly root: string) {}

  /** What stands at the relative folder `rel` ("" is the root), seen without following links. */
  folder(rel: string): FolderState {
    const known = this.folders.get(rel);
    if (known !== undefined) return known;
    const state = rel === "" ? rootState(this.root) : this.below(rel);
    this.folders.set(rel, state);
    return state;
  }

  /** The file at a relative path; a link or a file on the way is reported, never followed. */
  entry(rel: string): DiskEntry {
    const folder = this.folder(parentOf(rel));
    switch (folder.kind) {
      case "folder":
        return readDiskEntry(join(this.root, rel));
      case "missing":
        return { kind: "missing" };
      case "link":
        return { kind: "link-in-path", link: folder.at };
      case "file":
        return { kind: "other", what: "blocked by a file where a folder should be" };
      case "unreadable":
        return { kind: "unreadable", message: folder.message };
    }
  }

  /**
   * mkdir -p of a relative folder that refuses to pass a link (or a file), recording every
   * folder it creates, outermost first, so a failed write can remove exactly those. Throws.
   */
  ensureFolder(rel: string, created: string[]): void {
    const state = this.folder(rel);
    if (state.kind === "folder") return;
    if (state.kind !== "missing") throw blocked(this.root, state);
    if (rel === "") {
      // The root and the folders above it are the user's choice: links there are followed.
      ensureFolderFollowingLinks(this.root, created);
    } else {
      this.ensureFolder(parentOf(rel), created);
      const path = join(this.root, rel);
      // Below the output folder a link is never a folder (lstat: links are not followed).
      if (makeFolder(path, (made) => lstatSync(made).isDirectory())) created.push(path);
    }
    this.folders.set(rel, { kind: "folder" });
  }

  /** Throws unless `rel` and every folder above it are real folders. */
  assertFolder(rel: string): void {
    const state = this.folder(rel);
    if (state.kind === "folder") return;
    if (state.kind === "missing") throw Object.assign(new Error(`${join(this.root, rel)} is gone`), { code: "ENOENT" });
    throw blocked(this.root, state);
  }

  /** Forget what is known about `rel` and below (it was removed or renamed). */
  forget(rel: string): void {
    for (const key of this.folders.keys()) if (key === rel || key.startsWith(`${rel}/`)) this.folders.delete(key);
  }

  private below(rel: string): FolderState {
    const parent = this.folder(parentOf(rel));
    if (parent.kind !== "folder") return parent;
    try {
      const stat = lstatSync(join(this.root, rel));
      if (stat.isDirectory()) return { kind: "folder" };
      if (stat.isSymbolicLink()) return { kind: "link", at: rel };
      return { kind: "file", at: rel };
    } catch (error) {
      if (errorCode(error) === "ENOENT") return { kind: "missing" };
      return { kind: "unreadable", at: rel, message: errorMessage(error) };
    }
  }
}

/** The root may be a link to a folder (followed); what is not a folder is reported by planWrite. */
function rootState(root: string): FolderState {
  try {
    return statSync(root).isDirectory() ? { kind: "folder" } : { kind: "file", at: "" };
  } catch (error) {
    if (errorCode(error) === "ENOENT") return { kind: "missing" };
    return { kind: "unreadable", at: "", message: errorMessage(error) };
  }
}

/** The error a write gets when its folder is not a plain folder any more. */
function blocked(root: string, state: Exclude<FolderState, { kind: "folder" | "missing" }>): Error {
  const where = join(root, state.at);
  const what =
    state.kind === "link"
      ? "is a symbolic link, which talos-hclgen never writes through"
      : state.kind === "file"
        ? "is a file where a folder should be"
        : state.message;
  return Object.assign(new Error(`${where} ${what}`), { code: state.kind === "link" ? "ELINKINPATH" : "ENOTDIR" });
}
