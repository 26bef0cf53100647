/**
 * Reads the CLI bundle's source and its code cache for V8 with as little fresh memory as a
 * run can: the one cost of a compiling run that grows with the bundle's size rather than the
 * spec's. Every page a process touches for the first time is a page fault, and on the virtual
 * machines CI runs on a fault is expensive: on the project's 2-core reference machine, first
 * touching 1 MiB took ~3.5 ms (a 16 MiB Buffer.fill: 56 ms), and the bundle, its string and
 * the cache were ~4 MiB of it (process.resourceUsage().minorPageFault around each step).
 *
 * - The bundle is the function Node's CommonJS loader would wrap a module in, written so by
 *   scripts/build.mjs, so its text is compiled as read: no wrapped copy of 1.4 MB to build.
 * - Both files go through one buffer: the source is turned into a string first, then the
 *   cache is read over it. V8 consumes `cachedData` while `new vm.Script` runs, so the buffer
 *   is free again when that returns.
 * - The bundle is ASCII only (scripts/build.mjs checks), so latin1 turns it into the same
 *   string as UTF-8 would, without validating it.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

export interface BundleSource {
  source: string;
  /** The code cache's bytes, a view of the shared buffer; undefined when there is none. */
  cachedData: Buffer | undefined;
}

/** The bundle's text, and the code cache at `cachePath` if it can be read. Throws only for the bundle. */
export function readBundleSource(bundlePath: string, cachePath: string | undefined): BundleSource {
  const bundle = openSync(bundlePath, "r");
  let cache: number | undefined;
  try {
    cache = cachePath === undefined ? undefined : openQuietly(cachePath);
    const bundleSize = fstatSync(bundle).size;
    const cacheSize = cache === undefined ? 0 : sizeQuietly(cache);
    // allocUnsafeSlow: its own memory, not the shared pool; every byte used is read first.
    const buffer = Buffer.allocUnsafeSlow(Math.max(bundleSize, cacheSize, 1));
    const source = buffer.toString("latin1", 0, readInto(bundle, buffer, bundleSize));
    let cachedData: Buffer | undefined;
    if (cache !== undefined && cacheSize > 0) {
      try {
        cachedData = buffer.subarray(0, readInto(cache, buffer, cacheSize));
      } catch {
        cachedData = undefined; // a cache that cannot be read only costs the compile
      }
    }
    return { source, cachedData };
  } finally {
    closeSync(bundle);
    if (cache !== undefined) closeSync(cache);
  }
}

/** Reads up to `size` bytes from the start of `fd`; the count read (less only at an early end). */
function readInto(fd: number, buffer: Buffer, size: number): number {
  let read = 0;
  while (read < size) {
    const count = readSync(fd, buffer, read, size - read, read);
    if (count === 0) break;
    read += count;
  }
  return read;
}

function openQuietly(path: string): number | undefined {
  try {
    return openSync(path, "r");
  } catch {
    return undefined;
  }
}

function sizeQuietly(fd: number): number {
  try {
    return fstatSync(fd).size;
  } catch {
    return 0;
  }
}
