/**
 * Reads a spec file without trusting its size: a spec path may name a FIFO, a character device
 * (/dev/zero never ends, /dev/urandom neither) or a file of gigabytes, and readFileSync would
 * read all of it into memory before text-guards.ts could say it is too large. This reads at
 * most `limit` + 1 bytes, whatever the path is, and says when there was more.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

export type BoundedRead =
  | { ok: true; bytes: Buffer }
  /** More than `limit` bytes; `size` when the file says how large it is (a regular file). */
  | { ok: false; size?: number };

const CHUNK = 64 * 1024;

/** Throws what open and read throw (ENOENT, EACCES, EISDIR), like readFileSync. */
export function readBounded(path: string, limit: number): BoundedRead {
  const fd = openSync(path, "r");
  try {
    const info = fstatSync(fd);
    // A regular file tells its size up front; anything else is read until it ends or overflows.
    if (info.isFile() && info.size > limit) return { ok: false, size: info.size };
    const chunks: Buffer[] = [];
    let total = 0;
    while (total <= limit) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, limit + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      total += n;
    }
    if (total > limit) return info.isFile() ? { ok: false, size: info.size > total ? info.size : total } : { ok: false };
    return { ok: true, bytes: Buffer.concat(chunks, total) };
  } finally {
    closeSync(fd);
  }
}
