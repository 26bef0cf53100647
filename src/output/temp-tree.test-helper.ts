/**
 * Test helpers for the writer: throwaway folders, and snapshots of a whole tree (names, bytes,
 * mode and mtime) so a test can prove that nothing at all was touched.
 */
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export function makeTempDir(): string {
  return mkdtempSync(join(tmpdir(), "talos-hclgen-output-"));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
}

/** Every entry under root, sorted: "path/" for folders, path -> contents for files. */
export function readTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, prefix: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = `${prefix}${name}`;
      if (lstatSync(join(dir, name)).isDirectory()) {
        out[`${path}/`] = "";
        walk(join(dir, name), `${path}/`);
      } else out[path] = readFileSync(join(dir, name), "utf8");
    }
  };
  walk(root, "");
  return out;
}

/** Contents plus mode and nanosecond mtime: equal snapshots mean nothing was rewritten. */
export function snapshotTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, contents] of Object.entries(readTree(root))) {
    const stat = lstatSync(join(root, path), { bigint: true });
    out[path] = `${stat.mtimeNs} ${(stat.mode & 0o7777n).toString(8)} ${path.endsWith("/") ? "" : contents}`;
  }
  return out;
}

/** Sets every file's mtime to a fixed past instant, so a rewrite is visible even within a clock tick. */
export function ageTree(root: string): void {
  const past = new Date("2001-02-03T04:05:06Z");
  for (const path of Object.keys(readTree(root))) utimesSync(join(root, path), past, past);
}
