/**
 * Talos's own validation (tools/talos-validate) of what each node receives, with the machinery
 * of the Talos minor the tree installs (v1.13.9; for v1.14, the newest v1.14 the proxy serves).
 */
import { execa } from "execa";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Tools } from "./tools.js";

export type TalosMinor = keyof Tools["talosValidate"];

/** The validation a tree's nodes get: that of the Talos minor they install. */
export function talosMinor(version: string): TalosMinor {
  const minor = /^v?(\d+\.\d+)/.exec(version)?.[1];
  if (minor === "1.13" || minor === "1.14") return `v${minor}`;
  throw new Error(`no Talos validation is built for Talos ${version}: add its machinery to tools/talos-validate`);
}

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
  talos: TalosMinor = "v1.13",
): Promise<TalosVerdict[]> {
  mkdirSync(dir, { recursive: true });
  const nodes = [...configs.keys()].sort();
  const files = nodes.map((node) => {
    const file = join(dir, `${node}.yaml`);
    writeFileSync(file, configs.get(node) ?? "");
    return file;
  });
  if (files.length === 0) return [];
  const result = await execa(tools.talosValidate[talos], ["--mode", mode, "--strict", "--json", ...files], { reject: false });
  if (result.exitCode !== 0 && result.exitCode !== 1) throw new Error(`talos-validate: ${result.stderr}`);
  const parsed = JSON.parse(result.stdout) as { file: string; valid: boolean; error?: string; warnings: string[] }[];
  return parsed.map((r, i) => ({ node: nodes[i] ?? r.file, valid: r.valid, error: r.error ?? "", warnings: r.warnings }));
}
