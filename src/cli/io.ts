/**
 * The console and process state a command may use, passed in rather than reached for, so
 * tests can run a command in-process and capture what it printed. Only src/cli/main.ts
 * builds one from the real `process`.
 */

export interface TextSink {
  write(text: string): void;
  /** True when the stream is a terminal: decides pretty diagnostics, colour and progress. */
  readonly isTTY?: boolean;
}

export interface CliIo {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  /** Directory relative paths are resolved against and displayed relative to. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * What a command may know of the others (shell completion lists them): each one's name,
 * summary and options, in the shape args.ts's OptionSpecs has.
 */
export interface CommandInfo {
  readonly name: string;
  readonly summary: string;
  options(): Promise<Readonly<Record<string, { type: "string" | "boolean"; short?: string }>>>;
}

/**
 * A command takes the arguments after its name and returns the process exit code; the
 * command table is handed to it rather than imported, which would make a cycle.
 */
export type CommandRunner = (argv: readonly string[], io: CliIo, commands: readonly CommandInfo[]) => Promise<number>;
