/**
 * One file written whole or not at all (temp file beside it, then rename), for commands that
 * write a single file outside a tree (init, import): an interrupted run never leaves half a spec.
 */
import { renameSync } from "node:fs";
import { dirname } from "node:path";
import { ensureFolder, removeQuietly, writeTempBeside } from "../output/atomic-file.js";
import { errorMessage } from "../output/disk-entry.js";

/** undefined when written; else why not. */
export function writeFileAtomically(target: string, text: string): string | undefined {
  let temp = "";
  try {
    ensureFolder(dirname(target), []);
    temp = writeTempBeside(target, text);
    renameSync(temp, target);
    return undefined;
  } catch (error) {
    if (temp !== "") removeQuietly(temp);
    return errorMessage(error);
  }
}
