/**
 * `talos-hclgen validate <dir>`: the real `tofu validate` (or terraform) on a generated tree,
 * in a scratch copy. With --provider-schemas it runs offline against schema-only stub
 * providers. The engine (src/validate) is imported only when a validation actually runs.
 */
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { redactDiagnostic } from "../../diagnostics/redact.js";
import { renderPlainOne } from "../../diagnostics/render-plain.js";
import { summarize } from "../../diagnostics/summary.js";
import type { ValidateOptions, ValidateResult } from "../../validate/index.js";
import { flag, parseCommandArgs, stringOption, usageError } from "../args.js";
import { ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { bundledProviderSchemas } from "../package-root.js";

const HELP = `Usage: talos-hclgen validate <dir> [options]

Run "tofu validate" (or terraform) on a generated tree: init -backend=false, then
validate, in a scratch copy, so the tree itself is never touched.

Options:
      --offline                  validate offline, against stub providers that serve
                                 the schemas shipped with talos-hclgen (the providers
                                 its trees use, at the versions they pin)
      --provider-schemas <path>  validate offline against stub providers made from
                                 "tofu providers schema -json" output: one file, or a
                                 folder of *.json (or *.json.gz) files
      --binary <path>            the tofu/terraform to run (default: $TALOS_HCLGEN_TOFU,
                                 else tofu, else terraform on PATH)
      --json                     print the result as JSON on stdout
  -h, --help                     show this help

Exit codes: 0 valid, 1 invalid, 2 bad usage or environment (no tofu/terraform,
unreadable schemas, a provider that cannot be installed).
`;

export const OPTIONS = {
  "provider-schemas": { type: "string" },
  offline: { type: "boolean" },
  binary: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

type Writer = (text: string) => void;

/** The CLI's CliIo, or the bare pair of writers a caller may pass instead. */
export type ValidateIo =
  | CliIo
  | {
      stdout: Writer;
      stderr: Writer;
      cwd?: string;
      env?: Readonly<Record<string, string | undefined>>;
    };

function toCliIo(io: ValidateIo): CliIo {
  if (typeof io.stdout !== "function" || typeof io.stderr !== "function") return io as CliIo;
  const { stdout, stderr } = io;
  return {
    stdout: { write: stdout },
    stderr: { write: stderr },
    cwd: io.cwd ?? process.cwd(),
    env: io.env ?? process.env,
  };
}

/** For `build --validate`: the same engine, loaded on demand. */
export async function validateBuiltTree(dir: string, options: ValidateOptions = {}): Promise<ValidateResult> {
  const { validateTree } = await import("../../validate/index.js");
  return validateTree(dir, options);
}

/** Plain lines, one per diagnostic (plus hint and spec-origin lines), and the closing line. */
export function formatValidateReport(result: ValidateResult, label: string): { lines: string[]; summary: string } {
  const lines = result.diagnostics.map((d: Diagnostic) => renderPlainOne(d));
  if (result.exitCode !== 0) return { lines, summary: summarize(result.diagnostics) };
  const how = `${result.binary?.name ?? "tofu"}, ${result.offline ? "offline" : "online"}`;
  const warnings = result.diagnostics.length === 0 ? "" : `, ${summarize(result.diagnostics)}`;
  return { lines, summary: `${label}: valid${warnings} (${how})` };
}

function jsonReport(result: ValidateResult): string {
  const report = {
    valid: result.exitCode === 0,
    exitCode: result.exitCode,
    binary: result.binary?.name ?? null,
    offline: result.offline,
    // Redacted, as the plain lines are (renderPlainOne): a hand-written tree may hold a secret
    // that tofu's message quotes.
    diagnostics: result.diagnostics.map(redactDiagnostic),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

export async function runValidateCommand(argv: readonly string[], ioArg: ValidateIo): Promise<number> {
  const io = toCliIo(ioArg);
  const parsed = parseCommandArgs(argv, OPTIONS);
  if (!parsed.ok) return usageError(io, "validate", parsed.message, parsed.hint);
  const { args } = parsed;
  if (flag(args, "help")) {
    io.stdout.write(HELP);
    return ExitCode.ok;
  }
  const [dir, ...extra] = args.positionals;
  if (dir === undefined) return usageError(io, "validate", "missing the tree to validate", 'e.g. "talos-hclgen validate infra/"');
  if (extra.length > 0) return usageError(io, "validate", `unexpected argument "${extra[0]}"`);

  const schemas = stringOption(args, "provider-schemas") ?? (flag(args, "offline") ? bundledProviderSchemas() : undefined);
  const binary = stringOption(args, "binary");
  // Paths stay as the user wrote them (diagnostics quote them); the engine resolves them
  // against cwd. A bare --binary name ("tofu") is looked up on PATH.
  const options: ValidateOptions = { label: dir, env: io.env, cwd: io.cwd };
  if (schemas !== undefined) options.providerSchemas = schemas;
  if (binary !== undefined) options.binary = binary;

  const result = await validateBuiltTree(dir, options);
  if (flag(args, "json")) {
    io.stdout.write(jsonReport(result));
    return result.exitCode;
  }
  const report = formatValidateReport(result, dir);
  for (const line of report.lines) io.stderr.write(`${line}\n`);
  (result.exitCode === 0 ? io.stdout : io.stderr).write(`${report.summary}\n`);
  return result.exitCode;
}
