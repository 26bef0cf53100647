/** The tree argument must be a directory whose root module has configuration files. */
import { readdir, stat } from "node:fs/promises";
import type { Diagnostic } from "../diagnostics/diagnostic.js";

export async function checkTreeDir(dir: string, label: string): Promise<Diagnostic | undefined> {
  const info = await stat(dir).catch(() => undefined);
  if (info === undefined || !info.isDirectory()) {
    return { code: "validate/no-tree", severity: "error", message: `"${label}" is not a directory` };
  }
  const names = await readdir(dir);
  if (!names.some((n) => n.endsWith(".tf") || n.endsWith(".tf.json"))) {
    return {
      code: "validate/no-tree",
      severity: "error",
      message: `"${label}" holds no .tf files`,
      hint: "pass the root of the generated tree (the folder `talos-hclgen build` wrote)",
    };
  }
  return undefined;
}
