/**
 * `talos-hclgen completion <shell>`: prints a completion script for bash, zsh, fish or
 * PowerShell, written from the command table, each command's options and the spec schema's
 * field paths (src/cli/completion/). The script is static: loading it runs no talos-hclgen.
 */
import { readFileSync } from "node:fs";
import { flag, parseCommandArgs, usageError, type OptionSpecs } from "../args.js";
import { bashScript } from "../completion/bash.js";
import { fishScript } from "../completion/fish.js";
import { completedOptions, positionalOf, SHELLS, type CompletionModel, type Shell } from "../completion/model.js";
import { powershellScript } from "../completion/powershell.js";
import { zshScript } from "../completion/zsh.js";
import { ExitCode } from "../exit-codes.js";
import { allFieldPaths } from "../explain/field-index.js";
import type { SchemaNode } from "../explain/schema-node.js";
import type { CliIo, CommandInfo } from "../io.js";
import { schemaFile } from "../package-root.js";

const HELP = `Usage: talos-hclgen completion <shell>

Print the shell completion script for bash, zsh, fish or powershell: commands, their
options, option values, and every spec field for explain.

  bash:        source <(talos-hclgen completion bash)                 # in ~/.bashrc
  zsh:         source <(talos-hclgen completion zsh)                  # in ~/.zshrc, after compinit
  fish:        talos-hclgen completion fish > ~/.config/fish/completions/talos-hclgen.fish
  powershell:  talos-hclgen completion powershell | Out-String | Invoke-Expression   # in $PROFILE

Options:
  -h, --help  show this help
`;

/** The options, for the parser and for shell completion. */
export const OPTIONS: OptionSpecs = {
  help: { type: "boolean", short: "h" },
};

const WRITERS: Readonly<Record<Shell, (model: CompletionModel) => string>> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
  powershell: powershellScript,
};

function isShell(name: string): name is Shell {
  return (SHELLS as readonly string[]).includes(name);
}

export async function completionModel(table: readonly CommandInfo[]): Promise<CompletionModel> {
  const commands = await Promise.all(
    table.map(async (command) => ({
      name: command.name,
      summary: command.summary,
      options: completedOptions(command.name, await command.options()),
      positional: positionalOf(command.name),
    })),
  );
  const schema = JSON.parse(readFileSync(schemaFile(), "utf8")) as SchemaNode;
  // explain takes "nodes[].role" for "spec.nodes[].role": the shorter form, as the docs write it.
  const fields = allFieldPaths(schema).map((path) => (path.startsWith("spec.") ? path.slice(5) : path));
  return { commands, fields: [...new Set(fields)] };
}

export async function runCompletionCommand(argv: readonly string[], io: CliIo, table: readonly CommandInfo[]): Promise<number> {
  const parsed = parseCommandArgs(argv, OPTIONS);
  if (!parsed.ok) return usageError(io, "completion", parsed.message, parsed.hint);
  if (flag(parsed.args, "help")) {
    io.stdout.write(HELP);
    return ExitCode.ok;
  }
  const [shell, ...extra] = parsed.args.positionals;
  if (shell === undefined) return usageError(io, "completion", "say which shell", `one of ${SHELLS.join(", ")}: talos-hclgen completion bash`);
  if (extra.length > 0) return usageError(io, "completion", `unexpected argument "${extra[0]}"`, "completion writes one shell's script");
  if (!isShell(shell)) return usageError(io, "completion", `"${shell}" is not one of ${SHELLS.join(", ")}`, "e.g. talos-hclgen completion zsh");
  io.stdout.write(WRITERS[shell](await completionModel(table)));
  return ExitCode.ok;
}
