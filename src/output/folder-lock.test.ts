import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lockFolder, readLock, stillHeld, unlockFolder, waitForFolder, type HeldLock } from "./folder-lock.js";
import { LOCK_NAME } from "./paths.js";
import { processStart } from "./process-alive.js";
import { processScope } from "./process-scope.js";
import { containedProcess, pidNamespacesAvailable } from "./pid-namespace.test-helper.js";
import { underCI } from "../../test/ci.js";
import { makeTempDir, removeDir } from "./temp-tree.test-helper.js";

let root: string;
let out: string;
let children: ChildProcess[] = [];
beforeEach(() => {
  root = makeTempDir();
  out = join(root, "infra");
});
afterEach(() => {
  for (const child of children) child.kill("SIGKILL");
  children = [];
  removeDir(root);
});

const quick = { timeoutMs: 300 };

async function take(): Promise<HeldLock> {
  const result = await lockFolder(out, quick);
  if (!result.ok) throw new Error(`not locked: ${JSON.stringify(result)}`);
  return result.lock;
}

/** A process that is alive for the test, and its pid. */
function liveProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid ?? -1;
}

/** A pid that ran and is gone. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout as unknown as number;
}

function plantLock(record: Record<string, unknown>): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, LOCK_NAME), JSON.stringify({ host: hostname(), started: "2001-02-03T04:05:06Z", nonce: "planted", ...record }));
}

describe("the folder lock", () => {
  it("is a file in the folder while held, and gone after, with the folder it had to create", async () => {
    const lock = await take();
    expect(readLock(out)).toMatchObject({ pid: process.pid, host: hostname(), nonce: lock.nonce });
    expect(readdirSync(out)).toEqual([LOCK_NAME]);
    unlockFolder(lock);
    expect(existsSync(out)).toBe(false);
  });

  it("keeps a folder that was there before, and one a build filled", async () => {
    const lock = await take();
    writeFileSync(join(out, "main.tf"), "x");
    unlockFolder(lock);
    expect(readdirSync(out)).toEqual(["main.tf"]);
  });

  it("makes a second taker wait until the first releases it", async () => {
    const first = await take();
    let waited = false;
    setTimeout(() => unlockFolder(first), 150);
    const second = await lockFolder(out, { timeoutMs: 5000, onWait: () => (waited = true) });
    expect(second.ok).toBe(true);
    expect(waited).toBe(true);
  });

  it("gives up after the timeout, naming a live holder", async () => {
    const pid = liveProcess();
    plantLock({ pid });
    const result = await lockFolder(out, quick);
    expect(result).toMatchObject({ ok: false, kind: "busy", holder: { pid, nonce: "planted" } });
    expect(readLock(out)?.nonce).toBe("planted");
  });

  it("takes over the lock of a process that is gone", async () => {
    plantLock({ pid: Number(deadPid()) });
    const lock = await take();
    expect(readLock(out)?.nonce).toBe(lock.nonce);
    expect(readdirSync(out)).toEqual([LOCK_NAME]); // the stale one was not kept aside
  });

  it("takes over a lock whose pid now belongs to another process (a reused pid)", async (ctx) => {
    const pid = liveProcess();
    if (processStart(pid) === undefined) return ctx.skip("this system does not tell a process's start time");
    plantLock({ pid, since: "1" });
    expect((await lockFolder(out, quick)).ok).toBe(true);
  });

  it("takes over a lock with this process's own pid that it does not hold (a killed build's pid, reused)", async () => {
    plantLock({ pid: process.pid });
    expect((await lockFolder(out, quick)).ok).toBe(true);
  });

  it("waits for a lock from another host, which it cannot check", async () => {
    plantLock({ pid: Number(deadPid()), host: "some-other-host" });
    expect(await lockFolder(out, quick)).toMatchObject({ ok: false, kind: "busy" });
  });

  it("waits for a lock from another pid namespace under this host name, whose pid means nothing here", async () => {
    plantLock({ pid: Number(deadPid()), pidNamespace: "pid:[1]" });
    expect(await lockFolder(out, quick)).toMatchObject({ ok: false, kind: "busy" });
  });

  it("waits for a lock from another machine's boot under this host name", async () => {
    plantLock({ pid: Number(deadPid()), boot: "another-boot", machine: "another-machine" });
    expect(await lockFolder(out, quick)).toMatchObject({ ok: false, kind: "busy" });
  });

  it("takes over a lock this machine left before a reboot", async (ctx) => {
    const machine = processScope().machine;
    if (machine === undefined) return ctx.skip("this system has no machine id");
    plantLock({ pid: process.pid + 1, boot: "an-earlier-boot", machine });
    expect((await lockFolder(out, quick)).ok).toBe(true);
  });

  it.runIf(pidNamespacesAvailable || underCI)(
    "waits for a live build in another pid namespace (a container with this host name): its pid 1 is not our init",
    async () => {
      const contained = await containedProcess();
      children.push(contained.child);
      plantLock(contained.record);
      expect(await lockFolder(out, quick)).toMatchObject({ ok: false, kind: "busy", holder: { pid: 1, nonce: "planted" } });
      expect(readLock(out)?.nonce).toBe("planted");
    },
  );

  it("records where its pid means something", async () => {
    const lock = await take();
    expect(readLock(out)).toMatchObject(processScope());
    unlockFolder(lock);
  });

  it("waits for an unreadable lock while it is new, and takes it over once it is old", async () => {
    mkdirSync(out);
    writeFileSync(join(out, LOCK_NAME), "");
    expect(await lockFolder(out, quick)).toMatchObject({ ok: false, kind: "busy", holder: undefined });
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(out, LOCK_NAME), past, past);
    expect((await lockFolder(out, quick)).ok).toBe(true);
  });

  it("knows when another build took it over, and then leaves that build's lock alone", async () => {
    const lock = await take();
    plantLock({ pid: process.pid + 1, nonce: "thief" });
    expect(stillHeld(lock)).toBe(false);
    unlockFolder(lock);
    expect(readLock(out)?.nonce).toBe("thief");
  });
});

describe("waitForFolder (for --check, which takes no lock)", () => {
  it("says free, stale or busy, and changes nothing", async () => {
    expect(await waitForFolder(out, quick)).toEqual({ state: "free" });
    expect(existsSync(out)).toBe(false);
    plantLock({ pid: Number(deadPid()) });
    expect(await waitForFolder(out, quick)).toMatchObject({ state: "stale" });
    plantLock({ pid: liveProcess() });
    expect(await waitForFolder(out, quick)).toMatchObject({ state: "busy" });
    expect(readLock(out)?.nonce).toBe("planted");
  });
});
