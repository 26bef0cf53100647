/**
 * Step one of `build`: read and compile every spec, and work out each one's output folder.
 * Every spec is compiled even after one fails, so one run reports all of their errors.
 */
import { lstatSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { MACHINES_LOCK } from "../../lock/machines-lock.js";
import { MANIFEST_NAME } from "../../output/paths.js";
import { hasErrors, type Diagnostic } from "../../diagnostics/diagnostic.js";
import type { TextRange } from "../../diagnostics/redact.js";
// The decoder alone, not ../../index.js: that would load the whole compiler eagerly, which
// build.ts imports lazily to keep start-up fast.
import { decodeSpec } from "../../spec/encoding.js";
import { MAX_SPEC_BYTES } from "../../catalog/limits.js";
import { tooLarge } from "../../spec/text-guards.js";
import { readBounded, type BoundedRead } from "../read-bounded.js";
import { errorMessage } from "../../output/disk-entry.js";
import type { CompileOptions, CompileResult, GeneratedFile } from "../../types.js";
import { isWindowsReservedName } from "../../base/windows-names.js";
import { expandOutDir, fileStem } from "../out-dir.js";
import { cacheStamp, filesIfUpToDate } from "./build-cache.js";
import { displayPath, type SpecInput } from "../spec-inputs.js";

export type CompileFn = (specText: string, options: CompileOptions) => CompileResult;

export interface Target {
  spec: SpecInput;
  /** Absolute output folder. */
  outDir: string;
  /** Prepended to generated paths when printed: "infra/", or "" for the current folder. */
  prefix: string;
  /** The folder as printed in summaries: "infra/", or "./". */
  label: string;
  files: GeneratedFile[];
  /** Set when the tree may be remembered as up to date after this build (build-cache.ts). */
  stamp?: string;
  /** machines.lock.json as the folder holds it before this build (the placements to keep). */
  previousLock?: string;
  /** What else the compiler was told about the folder (see readTreeInputs). */
  treeWithoutLock: boolean;
  /** The spec text and its name relative to the tree: enough to compile it again. */
  text: string;
  sourceName: string;
}

export interface Compiled {
  targets: Target[];
  diagnostics: Diagnostic[];
  /** Spec text by display path, for code frames. */
  sources: Map<string, string>;
  /** What the secret scan flagged in each spec's text, which code frames hide. */
  secretRanges: Map<string, readonly TextRange[]>;
}

export async function compileAll(
  specs: readonly SpecInput[],
  outTemplate: string,
  cwd: string,
  loadCompile: () => Promise<CompileFn>,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<Compiled> {
  // The compiler (and the YAML parser) load only when a spec needs them: a tree the cache
  // vouches for costs no more than reading it.
  let compile: CompileFn | undefined;
  const result: Compiled = { targets: [], diagnostics: [], sources: new Map(), secretRanges: new Map() };
  for (const spec of specs) {
    const text = readSpec(spec, result.diagnostics);
    if (text === undefined) continue;
    result.sources.set(spec.display, text);
    // The output folder is known before compiling (when the name can be read), so headers
    // can name the spec relative to the tree: the same bytes whatever folder the build ran from.
    const name = outTemplate.includes("{name}") ? metadataName(text, await loadYamlParse()) : "";
    const values = { name: name ?? "", stem: fileStem(spec.display) };
    const badName = badPlaceholderValue(outTemplate, values);
    if (badName !== undefined) {
      result.diagnostics.push(badOutDirName(spec, outTemplate, badName));
      continue;
    }
    const outDir = name === undefined ? undefined : resolve(cwd, expandOutDir(outTemplate, values));
    const sourceName = outDir === undefined ? undefined : relative(outDir, spec.absolute).split(sep).join("/");
    const stamp = outDir === undefined || sourceName === undefined ? undefined : cacheStamp(env, text, sourceName);
    const cached = outDir === undefined || stamp === undefined ? undefined : filesIfUpToDate(env, outDir, stamp);
    const inputs = outDir === undefined ? { treeWithoutLock: false } : readTreeInputs(outDir);
    const compiled: CompileResult =
      cached !== undefined ? { files: cached, diagnostics: [] } : (compile ??= await loadCompile())(text, compileOptions(spec, sourceName, inputs));
    result.diagnostics.push(...compiled.diagnostics);
    if (compiled.secretRanges !== undefined) result.secretRanges.set(spec.display, compiled.secretRanges);
    if (hasErrors(compiled.diagnostics)) continue;
    if (outDir === undefined || sourceName === undefined) {
      throw new Error(`${spec.display} compiled, but its metadata.name is not a DNS label`);
    }
    const shown = displayPath(cwd, outDir);
    result.targets.push({
      spec,
      outDir,
      prefix: shown === "." ? "" : `${shown}/`,
      label: shown === "." ? "./" : `${shown}/`,
      files: compiled.files,
      ...(stamp !== undefined && compiled.diagnostics.length === 0 ? { stamp } : {}),
      ...inputs,
      text,
      sourceName,
    });
  }
  result.diagnostics.push(...sharedOutDirs(result.targets));
  return result;
}

/**
 * Compiles again, under the folder lock, a target whose folder changed since it was read:
 * another build finished in between, and the compiler's output depends on what it left
 * (machines.lock.json keeps placements). Reading the folder again costs one small file; a
 * target whose folder is as it was keeps its files, cached or not.
 */
export async function refreshTarget(target: Target, loadCompile: () => Promise<CompileFn>): Promise<{ target: Target; diagnostics: Diagnostic[] }> {
  const inputs = readTreeInputs(target.outDir);
  if (inputs.previousLock === target.previousLock && inputs.treeWithoutLock === target.treeWithoutLock) return { target, diagnostics: [] };
  const compiled = (await loadCompile())(target.text, compileOptions(target.spec, target.sourceName, inputs));
  const { previousLock: _before, stamp, ...rest } = target;
  return {
    target: {
      ...rest,
      ...inputs,
      files: compiled.files,
      // A build with any diagnostic is never cached (build-cache.ts).
      ...(stamp !== undefined && compiled.diagnostics.length === 0 ? { stamp } : {}),
    },
    diagnostics: compiled.diagnostics,
  };
}

interface TreeInputs {
  previousLock?: string;
  /** A tree from before machines.lock.json: its owner manifest is there, the lock is not. */
  treeWithoutLock: boolean;
}

/** What the compiler reads from the output folder. */
function readTreeInputs(outDir: string): TreeInputs {
  const previousLock = readPreviousLock(outDir);
  const treeWithoutLock = previousLock === undefined && isFile(join(outDir, MANIFEST_NAME));
  return { ...(previousLock === undefined ? {} : { previousLock }), treeWithoutLock };
}

function compileOptions(spec: SpecInput, sourceName: string | undefined, inputs: TreeInputs): CompileOptions {
  return {
    specPath: spec.display,
    ...(sourceName === undefined ? {} : { sourceName }),
    ...(inputs.previousLock === undefined ? {} : { previousLock: inputs.previousLock }),
    ...(inputs.treeWithoutLock ? { treeWithoutLock: true } : {}),
  };
}

/**
 * {stem} and {name} are single folder names in -o. A stem of "." or ".." (a spec named
 * "..yaml" or "...yaml") would put the tree in the folder above, or in the current one,
 * pruning what the manifest there lists; a Windows device name (con, aux...) makes a folder
 * no Windows checkout can hold.
 */
function badPlaceholderValue(template: string, values: { name: string; stem: string }): { key: string; value: string } | undefined {
  for (const key of ["stem", "name"] as const) {
    if (!template.includes(`{${key}}`)) continue;
    const value = values[key];
    if (key === "name" && value === "") continue; // unreadable: compile() reports why
    if (value === "" || value === "." || value === ".." || isWindowsReservedName(value)) return { key, value };
  }
  return undefined;
}

function badOutDirName(spec: SpecInput, template: string, bad: { key: string; value: string }): Diagnostic {
  const what = bad.key === "stem" ? "file name without its extension" : "metadata.name";
  const why =
    bad.value === "" || bad.value === "." || bad.value === ".."
      ? "which is not a folder name: the tree would go to another folder"
      : "which Windows reserves for a device: no Windows checkout could hold the folder";
  return {
    code: "cli/bad-out-dir-name",
    severity: "error",
    file: spec.display,
    message: `{${bad.key}} in -o "${template}" is the spec's ${what}, ${JSON.stringify(bad.value)}, ${why}`,
    hint: bad.key === "stem" ? "rename the spec file, or use {name} (metadata.name) in -o" : "change metadata.name, or use {stem} in -o",
  };
}

/**
 * The tree's machines.lock.json, if the folder holds one as a plain file (never through a
 * link: it is data from the folder, and a link could point anywhere). Too large or unreadable
 * counts as none; the compiler validates what it reads.
 */
function readPreviousLock(outDir: string): string | undefined {
  const path = join(outDir, MACHINES_LOCK);
  try {
    const info = lstatSync(path);
    if (!info.isFile() || info.size > 16 * 1024 * 1024) return undefined;
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

function readSpec(spec: SpecInput, diagnostics: Diagnostic[]): string | undefined {
  let read: BoundedRead;
  try {
    read = readBounded(spec.absolute, MAX_SPEC_BYTES);
  } catch (error) {
    diagnostics.push({
      code: "cli/unreadable-spec",
      severity: "error",
      file: spec.display,
      message: `cannot read the spec: ${errorMessage(error)}`,
    });
    return undefined;
  }
  if (!read.ok) {
    // Checked while reading (read-bounded.ts): /dev/zero as a spec stops at the limit.
    const { code, message, hint } = tooLarge(read.size);
    const span = { file: spec.display, start: 0, end: 0, pos: { line: 1, col: 1 } };
    diagnostics.push({ code, severity: "error", message, span, ...(hint === undefined ? {} : { hint }) });
    return undefined;
  }
  const bytes = read.bytes;
  // Not readFileSync(..., "utf8"): that turns a bad byte into U+FFFD without a word, and the
  // corrupted value would reach the generated tree (src/spec/encoding.ts).
  const decoded = decodeSpec(bytes, spec.display);
  if (!decoded.ok) {
    diagnostics.push(decoded.diagnostic);
    return undefined;
  }
  return decoded.text;
}

/** yaml's parse, loaded on first use (bundled as CommonJS, so its functions may sit on default). */
async function loadYamlParse(): Promise<(text: string) => unknown> {
  const yaml = (await import("yaml")) as { parse?: (text: string) => unknown; default?: { parse: (text: string) => unknown } };
  const parse = yaml.parse ?? yaml.default?.parse;
  if (parse === undefined) throw new Error("the yaml package has no parse()");
  return parse;
}

/**
 * metadata.name for `{name}` in -o, read before compiling (undefined when the spec does not
 * parse or has no DNS-label name: compile() then reports why). Read here rather than returned
 * by compile() to keep the library contract small; a DNS label is a safe single path segment.
 */
function metadataName(text: string, parse: (text: string) => unknown): string | undefined {
  try {
    const document = parse(text) as { metadata?: { name?: unknown } } | null;
    const name = document?.metadata?.name;
    return typeof name === "string" && /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

/** Two specs writing one folder would each prune the other's files: refuse up front. */
function sharedOutDirs(targets: readonly Target[]): Diagnostic[] {
  const owner = new Map<string, Target>();
  const diagnostics: Diagnostic[] = [];
  for (const target of targets) {
    const first = owner.get(target.outDir);
    if (first === undefined) {
      owner.set(target.outDir, target);
      continue;
    }
    diagnostics.push({
      code: "cli/shared-out-dir",
      severity: "error",
      file: target.spec.display,
      message: `builds into "${target.label}", like "${first.spec.display}"`,
      hint: "give each spec its own folder with {name} or {stem} in -o, e.g. -o 'infra/{name}'",
    });
  }
  return diagnostics;
}
