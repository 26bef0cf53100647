/**
 * Where `init` and `import` write the one spec they make: a new file, or with --force a regular
 * file they replace whole (writeFileAtomically renames a new file over it). Anything else at
 * that path (a folder, a FIFO, a character or block device, a socket) is refused even with
 * --force: replacing it would silently turn a device node or a pipe another program reads into
 * a plain file.
 */
import { lstatSync, statSync, type Stats } from "node:fs";

export interface OutputRefusal {
  message: string;
  hint: string;
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a named pipe (FIFO)";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/** Undefined when `target` may be written; `shown` is the path as the user wrote it. */
export function refuseSpecOutput(target: string, shown: string, force: boolean): OutputRefusal | undefined {
  let stats: Stats;
  try {
    // Through a link to what it names: a link to /dev/null is refused as /dev/null is.
    stats = statSync(target);
  } catch {
    try {
      lstatSync(target);
    } catch {
      return undefined; // nothing there
    }
    return undefined; // a link to nothing: the new file replaces the link
  }
  if (!stats.isFile())
    return { message: `"${shown}" already exists and is ${kindOf(stats)}`, hint: "choose another path: only a regular file is ever replaced" };
  if (!force) return { message: `"${shown}" already exists`, hint: "choose another path, or rerun with --force to overwrite it" };
  return undefined;
}
