/**
 * Is the process that wrote a lock still running? Its pid alone cannot say: a pid is reused,
 * soon in a container, where a killed build's pid is often the next build's. So a lock also
 * records when its process started, where the system tells (Linux: field 22 of
 * /proc/<pid>/stat, in clock ticks since boot), and a live pid with another start time is
 * another process.
 */
import { readFileSync } from "node:fs";
import { errorCode } from "./disk-entry.js";

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return errorCode(error) === "EPERM";
  }
}

/** The start time of a process as the system records it, or undefined where it cannot tell. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19]; // field 22 of the whole line
  } catch {
    return undefined;
  }
}

/**
 * A zombie has exited and only waits for its parent to read its status (proc(5): state "Z"
 * in field 3 of /proc/<pid>/stat); kill(pid, 0) still succeeds on it, but it holds nothing.
 * A build killed inside a container whose init never reaps leaves one.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z";
  } catch {
    return false;
  }
}

/** True when `pid` runs and, if `start` was recorded, is still the process that recorded it. */
export function isSameProcessRunning(pid: number, start: string | undefined): boolean {
  if (!isRunning(pid) || isZombie(pid)) return false;
  if (start === undefined) return true;
  const now = processStart(pid);
  return now === undefined || now === start;
}
