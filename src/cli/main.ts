/**
 * The binary's entry point (bin/talos-hclgen.js imports the bundle of this file). Everything
 * else takes a CliIo; only this file touches `process`. Commands are imported on demand, so
 * start-up stays a single small module load.
 */
import type { CliIo } from "./io.js";
import { runCli } from "./run.js";

// `talos-hclgen schema | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

const io: CliIo = {
  stdout: {
    write: (text) => void process.stdout.write(text),
    isTTY: process.stdout.isTTY === true,
  },
  stderr: {
    write: (text) => void process.stderr.write(text),
    isTTY: process.stderr.isTTY === true,
  },
  cwd: process.cwd(),
  env: process.env,
};

// exitCode rather than exit(): pending stdout writes to a pipe are flushed before Node exits.
process.exitCode = await runCli(process.argv.slice(2), io);
