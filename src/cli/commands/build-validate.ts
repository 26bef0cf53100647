/**
 * `build --validate`: after writing, run tofu/terraform validate on each tree through the
 * validate command's engine (src/cli/commands/validate.ts), one tree after another since
 * each `init` is I/O heavy. The engine is imported only when asked for: it pulls in execa.
 */
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { ValidateOptions, ValidateResult } from "../../validate/index.js";
import { ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { startProgress, type Style } from "../terminal.js";
import type { Target } from "./build-compile.js";
import type { TreeReport } from "./build-report.js";
import { specSourceMap } from "./spec-source-map.js";

export type ValidateTreeFn = (dir: string, options: ValidateOptions) => Promise<ValidateResult>;

export interface ValidateStep {
  providerSchemas: string | undefined;
  /** Spec text by display path: validate diagnostics also name the spec field. */
  sources: ReadonlyMap<string, string>;
  io: CliIo;
  style: Style;
  validateTree: ValidateTreeFn | undefined;
}

export async function validateTargets(
  targets: readonly Target[],
  trees: readonly TreeReport[],
  step: ValidateStep,
): Promise<{ exitCode: number; diagnostics: Diagnostic[] }> {
  const validate = step.validateTree ?? (await import("./validate.js")).validateBuiltTree;
  const diagnostics: Diagnostic[] = [];
  let exitCode: number = ExitCode.ok;
  for (const target of targets) {
    const progress = startProgress(step.io, step.style, `validating ${target.label}`);
    // cwd: a relative --provider-schemas is the user's path, relative to where they ran us.
    const options: ValidateOptions = {
      label: target.label,
      env: step.io.env,
      cwd: step.io.cwd,
    };
    const sourceMap = await sourceMapOf(target, step.sources.get(target.spec.display));
    if (sourceMap !== undefined) options.sourceMap = sourceMap;
    if (step.providerSchemas !== undefined) options.providerSchemas = step.providerSchemas;
    const result = await validate(target.outDir, options).finally(() => progress.done());
    diagnostics.push(...result.diagnostics);
    // Usage or environment problems (2) outrank an invalid tree (1).
    exitCode = Math.max(exitCode, result.exitCode);
    const tree = trees.find((t) => t.outDir === target.label);
    if (tree !== undefined) tree.valid = result.exitCode === ExitCode.ok;
  }
  return { exitCode, diagnostics };
}

/** Where a generated root line came from in the spec (spec-source-map.ts). */
async function sourceMapOf(target: Target, text: string | undefined): Promise<ValidateOptions["sourceMap"] | undefined> {
  if (text === undefined) return undefined;
  const { checkSpec } = await import("../../spec/index.js");
  const { PLATFORMS } = await import("../../platforms/index.js");
  const checked = checkSpec(text, target.spec.display, PLATFORMS);
  const names = checked.spec?.spec.nodes.map((n) => n.name) ?? [];
  return specSourceMap(target.files, target.prefix, names, checked.locate);
}
