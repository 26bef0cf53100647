/**
 * validateTree: `init -backend=false` then `validate -json` with the real tofu/terraform, in
 * a scratch copy of the tree, online or against stub providers (docs offline-validate.md).
 * The user's tree is only read; the scratch dir and every child process are gone when this
 * returns or when a signal ends the run.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.js";
import { resolveBinary, type ResolvedBinary } from "./binary.js";
import { withOfflineHint } from "./offline-hint.js";
import { prepareOffline } from "./offline-setup.js";
import { ProcessGuard } from "./process-guard.js";
import { loadProviderSchemas, type LoadedSchemas } from "./provider-schemas.js";
import { runTool, type ToolRun } from "./run-tool.js";
import { copyTree, createScratch, removeScratch, removeScratchSync, type Scratch } from "./scratch.js";
import { parseJsonLines, parseValidateJson, textDiagnostic, toDiagnostic, type MappingContext, type RawDiagnostic } from "./tool-diagnostics.js";
import { toolEnv, type OfflineEnv } from "./tool-env.js";
import { checkTreeDir } from "./tree-dir.js";
import type { ValidateExitCode, ValidateOptions, ValidateResult, ValidateStats } from "./types.js";

interface Run {
  dir: string;
  label: string;
  options: ValidateOptions;
  binary: ResolvedBinary;
  schemas: LoadedSchemas | undefined;
  stats: ValidateStats;
  guard: ProcessGuard;
}

/** Tool errors with a source range are the tree's fault (1); errors without one, e.g. a
 *  provider that cannot be installed or started, are the environment's (2). */
function exitCodeOf(diagnostics: readonly Diagnostic[]): ValidateExitCode {
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length === 0) return 0;
  return errors.some((d) => d.span !== undefined) ? 1 : 2;
}

function mapAll(raw: readonly RawDiagnostic[], context: MappingContext, unrangedCode: string): Diagnostic[] {
  return raw.map((d) => {
    const diagnostic = toDiagnostic(d, d.range === undefined ? unrangedCode : "validate/tofu", context);
    if (diagnostic.span === undefined) diagnostic.file = context.label;
    return diagnostic;
  });
}

type InitOutcome = { ok: true } | { ok: false; raw: RawDiagnostic[] };

async function init(run: Run, extraArgs: readonly string[], exec: (args: string[]) => Promise<ToolRun>): Promise<InitOutcome> {
  const args = ["init", "-backend=false", "-input=false", "-no-color", ...extraArgs];
  let result = await exec([...args, "-json"]);
  let raw = parseJsonLines(result.stdout);
  // `init -json` is Terraform >= 1.9 / recent OpenTofu; older ones reject the flag.
  if (result.exitCode !== 0 && raw.length === 0 && result.stderr.includes("flag provided but not defined: -json")) {
    result = await exec(args);
    raw = [];
  }
  run.stats.initMs += result.ms;
  if (result.exitCode === 0) return { ok: true };
  const errors = raw.filter((d) => d.severity === "error");
  if (errors.length === 0) errors.push(textDiagnostic(`${run.binary.name} init failed`, result.failure ?? (result.stderr || result.stdout)));
  return { ok: false, raw: errors };
}

async function countLines(path: string): Promise<number> {
  const text = await readFile(path, "utf8").catch(() => "");
  return text.split("\n").filter((line) => line !== "").length;
}

async function runInScratch(run: Run, scratch: Scratch): Promise<{ exitCode: ValidateExitCode; diagnostics: Diagnostic[] }> {
  const copied = await copyTree(run.dir, scratch.tree);
  if (copied.loop !== undefined) {
    const message = `${copied.loop} is a symbolic link to a folder it is inside of: the tree never ends`;
    return { exitCode: 2, diagnostics: [{ code: "validate/link-loop", severity: "error", message, hint: "remove the link; a generated tree holds none" }] };
  }
  const diagnostics: Diagnostic[] = [...(run.schemas?.diagnostics ?? [])];
  let extraInitArgs: string[] = [];
  let offlineEnv: OfflineEnv | undefined;
  if (run.schemas !== undefined) {
    const setup = await prepareOffline(scratch, run.schemas, {
      mode: run.options.installMode ?? "cli-config",
      stubScript: run.options.stubScript,
    });
    diagnostics.push(...setup.diagnostics);
    if (!setup.ok) return { exitCode: setup.exitCode, diagnostics };
    extraInitArgs = setup.initArgs;
    offlineEnv = setup.env;
  }
  const env = toolEnv(run.options.env ?? process.env, offlineEnv);
  const exec = (args: string[]): Promise<ToolRun> => runTool(run.binary.path, args, { cwd: scratch.tree, env, guard: run.guard });
  const context: MappingContext = { label: run.label, workDir: scratch.tree, sourceMap: run.options.sourceMap };

  const initialized = await init(run, extraInitArgs, exec);
  if (!initialized.ok) {
    const unhinted = mapAll(initialized.raw, context, "validate/init");
    // Online only: offline, the stub providers never reach a registry.
    const mapped = run.schemas === undefined ? withOfflineHint(unhinted) : unhinted;
    return { exitCode: exitCodeOf(mapped), diagnostics: [...diagnostics, ...mapped] };
  }

  const validated = await exec(["validate", "-json", "-no-color"]);
  run.stats.validateMs = validated.ms;
  if (offlineEnv !== undefined) run.stats.stubLaunches = await countLines(offlineEnv.stubTrace);
  const raw = parseValidateJson(validated.stdout) ?? [
    textDiagnostic(`${run.binary.name} validate failed`, validated.failure ?? (validated.stderr || validated.stdout)),
  ];
  const mapped = mapAll(raw, context, "validate/tofu");
  return { exitCode: exitCodeOf(mapped), diagnostics: [...diagnostics, ...mapped] };
}

export async function validateTree(dir: string, options: ValidateOptions = {}): Promise<ValidateResult> {
  const stats: ValidateStats = { initMs: 0, validateMs: 0 };
  const offline = options.providerSchemas !== undefined;
  const label = options.label ?? dir;
  const finish = (exitCode: ValidateExitCode, diagnostics: Diagnostic[], binary?: ResolvedBinary): ValidateResult => ({
    exitCode,
    diagnostics: sortDiagnostics(diagnostics),
    offline,
    stats,
    ...(binary === undefined ? {} : { binary: { path: binary.path, name: binary.name } }),
  });

  const cwd = options.cwd ?? process.cwd();
  const treeDir = resolve(cwd, dir);
  const treeProblem = await checkTreeDir(treeDir, label);
  if (treeProblem !== undefined) return finish(2, [treeProblem]);
  const binary = await resolveBinary(options.binary, options.env ?? process.env, cwd);
  if ("code" in binary) return finish(2, [binary]);
  let schemas: LoadedSchemas | undefined;
  if (options.providerSchemas !== undefined) {
    schemas = await loadProviderSchemas(options.providerSchemas, cwd);
    if (schemas.diagnostics.some((d) => d.severity === "error")) return finish(2, schemas.diagnostics, binary);
  }

  const guard = new ProcessGuard();
  guard.install();
  let scratch: Scratch | undefined;
  try {
    scratch = await createScratch(options.tmpDir);
    const created = scratch;
    guard.onSignal(() => removeScratchSync(created));
    const outcome = await runInScratch({ dir: treeDir, label, options, binary, schemas, stats, guard }, scratch);
    return finish(outcome.exitCode, outcome.diagnostics, binary);
  } finally {
    guard.killAll();
    guard.uninstall();
    if (scratch !== undefined) await removeScratch(scratch);
  }
}
