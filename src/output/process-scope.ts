/**
 * Where a lock holder's pid means something. A pid names a process only inside one pid
 * namespace of one running kernel, and a hostname names neither: two containers with one
 * hostname (a CI runner's job containers, `docker run --hostname`) share a mounted folder but
 * not their pids, and one of them seeing the other's build as "pid 7, not running here" would
 * take its lock over while it writes. So a lock also records:
 *
 * - the kernel's boot (proc(5) /proc/sys/kernel/random/boot_id: new at every boot, the same in
 *   every container of one kernel);
 * - the pid namespace (/proc/self/ns/pid, "pid:[inode]": namespaces(7));
 * - the machine (/etc/machine-id, machine-id(5): kept across boots), so a lock left by this
 *   machine before a reboot is still known to be stale.
 *
 * Each is undefined where the system does not tell (not Linux, /proc not mounted).
 */
import { readFileSync, readlinkSync } from "node:fs";

export interface ProcessScope {
  boot?: string;
  pidNamespace?: string;
  machine?: string;
}

function read(path: string, how: (path: string) => string): string | undefined {
  try {
    const value = how(path).trim();
    return value === "" ? undefined : value;
  } catch {
    return undefined;
  }
}

const readText = (path: string): string => readFileSync(path, "utf8");

/** This process's scope; `pid` reads another process's namespace (tests). */
export function processScope(pid: number | "self" = "self"): ProcessScope {
  const scope: ProcessScope = {};
  const boot = read("/proc/sys/kernel/random/boot_id", readText);
  const pidNamespace = read(`/proc/${pid}/ns/pid`, readlinkSync);
  const machine = read("/etc/machine-id", readText) ?? read("/var/lib/dbus/machine-id", readText);
  if (boot !== undefined) scope.boot = boot;
  if (pidNamespace !== undefined) scope.pidNamespace = pidNamespace;
  if (machine !== undefined) scope.machine = machine;
  return scope;
}

/**
 * Whether a holder recorded with `theirs` can be checked by pid from here (`ours`):
 * - "here": the same boot and pid namespace (or too little recorded to tell: older locks);
 * - "gone": this machine's earlier boot, whose processes all ended;
 * - "elsewhere": another kernel or another pid namespace, which no pid check here can see.
 */
export function holderScope(theirs: ProcessScope, ours: ProcessScope): "here" | "gone" | "elsewhere" {
  if (theirs.boot !== undefined && ours.boot !== undefined && theirs.boot !== ours.boot) {
    return theirs.machine !== undefined && theirs.machine === ours.machine ? "gone" : "elsewhere";
  }
  if (theirs.pidNamespace !== undefined && ours.pidNamespace !== undefined && theirs.pidNamespace !== ours.pidNamespace) return "elsewhere";
  return "here";
}
