/**
 * `talos-hclgen build <spec...> -o <dir>`: compile every spec, then write each tree (or, with
 * --check, compare it). All specs are compiled before anything is written; any error in any
 * spec, or any conflict in any tree, and nothing is written at all.
 */
import { hasErrors, type Diagnostic } from "../../diagnostics/diagnostic.js";
import type { TextRange } from "../../diagnostics/redact.js";
import { flag, parseCommandArgs, stringOption, usageError, type OptionSpecs } from "../args.js";
import { ExitCode } from "../exit-codes.js";
import { rememberUpToDate } from "./build-cache.js";
import type { CliIo } from "../io.js";
import { hasPlaceholder, unknownPlaceholder } from "../out-dir.js";
import { bundledProviderSchemas } from "../package-root.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import { expandSpecArgs } from "../spec-inputs.js";
import { chooseStyle, startProgress, type Style } from "../terminal.js";
import { checkTargets } from "./build-check.js";
import { compileAll, refreshTarget, type CompileFn, type Target } from "./build-compile.js";
import { isDrifted, printJson, printTrees, type BuildReport } from "./build-report.js";
import { validateTargets, type ValidateTreeFn } from "./build-validate.js";
import { writeTargets } from "./build-write.js";
import { refusalDiagnostics, targetImpact, type TargetImpact } from "./build-impact.js";
import type { GuardFlag } from "../../lock/impact-guards.js";
import { lockTargets, lostLocks, releaseLocks, waitForTargets } from "./build-lock.js";
import { checkAdvice } from "./build-advice.js";

