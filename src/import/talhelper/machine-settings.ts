/**
 * A node's kernel modules, machine files and extension services (talhelper NodeConfigs:
 * v1alpha1 KernelModuleConfig and MachineFile, talhelper's ExtensionService) as the spec's
 * nodes[].kernelModules, files and extensionServices. An extension service's environment
 * value or config file that is exactly one talenv reference (${TS_AUTHKEY}) becomes a sensitive
 * variable of the tree; its value never reaches the spec.
 */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { ExtensionServiceSpec, KernelModuleSpec, MachineFileSpec } from "../../spec/types.js";
import { formatPath } from "../../diagnostics/diagnostic.js";
import { isRecord, notCarried, patchFileProblem, report, secretOrTextAt, stringAt, stringsAt, unsupported, type ImportContext } from "./context.js";

function listAt(ctx: ImportContext, path: PathSegment[], value: unknown): Array<[PathSegment[], Record<string, unknown>]> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    unsupported(ctx, path, `${String(path[path.length - 1])} is not a list`, "fix the talconfig first");
    return [];
  }
  return value.flatMap((item, i): Array<[PathSegment[], Record<string, unknown>]> => (isRecord(item) ? [[[...path, i], item]] : []));
}

function reportOthers(ctx: ImportContext, path: PathSegment[], item: Record<string, unknown>, read: readonly string[], destination: string): void {
  for (const key of Object.keys(item)) if (!read.includes(key)) notCarried(ctx, [...path, key], destination);
}

export function importKernelModules(ctx: ImportContext, path: PathSegment[], value: unknown): KernelModuleSpec[] {
  return listAt(ctx, path, value).flatMap(([itemPath, item]) => {
    reportOthers(ctx, itemPath, item, ["name", "parameters"], "a machine.kernel.modules patch");
    const name = stringAt(ctx, [...itemPath, "name"], item["name"]);
    if (name === undefined) return [];
    const parameters = stringsAt(ctx, [...itemPath, "parameters"], item["parameters"]);
    return [{ name, ...(parameters === undefined || parameters.length === 0 ? {} : { parameters }) }];
  });
}

const FILE_OPS = new Set(["create", "append", "overwrite"]);

export function importMachineFiles(ctx: ImportContext, path: PathSegment[], value: unknown): MachineFileSpec[] {
  return listAt(ctx, path, value).flatMap(([itemPath, item]) => {
    reportOthers(ctx, itemPath, item, ["path", "content", "permissions", "op"], "a machine.files patch");
    const target = stringAt(ctx, [...itemPath, "path"], item["path"]);
    const content = fileContent(ctx, [...itemPath, "content"], item["content"]);
    if (target === undefined || content === undefined) return [];
    const file: MachineFileSpec = { path: target, content };
    // YAML reads 0o644 (and Go's 0644) as a number: the spec writes the octal digits.
    if (typeof item["permissions"] === "number") file.permissions = `0${item["permissions"].toString(8)}`;
    const op = stringAt(ctx, [...itemPath, "op"], item["op"]);
    if (op !== undefined && FILE_OPS.has(op)) file.op = op as NonNullable<MachineFileSpec["op"]>;
    return [file];
  });
}

/** Inline text, or `@path` read beside the talconfig (talhelper reads machineFiles content so). */
function fileContent(ctx: ImportContext, path: PathSegment[], value: unknown): string | undefined {
  const text = stringAt(ctx, path, value);
  if (text === undefined || !text.startsWith("@")) return text;
  const read = ctx.readPatchFile(text.slice(1));
  if (typeof read === "object") {
    patchFileProblem(ctx, path, read.refused, "copy the file beside the talconfig, or into a folder below it");
    return undefined;
  }
  if (read === undefined) unsupported(ctx, path, `the file ${text.slice(1)} cannot be read`, "files are read relative to the talconfig's folder");
  return read;
}

const TALENV_IN_TEXT = /\$\{[A-Za-z_][A-Za-z0-9_]*\}/;

/**
 * A config file whose text talhelper fills in from talenv (`password = ${UPS_PASSWORD}`): the
 * spec keeps no secret in text, so the whole file becomes a sensitive variable of the tree
 * (<service>_<file>), whose value is the file as talhelper renders it. Said as a warning, with
 * the variable to set.
 */
function configFileContent(
  ctx: ImportContext,
  path: PathSegment[],
  value: unknown,
  service: string,
  mountPath: string,
): string | { variable: string } | undefined {
  if (typeof value === "string" && TALENV_IN_TEXT.test(value) && !/^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(value)) {
    const file = mountPath.split("/").pop() ?? "file";
    const variable = `${service}_${file}`
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, "_")
      .replace(/^[^a-z]+/, "")
      .slice(0, 64);
    report(
      ctx,
      "import/secret-file",
      "warning",
      path,
      `${formatPath(path)} takes values from talenv, so the whole file is the sensitive variable ${variable}`,
      `set TF_VAR_${variable} to the file as talhelper renders it (talhelper genconfig), before the first apply`,
    );
    return { variable };
  }
  return secretOrTextAt(ctx, path, value);
}

export function importExtensionServices(ctx: ImportContext, path: PathSegment[], value: unknown): ExtensionServiceSpec[] {
  return listAt(ctx, path, value).flatMap(([itemPath, item]) => {
    reportOthers(ctx, itemPath, item, ["name", "environment", "configFiles"], "an ExtensionServiceConfig in nodes[].patches");
    const name = stringAt(ctx, [...itemPath, "name"], item["name"]);
    if (name === undefined) return [];
    const service: ExtensionServiceSpec = { name };
    const environment: NonNullable<ExtensionServiceSpec["environment"]> = {};
    const entries = Array.isArray(item["environment"]) ? item["environment"] : [];
    entries.forEach((entry, e) => {
      const entryPath = [...itemPath, "environment", e];
      if (typeof entry !== "string" || !entry.includes("="))
        return unsupported(ctx, entryPath, "an environment entry is not KEY=value", "fix the talconfig first");
      const at = entry.indexOf("=");
      const content = secretOrTextAt(ctx, entryPath, entry.slice(at + 1));
      if (content !== undefined) environment[entry.slice(0, at)] = content;
    });
    if (Object.keys(environment).length > 0) service.environment = environment;
    const files = listAt(ctx, [...itemPath, "configFiles"], item["configFiles"]).flatMap(([filePath, file]) => {
      const mountPath = stringAt(ctx, [...filePath, "mountPath"], file["mountPath"]);
      if (mountPath === undefined) return [];
      const content = configFileContent(ctx, [...filePath, "content"], file["content"], name, mountPath);
      return content === undefined ? [] : [{ mountPath, content }];
    });
    if (files.length > 0) service.configFiles = files;
    return [service];
  });
}
