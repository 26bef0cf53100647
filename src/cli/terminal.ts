/**
 * How to talk to the terminal: pretty code frames and progress for people, plain lines for CI
 * and logs, colour only where it is welcome. Decided once per command from the stream and the
 * environment (https://no-color.org, and FORCE_COLOR as Node and most CLIs read it).
 */
import type { CliIo } from "./io.js";

export interface Style {
  /** Diagnostics with a code frame (stderr is a terminal, or colour was forced). */
  pretty: boolean;
  /** ANSI colour in diagnostics. */
  color: boolean;
  /** Transient progress lines: only on a real terminal, never in a log. */
  progress: boolean;
}

export function chooseStyle(io: CliIo, options: { noColor: boolean }): Style {
  const tty = io.stderr.isTTY === true;
  const force = io.env["FORCE_COLOR"];
  const forced = force !== undefined && force !== "0" && force !== "false";
  const noColorEnv = (io.env["NO_COLOR"] ?? "") !== "";
  const dumb = io.env["TERM"] === "dumb" && !forced;
  const pretty = tty || forced;
  return {
    pretty,
    color: pretty && !dumb && !noColorEnv && !options.noColor,
    progress: tty,
  };
}

export interface Progress {
  done(): void;
}

const noProgress: Progress = { done: () => undefined };

/** A one-line "working on it" note on stderr, erased when done so logs never see it. */
export function startProgress(io: CliIo, style: Style, message: string): Progress {
  if (!style.progress) return noProgress;
  io.stderr.write(`${message}...`);
  return { done: () => io.stderr.write("\r\x1b[2K") };
}
