/**
 * A process in a pid namespace of its own (unshare(1) --pid --fork --mount-proc), as a build in
 * another container sharing this host name would be: its pid there is 1, which here is init.
 * Needs CAP_SYS_ADMIN (root, as CI runs); `available` says whether this machine allows it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync, readlinkSync } from "node:fs";
import { processStart } from "./process-alive.js";

export const pidNamespacesAvailable: boolean = (() => {
  const probe = spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"], { stdio: "ignore" });
  return probe.status === 0;
})();

/** Whether a mount namespace (unshare --mount) with a tmpfs of its own can be made here. */
export const mountNamespacesAvailable: boolean = (() => {
  const probe = spawnSync("unshare", ["--mount", "sh", "-c", "mount -t tmpfs tmpfs /mnt"], { stdio: "ignore" });
  return probe.status === 0;
})();

export interface Contained {
  child: ChildProcess;
  /** Its pid inside its namespace (1) and its start time, as its lock record would hold them. */
  record: { pid: number; since: string | undefined; pidNamespace: string };
}

/** Starts `sleep 60` as pid 1 of a new pid namespace and waits until it runs. */
export async function containedProcess(): Promise<Contained> {
  const child = spawn("unshare", ["--pid", "--fork", "--mount-proc", "sleep", "60"], { stdio: "ignore" });
  const unsharePid = child.pid ?? -1;
  for (let i = 0; i < 200; i++) {
    const children = readChildren(unsharePid);
    const inner = children[0];
    if (inner !== undefined) {
      const pidNamespace = readlinkSync(`/proc/${inner}/ns/pid`);
      if (pidNamespace !== readlinkSync("/proc/self/ns/pid")) return { child, record: { pid: 1, since: processStart(inner), pidNamespace } };
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill("SIGKILL");
  throw new Error("unshare started no process in a new pid namespace");
}

function readChildren(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
