/**
 * One tofu/terraform invocation. It runs detached, in a process group of its own, so the
 * stub providers it starts can be killed with it (./process-guard.ts), and a Ctrl-C in the
 * terminal reaches us rather than going straight to it.
 */
import { execa } from "execa";
import type { ProcessGuard } from "./process-guard.js";

export interface ToolRun {
  /** Undefined when the process could not be started at all. */
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  /** Wall time in milliseconds. */
  ms: number;
  /** Why it did not start or was killed, when it did not exit on its own. */
  failure?: string;
}

export async function runTool(
  binary: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; guard: ProcessGuard },
): Promise<ToolRun> {
  const started = performance.now();
  const child = execa(binary, args, {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    reject: false,
    detached: true,
    stdin: "ignore",
    stripFinalNewline: false,
    maxBuffer: 256 * 1024 * 1024,
  });
  const pid = child.pid;
  if (pid !== undefined) options.guard.trackGroup(pid);
  const result = await child;
  if (pid !== undefined) options.guard.releaseGroup(pid);
  const run: ToolRun = {
    exitCode: result.exitCode,
    stdout: typeof result.stdout === "string" ? result.stdout : "",
    stderr: typeof result.stderr === "string" ? result.stderr : "",
    ms: performance.now() - started,
  };
  if (result.exitCode === undefined) run.failure = result.shortMessage ?? "the process did not start";
  return run;
}
