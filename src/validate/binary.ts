/**
 * Which tofu/terraform to run: `--binary`, else $TALOS_HCLGEN_TOFU, else `tofu` on PATH, else
 * `terraform` on PATH. A value with a slash is a path; a bare name is looked up on PATH.
 */
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { basename, delimiter, join, resolve } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";

export const BINARY_ENV = "TALOS_HCLGEN_TOFU";

export interface ResolvedBinary {
  path: string;
  /** `tofu`, `terraform`, or the file name of whatever was given. */
  name: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const INSTALL_HINT = "install OpenTofu (tofu) or Terraform, or pass --binary";

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function onPath(name: string, env: Env): Promise<string | undefined> {
  const extensions = process.platform === "win32" ? ["", ".exe"] : [""];
  for (const dir of (env["PATH"] ?? "").split(delimiter)) {
    if (dir === "") continue;
    for (const ext of extensions) {
      const candidate = join(dir, name + ext);
      if (await isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

async function locate(value: string, env: Env, cwd: string): Promise<string | undefined> {
  if (!value.includes("/") && !value.includes("\\")) return onPath(value, env);
  const path = resolve(cwd, value);
  return (await isExecutable(path)) ? path : undefined;
}

const nameOf = (path: string): string => basename(path).replace(/\.exe$/i, "");

export async function resolveBinary(explicit: string | undefined, env: Env, cwd: string = process.cwd()): Promise<ResolvedBinary | Diagnostic> {
  const requested = explicit ?? (env[BINARY_ENV] === "" ? undefined : env[BINARY_ENV]);
  if (requested !== undefined) {
    const path = await locate(requested, env, cwd);
    if (path !== undefined) return { path, name: nameOf(path) };
    const from = explicit !== undefined ? "--binary" : `$${BINARY_ENV}`;
    return {
      code: "validate/binary-not-found",
      severity: "error",
      message: `"${requested}" (from ${from}) is not an executable file: ${INSTALL_HINT}`,
    };
  }
  for (const name of ["tofu", "terraform"]) {
    const path = await onPath(name, env);
    if (path !== undefined) return { path, name };
  }
  return {
    code: "validate/binary-not-found",
    severity: "error",
    message: `neither tofu nor terraform is on PATH: ${INSTALL_HINT}`,
  };
}
