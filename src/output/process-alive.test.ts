import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isSameProcessRunning, processStart } from "./process-alive.js";

describe("a lock holder's process", () => {
  it("runs: this process", () => {
    expect(isSameProcessRunning(process.pid, processStart(process.pid))).toBe(true);
  });

  it.runIf(existsSync("/proc/self/stat"))("a zombie holds nothing: its child exited and the parent never reaps it", async () => {
    // sh starts a child that exits soon, and becomes `sleep` first, which never waits for it.
    const parent = spawn("sh", ["-c", "sleep 0.2 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
    try {
      const pid = Number(await new Promise<string>((done) => parent.stdout.once("data", (chunk: Buffer) => done(chunk.toString()))));
      for (let i = 0; i < 100 && !readFileSync(`/proc/${pid}/stat`, "latin1").includes(") Z "); i++) await new Promise((r) => setTimeout(r, 20));
      expect(readFileSync(`/proc/${pid}/stat`, "latin1")).toContain(") Z ");
      expect(isSameProcessRunning(pid, undefined)).toBe(false);
    } finally {
      parent.kill("SIGKILL");
    }
  });
});
