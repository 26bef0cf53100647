/**
 * Running the real binary (bin/talos-hclgen.js -> dist/launcher.cjs -> dist/cli.cjs) the way users and CI do:
 * a child process with its own cwd and a controlled environment, stdout and stderr apart.
 *
 * dist/ is rebuilt when it is missing or older than the sources (npm test builds first; a
 * bare `vitest` after an edit would otherwise test stale code). Test files run in parallel
 * forks, so the build takes a lock folder and the others wait for it.
 */
import { execa } from "execa";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseDocument, type Document } from "yaml";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const BIN = join(ROOT, "bin", "talos-hclgen.js");
const MAIN = join(ROOT, "dist", "cli.cjs");
const LOCK = join(ROOT, ".vitest-tmp", "build.lock");

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  /** Added to a minimal environment (PATH and HOME only): no inherited NO_COLOR, CI, etc. */
  env?: Record<string, string>;
}

export async function runBin(args: readonly string[], options: RunOptions): Promise<RunResult> {
  const env = {
    PATH: process.env["PATH"] ?? "",
    HOME: process.env["HOME"] ?? "",
    // The up-to-date cache of each test lives in its own workspace, not in ~/.cache.
    TALOS_HCLGEN_CACHE_DIR: join(options.cwd, ".talos-hclgen-cache"),
    ...options.env,
  };
  const result = await execa(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env,
    extendEnv: false,
    reject: false,
    stripFinalNewline: false,
  });
  return {
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
  };
}

export async function ensureBuilt(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (isFresh()) return;
    if (takeLock()) {
      try {
        if (!isFresh())
          await execa(process.execPath, [join(ROOT, "scripts", "build.mjs")], {
            cwd: ROOT,
          });
      } finally {
        rmSync(LOCK, { recursive: true, force: true });
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("timed out waiting for another test process to build dist/");
}

function takeLock(): boolean {
  mkdirSync(dirname(LOCK), { recursive: true });
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    // A lock left by a killed run is stale after two minutes.
    const lock = statSync(LOCK, { throwIfNoEntry: false });
    if (lock !== undefined && Date.now() - lock.mtimeMs > 120_000) rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
}

function isFresh(): boolean {
  if (!existsSync(MAIN)) return false;
  const built = statSync(MAIN).mtimeMs;
  return !["src", "templates", "schemas", "data"].some((dir) => newerThan(join(ROOT, dir), built));
}

function newerThan(dir: string, time: number): boolean {
  if (!existsSync(dir)) return false;
  for (const entry of readdirSync(dir, {
    recursive: true,
    withFileTypes: true,
  })) {
    if (entry.isFile() && !entry.name.endsWith(".test.ts") && statSync(join(entry.parentPath, entry.name)).mtimeMs > time) return true;
  }
  return false;
}

/** A throwaway folder with the given fixture specs copied in (fixtures/<case>/spec.yaml -> <name>). */
export function workspace(specs: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "talos-hclgen-cli-"));
  for (const [name, fixture] of Object.entries(specs)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    cpSync(join(ROOT, "fixtures", fixture, "spec.yaml"), join(dir, name));
  }
  return dir;
}

/** Edits a copied spec through the yaml Document API, keeping it a valid spec otherwise. */
export function editSpec(path: string, edit: (doc: Document) => void): void {
  const doc = parseDocument(readFileSync(path, "utf8"));
  edit(doc);
  writeFileSync(path, doc.toString());
}

export const ANSI = /\u001b\[/;
