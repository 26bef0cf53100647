/**
 * Shared by the writer's process tests (concurrency.test.ts, kill-loop.test.ts): specs that
 * move a tree around (create, rewrite and delete files, and a whole folder), clean builds to
 * compare with, and a snapshot of every entry of a tree, hidden ones included, so "identical
 * to a clean build" also means "nothing else in it": no leftover, no journal, no lock.
 */
import { spawn } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { ROOT } from "../cli/harness.js";
import { casesPerFile } from "./property.js";
import { VALID } from "./corpus-generated.js";

export const BIN = join(ROOT, "bin", "talos-hclgen.js");

/**
 * The one-node spec with `workers` workers; labelled workers get a patches/nodes/ file each,
 * so a build between labelled and unlabelled variants creates or deletes a whole folder of
 * files; `variant` changes every file's contents a little (the cluster's DNS domain).
 */
export function specText(workers: number, labelled: boolean, variant = 0): string {
  let text = VALID;
  if (variant > 0) text = text.replace("  kubernetes:\n", `  kubernetes:\n    dnsDomain: v${variant}.cluster.local\n`);
  for (let n = 0; n < workers; n++)
    text += `    - { name: wk-${n}, role: worker, address: 192.168.10.${100 + n}/24${labelled ? `, labels: { rack: r${n % 4} } ` : ""} }\n`;
  return text;
}

export interface Run {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the real binary; `onSpawn` gets the child (to kill it). */
export function run(args: readonly string[], cwd: string, onSpawn?: (child: ReturnType<typeof spawn>) => void): Promise<Run> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "", TALOS_HCLGEN_CACHE_DIR: join(cwd, ".cache") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  onSpawn?.(child);
  return new Promise((resolve) => child.on("close", (exitCode, signal) => resolve({ exitCode, signal, stdout, stderr })));
}

/** Every entry below `root`: "path/" for folders, "path -> target" for links, path -> bytes (hex-free: latin1) for files. */
export function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, prefix: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      if (stat.isDirectory()) {
        out[`${prefix}${name}/`] = "";
        walk(path, `${prefix}${name}/`);
      } else out[`${prefix}${name}`] = stat.isFile() ? readFileSync(path, "latin1") : "(not a file)";
    }
  };
  walk(root, "");
  return out;
}

/** A workspace holding `specs` (name -> text), and each one's clean build, made by the binary. */
export async function workspaceWithCleanBuilds(specs: Record<string, string>): Promise<{
  dir: string;
  clean: Map<string, Record<string, string>>;
}> {
  const dir = mkdtempSync(join(tmpdir(), "talos-hclgen-race-"));
  const clean = new Map<string, Record<string, string>>();
  for (const [name, text] of Object.entries(specs)) writeFileSync(join(dir, name), text);
  // Same folder depth as infra/, so the spec is named the same way in every header.
  const results = await Promise.all(Object.keys(specs).map((name) => run(["build", name, "-o", `clean-${name}`], dir)));
  for (const result of results) expect(result.exitCode, result.stderr).toBe(0);
  for (const name of Object.keys(specs)) clean.set(name, snapshot(join(dir, `clean-${name}`)));
  return { dir, clean };
}

/** HOSTILE_* scales a default like the property tests do (HOSTILE_RUNS), within `cap`. */
export function scaled(name: string, defaultCount: number, cap: number): number {
  const own = Number(process.env[name]);
  if (Number.isFinite(own) && own > 0) return Math.round(own);
  return Math.min(cap, casesPerFile(defaultCount));
}
