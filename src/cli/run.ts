/**
 * runCli: from argv to an exit code. The one place that turns an unexpected exception into
 * "internal error ... this is a bug" (exit 3); user mistakes never get this far, they are
 * reported by the commands as diagnostics or usage errors (exit 2).
 */
import { COMMANDS, type CommandEntry } from "./commands.js";
import { didYouMean } from "../base/did-you-mean.js";
import { ExitCode } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { packageVersion } from "./package-root.js";

export async function runCli(argv: readonly string[], io: CliIo, commands: readonly CommandEntry[] = COMMANDS): Promise<number> {
  try {
    return await dispatch(argv, io, commands);
  } catch (error) {
    return reportInternalError(error, io);
  }
}

async function dispatch(argv: readonly string[], io: CliIo, commands: readonly CommandEntry[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(topLevelHelp(commands));
    return ExitCode.badInput;
  }
  if (first === "-h" || first === "--help") {
    io.stdout.write(topLevelHelp(commands));
    return ExitCode.ok;
  }
  if (first === "-V" || first === "--version") {
    io.stdout.write(`${packageVersion()}\n`);
    return ExitCode.ok;
  }
  if (first === "help") return rest[0] === undefined ? dispatch(["--help"], io, commands) : dispatch([rest[0], "--help"], io, commands);
  const entry = commands.find((c) => c.name === first);
  if (entry === undefined) return unknownCommand(first, io, commands);
  return (await entry.load())(rest, io, commands);
}

function unknownCommand(name: string, io: CliIo, commands: readonly CommandEntry[]): number {
  const isOption = name.startsWith("-");
  io.stderr.write(`talos-hclgen: error: unknown ${isOption ? "option" : "command"} "${name}"\n`);
  const suggestion = isOption
    ? undefined
    : didYouMean(
        name,
        commands.map((c) => c.name),
      );
  if (suggestion !== undefined) io.stderr.write(`hint: did you mean "${suggestion}"?\n`);
  else if (isOption) io.stderr.write(`hint: options go after the command, e.g. "talos-hclgen build ${name}"\n`);
  io.stderr.write(`Run "talos-hclgen --help" for the list of commands.\n`);
  return ExitCode.badInput;
}

export function topLevelHelp(commands: readonly CommandEntry[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `talos-hclgen ${packageVersion()}: compile a Talos Linux cluster spec into a plain OpenTofu/Terraform tree

Usage: talos-hclgen <command> [options]

Commands:
${lines.join("\n")}

Options:
  -h, --help     show help; "talos-hclgen <command> --help" for a command
  -V, --version  print the version

Exit codes: 0 ok, 1 out of date (build --check) or invalid tree (validate),
2 spec errors or bad usage, 3 internal error.
`;
}

function reportInternalError(error: unknown, io: CliIo): number {
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(`talos-hclgen: internal error: ${message}\n`);
  io.stderr.write("this is a bug in talos-hclgen; please report it, with the command you ran\n");
  if (io.env["TALOS_HCLGEN_DEBUG"] === "1" && error instanceof Error && error.stack !== undefined) {
    io.stderr.write(`${error.stack}\n`);
  } else {
    io.stderr.write("(set TALOS_HCLGEN_DEBUG=1 to print the stack trace)\n");
  }
  return ExitCode.internal;
}
