/**
 * Command-line parsing on node:util parseArgs, with its errors rewritten into our voice
 * (`unknown option "--chek" (did you mean "--check"?)`) and returned as values: a usage
 * mistake is the user's, so it is reported and exits 2, never thrown.
 */
import { parseArgs } from "node:util";
import { didYouMean } from "../base/did-you-mean.js";
import { ExitCode } from "./exit-codes.js";
import type { CliIo } from "./io.js";

export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

type Value = string | boolean | (string | boolean)[] | undefined;

export interface ParsedArgs {
  values: Readonly<Record<string, Value>>;
  positionals: string[];
}

export type ParseResult = { ok: true; args: ParsedArgs } | { ok: false; message: string; hint?: string };

export function parseCommandArgs(argv: readonly string[], options: OptionSpecs): ParseResult {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options,
      allowPositionals: true,
      strict: true,
    });
    return {
      ok: true,
      args: { values: values as Record<string, Value>, positionals },
    };
  } catch (error) {
    return { ok: false, ...rewrite(error, options) };
  }
}

export function flag(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === "string" ? value : undefined;
}

/** Prints a usage error and returns exit code 2. */
export function usageError(io: CliIo, command: string, message: string, hint?: string): number {
  io.stderr.write(`talos-hclgen ${command}: error: ${message}\n`);
  if (hint !== undefined) io.stderr.write(`hint: ${hint}\n`);
  io.stderr.write(`Run "talos-hclgen ${command} --help" for usage.\n`);
  return ExitCode.badInput;
}

function rewrite(error: unknown, options: OptionSpecs): { message: string; hint?: string } {
  const code = typeof error === "object" && error !== null && "code" in error ? (error as { code: unknown }).code : undefined;
  const text = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']+)'/.exec(text)?.[1] ?? "";
  const raw = quoted.split(/[ ,]/).find((part) => part.startsWith("--")) ?? quoted.split(" ")[0] ?? quoted;
  // Name options by their long form, which is what --help shows.
  const long = Object.entries(options).find(([, spec]) => spec.short !== undefined && `-${spec.short}` === raw)?.[0];
  const name = long === undefined ? raw : `--${long}`;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const known = Object.keys(options).map((o) => `--${o}`);
    const suggestion = didYouMean(name, known);
    return suggestion === undefined
      ? { message: `unknown option "${name}"` }
      : {
          message: `unknown option "${name}"`,
          hint: `did you mean "${suggestion}"?`,
        };
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    if (text.includes("argument missing")) return { message: `option "${name}" needs a value` };
    if (text.includes("does not take an argument")) return { message: `option "${name}" does not take a value` };
    if (text.includes("ambiguous"))
      return {
        message: `option "${name}" needs a value`,
        hint: `for a value that starts with "-", write ${name}=VALUE`,
      };
  }
  return { message: text.charAt(0).toLowerCase() + text.slice(1) };
}
