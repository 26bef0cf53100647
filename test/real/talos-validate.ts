/** Talos's own validation (tools/talos-validate, machinery v1.13.9) of what each node receives. */
import { execa } from "execa";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Tools } from "./tools.js";

export interface TalosVerdict {
  node: string;
  valid: boolean;
  error: string;
  warnings: string[];
}

export async function validateConfigurations(
  tools: Tools,
  dir: string,
  configs: ReadonlyMap<string, string>,
  mode: "metal" | "cloud",
): Promise<TalosVerdict[]> {
  mkdirSync(dir, { recursive: true });
  const nodes = [...configs.keys()].sort();
  const files = nodes.map((node) => {
    const file = join(dir, `${node}.yaml`);
    writeFileSync(file, configs.get(node) ?? "");
    return file;
  });
  if (files.length === 0) return [];
  const result = await execa(tools.talosValidate, ["--mode", mode, "--strict", "--json", ...files], { reject: false });
  if (result.exitCode !== 0 && result.exitCode !== 1) throw new Error(`talos-validate: ${result.stderr}`);
  const parsed = JSON.parse(result.stdout) as { file: string; valid: boolean; error?: string; warnings: string[] }[];
  return parsed.map((r, i) => ({ node: nodes[i] ?? r.file, valid: r.valid, error: r.error ?? "", warnings: r.warnings }));
}
