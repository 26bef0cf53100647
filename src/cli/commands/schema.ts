/**
 * `talos-hclgen schema`: print the published JSON Schema of the spec, byte for byte, for
 * editors and other tools (`talos-hclgen schema > cluster.schema.json`).
 */
import { readFileSync } from "node:fs";
import { flag, parseCommandArgs, usageError, type OptionSpecs } from "../args.js";
import { ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { schemaFile } from "../package-root.js";

const HELP = `Usage: talos-hclgen schema

Print the JSON Schema (draft-07) of the cluster spec to stdout. Editors with the YAML
language server pick it up from the modeline "talos-hclgen init" writes.

Options:
  -h, --help  show this help
`;

/** The options, for the parser and for shell completion (completion.ts). */
export const OPTIONS: OptionSpecs = {
  help: { type: "boolean", short: "h" },
};

export async function runSchemaCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, OPTIONS);
  if (!parsed.ok) return usageError(io, "schema", parsed.message, parsed.hint);
  if (flag(parsed.args, "help")) {
    io.stdout.write(HELP);
    return ExitCode.ok;
  }
  if (parsed.args.positionals.length > 0) return usageError(io, "schema", `unexpected argument "${parsed.args.positionals[0]}"`);
  // The schema ships in the package: failing to read it is a packaging bug (exit 3).
  io.stdout.write(readFileSync(schemaFile(), "utf8"));
  return ExitCode.ok;
}
