import { lstatSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ensureFolder } from "./atomic-file.js";
import { TreeWalk } from "./tree-walk.js";

/**
 * Another build making the same folder between our look and our mkdir (8 builds into one new
 * folder: test/hostile/concurrency.test.ts failed once in CI with "cannot lock the folder for
 * writing: it already exists"). The race is made here on purpose: mkdirSync of a path in
 * `racing` first lets the "other build" make it (or put a file there), then does its own.
 */
const racing = vi.hoisted(() => new Map<string, "folder" | "file">());
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const mkdirSync = (path: import("node:fs").PathLike, options?: import("node:fs").MakeDirectoryOptions) => {
    const other = racing.get(String(path));
    if (other === "folder") fs.mkdirSync(path);
    if (other === "file") fs.writeFileSync(path, "");
    return fs.mkdirSync(path, options);
  };
  return { ...fs, default: { ...fs, mkdirSync }, mkdirSync };
});

let base: string;
afterEach(() => {
  racing.clear();
  rmSync(base, { recursive: true, force: true });
});

describe("making a folder another build makes at the same time", () => {
  it("takes the other build's folder as made, and not as its own to remove (the output folder)", () => {
    base = mkdtempSync(join(tmpdir(), "make-folder-"));
    const out = join(base, "infra");
    racing.set(out, "folder");
    const created: string[] = [];
    ensureFolder(join(out, "nested"), created);
    expect(lstatSync(join(out, "nested")).isDirectory()).toBe(true);
    expect(created).toEqual([join(out, "nested")]);
  });

  it("does the same below the output folder", () => {
    base = mkdtempSync(join(tmpdir(), "make-folder-"));
    racing.set(join(base, "modules"), "folder");
    const created: string[] = [];
    new TreeWalk(base).ensureFolder("modules/talos-cluster", created);
    expect(lstatSync(join(base, "modules", "talos-cluster")).isDirectory()).toBe(true);
    expect(created).toEqual([join(base, "modules", "talos-cluster")]);
  });

  it("still fails when what the other side made is a file", () => {
    base = mkdtempSync(join(tmpdir(), "make-folder-"));
    racing.set(join(base, "modules"), "file");
    expect(() => new TreeWalk(base).ensureFolder("modules/talos-cluster", [])).toThrow(/EEXIST/);
  });
});
