/**
 * `talos-hclgen explain <field>`: the spec's documentation from the terminal, read from the
 * same JSON Schema editors use, so the two never disagree.
 */
import { readFileSync } from "node:fs";
import { flag, parseCommandArgs, usageError, type OptionSpecs } from "../args.js";
import { ExitCode } from "../exit-codes.js";
import { parseFieldPath } from "../explain/field-path.js";
import { renderField } from "../explain/render-field.js";
import { resolveField } from "../explain/resolve-field.js";
import type { SchemaNode } from "../explain/schema-node.js";
import type { CliIo } from "../io.js";
import { schemaFile } from "../package-root.js";

const HELP = `Usage: talos-hclgen explain [field]

Document a field of the cluster spec: its type, description, allowed values, default,
format, examples and child fields. Without a field, list the top-level fields.

Fields are written as in diagnostics; "spec." is optional and "[]" marks list items (quote
a path with [] or <>: zsh, macOS's shell, reads [] as a pattern and stops on no match):
  talos-hclgen explain 'spec.nodes[].role'
  talos-hclgen explain nodes.address
  talos-hclgen explain 'nodeClasses.<name>.memory'
  talos-hclgen explain 'registryMirrors["docker.io"]'

Options:
  --all       print the whole reference (Markdown), as in docs/spec-reference.md
  -h, --help  show this help
`;

/** The options, for the parser and for shell completion (completion.ts). */
export const OPTIONS: OptionSpecs = {
  help: { type: "boolean", short: "h" },
  all: { type: "boolean" },
};

export async function runExplainCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, OPTIONS);
  if (!parsed.ok) return usageError(io, "explain", parsed.message, parsed.hint);
  if (flag(parsed.args, "help")) {
    io.stdout.write(HELP);
    return ExitCode.ok;
  }
  if (flag(parsed.args, "all")) {
    const { renderReference } = await import("../explain/reference.js");
    io.stdout.write(renderReference(JSON.parse(readFileSync(schemaFile(), "utf8")) as SchemaNode));
    return ExitCode.ok;
  }
  const [path = "", ...extra] = parsed.args.positionals;
  if (extra.length > 0) return usageError(io, "explain", `unexpected argument "${extra[0]}"`, "explain takes one field path");
  const steps = parseFieldPath(path);
  if (!steps.ok) return usageError(io, "explain", steps.message, 'write fields like "spec.nodes[].role"');
  const schema = JSON.parse(readFileSync(schemaFile(), "utf8")) as SchemaNode;
  const lookup = resolveField(schema, steps.steps);
  if (!lookup.ok) {
    io.stderr.write(`talos-hclgen explain: error: ${lookup.message}\n`);
    if (lookup.hint !== undefined) io.stderr.write(`hint: ${lookup.hint}\n`);
    return ExitCode.badInput;
  }
  io.stdout.write(renderField(lookup.field, schema));
  return ExitCode.ok;
}