export const OPTIONS: OptionSpecs = {
  out: { type: "string", short: "o" },
  check: { type: "boolean" },
  force: { type: "boolean" },
  validate: { type: "boolean" },
  "provider-schemas": { type: "string" },
  offline: { type: "boolean" },
  "allow-replace": { type: "boolean" },
  "allow-restart": { type: "boolean" },
  json: { type: "boolean" },
  quiet: { type: "boolean", short: "q" },
  "no-color": { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

const HELP = `Usage: talos-hclgen build <spec...> -o <dir> [options]

Compile cluster specs into OpenTofu/Terraform trees. Only changed files are written; files
talos-hclgen no longer generates are deleted; files it did not write, or that were edited
by hand, are never touched without --force. A spec with errors writes nothing.

Arguments:
  <spec...>                 spec files or quoted globs, e.g. 'clusters/*.yaml'

Options:
  -o, --out <dir>           output folder; with several specs use {name} (metadata.name)
                            or {stem} (file name without extension): -o 'infra/{name}'
      --check               write nothing; exit 1 and show a diff if a tree is out of date
      --force               overwrite hand-edited files and files talos-hclgen did not write
      --allow-replace       build a tree that replaces a control plane's machine (a new
                            host or VM id); refused otherwise
      --allow-restart       build a tree whose apply restarts several machines at once
                            (a class resized, machine files on Talos 1.13); refused otherwise
      --validate            run tofu/terraform validate on each tree afterwards
      --offline             with --validate: validate offline, against the provider
                            schemas shipped with talos-hclgen
      --provider-schemas <path>
                            with --validate: validate offline against these schemas
      --json                print one JSON document (diagnostics and files) on stdout
  -q, --quiet               print errors only
      --no-color            no colour in diagnostics (also: NO_COLOR=1)
  -h, --help                show this help

Never touched, even with --force: .terraform/, .terraform.lock.hcl, *.tfvars,
*.tfvars.json, *.tfstate*.

Exit codes: 0 ok or up to date, 1 out of date (--check) or invalid (--validate),
2 spec errors, conflicts, bad usage or I/O errors, 3 internal error.

Examples:
  talos-hclgen build cluster.yaml -o infra
  talos-hclgen build cluster.yaml -o infra --check
  talos-hclgen build 'clusters/*.yaml' -o 'infra/{name}'
`;

export interface BuildDeps {
  /** The compiler; tests pass a stub. Default: compile() from the library, loaded lazily. */
  compile?: CompileFn;
  validateTree?: ValidateTreeFn;
}

interface BuildSettings {
  specs: string[];
  out: string;
  check: boolean;
  force: boolean;
  /** --allow-replace, --allow-restart: the refusals the operator lifts. */
  allowed: Set<GuardFlag>;
  validate: boolean;
  providerSchemas: string | undefined;
  json: boolean;
  quiet: boolean;
  style: Style;
}

export async function runBuildCommand(argv: readonly string[], io: CliIo, deps: BuildDeps = {}): Promise<number> {
  const parsed = parseCommandArgs(argv, OPTIONS);
  if (!parsed.ok) return usageError(io, "build", parsed.message, parsed.hint);
  const { args } = parsed;
  if (flag(args, "help")) {
    io.stdout.write(HELP);
    return ExitCode.ok;
  }
  const out = stringOption(args, "out");
  const settings: BuildSettings = {
    specs: args.positionals,
    out: out ?? "",
    check: flag(args, "check"),
    force: flag(args, "force"),
    allowed: new Set((["allow-replace", "allow-restart"] as const).filter((name) => flag(args, name))),
    validate: flag(args, "validate"),
    providerSchemas: stringOption(args, "provider-schemas") ?? (flag(args, "offline") ? bundledProviderSchemas() : undefined),
    json: flag(args, "json"),
    quiet: flag(args, "quiet"),
    style: chooseStyle(io, { noColor: flag(args, "no-color") }),
  };
  const problem = usageProblem(settings, out);
  if (problem !== undefined) return usageError(io, "build", problem.message, problem.hint);
  return build(settings, io, deps);
}

function usageProblem(s: BuildSettings, out: string | undefined): { message: string; hint?: string } | undefined {
  if (s.specs.length === 0)
    return {
      message: "no spec given",
      hint: "talos-hclgen build cluster.yaml -o infra",
    };
  if (out === undefined || out === "")
    return {
      message: "no output folder given",
      hint: `add -o <dir>, e.g. -o infra`,
    };
  const unknown = unknownPlaceholder(out);
  if (unknown !== undefined)
    return {
      message: `unknown placeholder "${unknown}" in -o`,
      hint: "use {name} (metadata.name) or {stem} (file name without extension)",
    };
  if (s.check && s.force)
    return {
      message: "--force has no effect with --check, which never writes",
    };
  if (s.providerSchemas !== undefined && !s.validate) return { message: "--offline and --provider-schemas need --validate" };
  return undefined;
}

async function build(s: BuildSettings, io: CliIo, deps: BuildDeps): Promise<number> {
  const expanded = await expandSpecArgs(s.specs, io.cwd);
  const report: BuildReport = {
    check: s.check,
    exitCode: ExitCode.ok,
    diagnostics: [...expanded.diagnostics],
    trees: [],
  };
  let sources = new Map<string, string>();
  let secretRanges = new Map<string, readonly TextRange[]>();
  if (expanded.specs.length > 1 && !hasPlaceholder(s.out)) {
    report.diagnostics.push(placeholderNeeded(expanded.specs.length, s.out));
  } else if (!hasErrors(report.diagnostics)) {
    const loadCompile = async (): Promise<CompileFn> => deps.compile ?? (await import("../../index.js")).compile;
    // One spec compiles in a blink; a progress line is for the long runs only.
    const n = expanded.specs.length;
    const progress = startProgress(io, n > 1 ? quietStyle(s) : { ...s.style, progress: false }, `compiling ${n} specs`);
    const compiled = await compileAll(expanded.specs, s.out, io.cwd, loadCompile, io.env);
    progress.done();
    report.diagnostics.push(...compiled.diagnostics);
    sources = compiled.sources;
    secretRanges = compiled.secretRanges;
    if (!hasErrors(report.diagnostics)) await produce(s, io, deps, compiled.targets, report, compiled.sources, loadCompile);
  }
  // Errors before validation (spec, usage, conflicts, I/O) are bad input; validation
  // errors are the validator's to grade (1 invalid, 2 environment), set in produce().
  if (hasErrors(report.diagnostics) && report.exitCode === ExitCode.ok) report.exitCode = ExitCode.badInput;
  finish(s, io, report, sources, secretRanges);
  return report.exitCode;
}

async function produce(
  s: BuildSettings,
  io: CliIo,
  deps: BuildDeps,
  compiledTargets: readonly Target[],
  report: BuildReport,
  sources: ReadonlyMap<string, string>,
  loadCompile: () => Promise<CompileFn>,
): Promise<void> {
  const tell = !s.quiet && !s.json;
  let targets: readonly Target[] = compiledTargets;
  if (s.check) {
    const waited = await waitForTargets(targets, io, tell);
    report.diagnostics.push(...waited.diagnostics);
    if (hasErrors(waited.diagnostics)) return;
    targets = await refreshed(targets, report, loadCompile);
    if (hasErrors(report.diagnostics)) return;
    const impacts = impactsOf(s, targets, report);
    const checked = checkTargets(targets, waited.staleLocks);
    report.trees = checked.trees;
    report.diagnostics.push(...checked.diagnostics);
    if (report.trees.some(isDrifted)) report.exitCode = ExitCode.drift;
    attachImpacts(report, impacts);
    remember(io, targets, report, false);
  } else {
    // The lock spans everything that reads or writes the folders; validation (slow, and
    // read-only) runs after it is released.
    const locked = await lockTargets(targets, io, tell);
    if (!locked.ok) return void report.diagnostics.push(...locked.diagnostics);
    try {
      targets = await refreshed(targets, report, loadCompile);
      if (hasErrors(report.diagnostics)) return;
      const impacts = impactsOf(s, targets, report);
      if (hasErrors(report.diagnostics)) {
        report.exitCode = ExitCode.badInput;
        return;
      }
      const lost = lostLocks(locked.locks, targets);
      if (lost.length > 0) return void report.diagnostics.push(...lost);
      const written = writeTargets(targets, s.force, io.cwd, locked.readOnly);
      report.trees = written.trees;
      report.diagnostics.push(...written.diagnostics);
      if (hasErrors(written.diagnostics)) report.exitCode = ExitCode.badInput;
      attachImpacts(report, impacts);
      // Under the lock: the folder is still exactly what this build wrote.
      remember(io, targets, report, true);
    } finally {
      releaseLocks(locked.locks);
    }
  }
  if (s.validate && report.exitCode === ExitCode.ok) {
    const validated = await validateTargets(targets, report.trees, {
      providerSchemas: s.providerSchemas,
      sources,
      io,
      style: quietStyle(s),
      validateTree: deps.validateTree,
    });
    report.diagnostics.push(...validated.diagnostics);
    report.exitCode = validated.exitCode;
  }
}

/** The targets, compiled again where their folder changed since it was first read. */
async function refreshed(targets: readonly Target[], report: BuildReport, loadCompile: () => Promise<CompileFn>): Promise<Target[]> {
  const result: Target[] = [];
  for (const target of targets) {
    const fresh = await refreshTarget(target, loadCompile);
    report.diagnostics.push(...fresh.diagnostics);
    result.push(fresh.target);
  }
  return result;
}

/** What each tree does to running machines; refuses (or, with --check, warns of) what would hurt the cluster. */
function impactsOf(s: BuildSettings, targets: readonly Target[], report: BuildReport): TargetImpact[] {
  const impacts = targets.map(targetImpact);
  targets.forEach((target, i) => {
    const impact = impacts[i];
    if (impact !== undefined) report.diagnostics.push(...refusalDiagnostics(target, impact, s.allowed, s.check));
  });
  return impacts;
}

function attachImpacts(report: BuildReport, impacts: readonly TargetImpact[]): void {
  report.trees.forEach((tree, i) => {
    const impact = impacts[i];
    if (impact === undefined || impact.lines.length === 0) return;
    tree.impact = impact.lines;
    if (impact.rollout !== undefined) tree.rollout = impact.rollout;
  });
}

/** `underLock`: a build that still holds the folders' locks, so nothing else wrote them since. */
function remember(io: CliIo, targets: readonly Target[], report: BuildReport, underLock: boolean): void {
  if (report.exitCode !== ExitCode.ok) return;
  for (const target of targets) {
    if (target.stamp !== undefined)
      rememberUpToDate(
        io.env,
        target.outDir,
        target.stamp,
        target.files,
        { path: target.spec.absolute, sourceName: target.sourceName, text: target.text },
        underLock,
      );
  }
}

function finish(
  s: BuildSettings,
  io: CliIo,
  report: BuildReport,
  sources: ReadonlyMap<string, string>,
  secretRanges: ReadonlyMap<string, readonly TextRange[]>,
): void {
  if (s.json) return printJson(io, report);
  if (!s.quiet) printTrees(io, report, s.style.color);
  reportDiagnostics(io, report.diagnostics, {
    style: s.style,
    quiet: s.quiet,
    sources,
    secretRanges,
  });
  const drifted = report.trees.filter(isDrifted).length;
  if (s.check && drifted > 0) {
    io.stderr.write(checkAdvice(drifted, report.diagnostics));
  } else if (hasErrors(report.diagnostics) && report.trees.length === 0 && !report.diagnostics.some((d) => d.code === "output/write-failed")) {
    io.stderr.write("nothing was written\n");
  }
}

/** Progress lines are for people watching a terminal, never for --quiet or --json runs. */
function quietStyle(s: BuildSettings): Style {
  return s.quiet || s.json ? { ...s.style, progress: false } : s.style;
}

function placeholderNeeded(count: number, out: string): Diagnostic {
  return {
    code: "cli/out-dir-placeholder",
    severity: "error",
    message: `${count} specs would all be built into "${out}"`,
    hint: `put {name} (metadata.name) or {stem} (file name) in -o, e.g. -o '${out.replace(/\/+$/, "")}/{name}'`,
  };
}
