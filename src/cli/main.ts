/**
 * The binary's entry point (bin/talos-hclgen.js loads the bundle of this file through
 * src/launcher). Everything else takes a CliIo; only this file touches `process`. Commands
 * are imported on demand, so start-up stays a single small module load.
 */
import { fstatSync } from "node:fs";
import type { CliIo, TextSink } from "./io.js";
import { runCli } from "./run.js";

/**
 * process.stdout and process.stderr are built on first use, and building one loads Node's
 * stream and net modules (~2-3 ms, measured on Node 20): a `build --quiet` in a pre-commit
 * hook writes nothing and should not pay for them. So the sink touches the stream only when
 * it writes, and answers isTTY from the file descriptor when it can: a pipe or a file (what
 * hooks and CI give) is no terminal; only a character device needs the stream's own answer.
 */
function lazySink(fd: 1 | 2, stream: () => NodeJS.WriteStream): TextSink {
  let tty: boolean | undefined;
  return {
    write: (text) => void stream().write(text),
    get isTTY() {
      tty ??= isCharacterDevice(fd) && stream().isTTY === true;
      return tty;
    },
  };
}

function isCharacterDevice(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return false; // closed descriptor: certainly not a terminal
  }
}

let stdoutReady = false;
function stdout(): NodeJS.WriteStream {
  if (!stdoutReady) {
    stdoutReady = true;
    // `talos-hclgen schema | head` closes stdout early: that is the reader's choice, not an error.
    process.stdout.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  return process.stdout;
}

const io: CliIo = {
  stdout: lazySink(1, stdout),
  stderr: lazySink(2, () => process.stderr),
  cwd: process.cwd(),
  env: process.env,
};

// exitCode rather than exit(): pending stdout writes to a pipe are flushed before Node exits.
// runCli turns every exception into exit 3, so the promise never rejects.
void runCli(process.argv.slice(2), io).then((code) => {
  process.exitCode = code;
});
