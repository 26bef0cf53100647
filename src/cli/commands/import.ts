/**
 * `talos-hclgen import talhelper <talconfig.yaml> [-o spec.yaml]`: the spec of a cluster made
 * with talhelper (src/import/talhelper/). Without -o the spec goes to stdout; diagnostics go to
 * stderr. An error in the talconfig, or something the spec cannot express, writes nothing
 * (exit 2); fields it leaves out are warnings (exit 0). The spec it writes is built once, in
 * memory, so that a spec which would not build is said at once.
 */
import { refuseSpecOutput } from "../spec-output.js";
import { realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { compile } from "../../index.js";
import { importTalhelper } from "../../import/talhelper/index.js";
import type { PatchFileRead } from "../../import/talhelper/context.js";
import { flag, parseCommandArgs, stringOption, usageError, type OptionSpecs } from "../args.js";
import { ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { readBounded } from "../read-bounded.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import { displayPath } from "../spec-inputs.js";
import { chooseStyle } from "../terminal.js";
import { writeFileAtomically } from "../write-file-atomically.js";
import { schemaModeline } from "../schema-reference.js";
import { errorMessage } from "../../output/disk-entry.js";

const HELP = `Usage: talos-hclgen import talhelper <talconfig.yaml> [options]

Write the spec of a cluster made with talhelper: its settings, nodes, links and addresses,
install disks, labels, taints, patches and image, for the metal platform, with
talos.secrets: import (the running cluster keeps its talsecret: docs/migrating.md). One run
reports every talconfig field it cannot carry over, each at its line, with where it goes by
hand, and writes the spec with everything else: what it left out stays in the spec as a
comment where it would go. talenv references (\${VAR}) are reported, never resolved.

Exit codes: 0 everything carried (warnings name what has no place in a spec, and stay as
comments); 2 the spec is written but errors left parts out, or it does not build yet (fix it
in place), or nothing is written: no cluster name, endpoint or node network to write a spec
around, a secret in plain text in the talconfig, or --strict and an error.

Options:
  -o, --output <path>  write the spec there (default: stdout)
      --strict         write nothing when anything is left out by an error (for CI)
      --force          overwrite the output file if it exists
      --no-color       plain diagnostics
  -h, --help           show this help
`;

/** talconfig.yaml and its patch files are small; the same bound as a spec. */
const MAX_BYTES = 1024 * 1024;

/** The options, for the parser and for shell completion (completion.ts). */
export const OPTIONS: OptionSpecs = {
  output: { type: "string", short: "o" },
  strict: { type: "boolean" },
  force: { type: "boolean" },
  "no-color": { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

export async function runImportCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, OPTIONS);
  if (!parsed.ok) return usageError(io, "import", parsed.message, parsed.hint);
  const { args } = parsed;
  if (flag(args, "help")) {
    io.stdout.write(HELP);
    return ExitCode.ok;
  }
  const [source, input, ...extra] = args.positionals;
  if (source !== "talhelper")
    return usageError(
      io,
      "import",
      source === undefined ? "say what to import from" : `cannot import from "${source}"`,
      "talos-hclgen import talhelper talconfig.yaml",
    );
  if (input === undefined)
    return usageError(io, "import", "the talconfig.yaml to import is missing", "talos-hclgen import talhelper talconfig.yaml -o cluster.yaml");
  if (extra.length > 0) return usageError(io, "import", `unexpected argument "${extra[0]}"`, "import reads one talconfig.yaml");

  const inputPath = resolve(io.cwd, input);
  const shownInput = displayPath(io.cwd, inputPath);
  const read = readText(inputPath);
  if (typeof read !== "string") {
    io.stderr.write(`talos-hclgen import: error: cannot read "${shownInput}": ${read.why}\n`);
    return ExitCode.badInput;
  }
  const folder = dirname(inputPath);
  const readPatchFile = (path: string): PatchFileRead => {
    const target = isAbsolute(path) ? path : resolve(folder, path);
    // A patch file becomes part of the spec, which is committed: only files of the talconfig's
    // own folder tree are read (talhelper reads any path), never /etc/... or ../../.ssh/...
    if (!isInside(folder, target)) return { refused: `the patch file ${path} is outside the talconfig's folder, and its text would go into the spec` };
    const text = readText(target);
    return typeof text === "string" ? text : undefined;
  };
  const text = read;
  const result = importTalhelper(text, shownInput, readPatchFile);
  const style = chooseStyle(io, { noColor: flag(args, "no-color") });
  const sources = new Map([[shownInput, text]]);
  reportDiagnostics(io, result.diagnostics, { style, quiet: false, sources });
  if (result.specText === undefined) {
    io.stderr.write("nothing was written: the talconfig gives no cluster name, endpoint or node network to write a spec around\n");
    return ExitCode.badInput;
  }
  if (!result.complete && flag(args, "strict")) {
    io.stderr.write("nothing was written (--strict): the errors above leave parts of the talconfig out\n");
    return ExitCode.badInput;
  }

  const output = stringOption(args, "output");
  const shownOutput = output === undefined ? "spec.yaml" : displayPath(io.cwd, resolve(io.cwd, output));
  // The spec as `build` would read it: a spec that would not build is said now, not later.
  const built = compile(result.specText, { specPath: shownOutput });
  const buildErrors = built.diagnostics.filter((d) => d.severity === "error");
  // A secret the talconfig holds in plain text would be copied into a new file: nothing is
  // written, and the diagnostics (which never repeat a secret) say where it is.
  if (buildErrors.some((d) => d.code === "spec/secret-in-spec")) {
    io.stderr.write("the talconfig holds a secret in plain text; the spec would copy it, so nothing is written:\n");
    reportDiagnostics(io, buildErrors, { style, quiet: true, sources: new Map() });
    io.stderr.write("hint: reference it from talenv (KEY=${VAR}) where the spec takes a sensitive variable, or drop it from the talconfig\n");
    return ExitCode.badInput;
  }

  // The editor's schema, as init writes it (import's result is pure: the package's place is the CLI's).
  const specText = `${schemaModeline(output === undefined ? io.cwd : dirname(resolve(io.cwd, output)))}${result.specText}`;
  if (output === undefined) io.stdout.write(specText);
  else {
    const target = resolve(io.cwd, output);
    const refused = refuseSpecOutput(target, shownOutput, flag(args, "force"));
    if (refused !== undefined) {
      io.stderr.write(`talos-hclgen import: error: ${refused.message}\nhint: ${refused.hint}\n`);
      return ExitCode.badInput;
    }
    const failure = writeFileAtomically(target, specText);
    if (failure !== undefined) {
      io.stderr.write(`talos-hclgen import: error: cannot write "${shownOutput}": ${failure}\n`);
      return ExitCode.badInput;
    }
    io.stderr.write(`wrote ${shownOutput}\n`);
  }
  if (buildErrors.length > 0) {
    io.stderr.write(`the spec does not build yet:\n`);
    reportDiagnostics(io, buildErrors, { style, quiet: true, sources: new Map([[shownOutput, result.specText]]) });
    return ExitCode.badInput;
  }
  // What build will warn about (a local state for the adopted secrets, ...), said now.
  const buildWarnings = built.diagnostics.filter((d) => d.severity === "warning");
  if (buildWarnings.length > 0) reportDiagnostics(io, buildWarnings, { style, quiet: false, sources: new Map([[shownOutput, result.specText]]) });
  if (!result.complete) {
    io.stderr.write(
      `${output === undefined ? "the spec" : shownOutput} is written, but the errors above need fixing in it before the first apply: what it left out is in it as comments, where it would go\n`,
    );
    return ExitCode.badInput;
  }
  if (output !== undefined) io.stderr.write(`next: npx talos-hclgen build ${shownOutput} -o infra\n`);
  return ExitCode.ok;
}

/** The file's text, or why it cannot be read (missing, a folder, larger than a spec may be). */
function readText(path: string): string | { why: string } {
  try {
    const read = readBounded(path, MAX_BYTES);
    if (!read.ok) return { why: `larger than ${MAX_BYTES} bytes` };
    return read.bytes.toString("utf8");
  } catch (error) {
    return { why: errorMessage(error) };
  }
}

/** True when `target`, links resolved, is `folder` or below it. */
function isInside(folder: string, target: string): boolean {
  const real = (path: string): string => {
    try {
      return realpathSync(path);
    } catch {
      return resolve(path);
    }
  };
  const rel = relative(real(folder), real(target));
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}
