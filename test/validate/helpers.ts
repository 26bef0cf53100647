/** Shared by the validate tests: where the tools and schemas are, and throwaway dirs. */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { findTofu, SHIPPED_PROVIDER_SCHEMAS } from "../tools.js";
import { toolsRequired } from "../real/tools.js";

export const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const FIXTURES = join(REPO, "test", "validate", "fixtures");
export const REFERENCE_TREE = join(FIXTURES, "reference");

/** The tofu of `npm run tools`, else tofu or terraform on PATH, or undefined. */
export function findBinary(): string | undefined {
  return findTofu() ?? undefined;
}

/** $TALOS_HCLGEN_PROVIDER_SCHEMAS, else the schemas the package ships (schemas/providers/). */
export function findProviderSchemas(): string | undefined {
  const path = process.env["TALOS_HCLGEN_PROVIDER_SCHEMAS"] ?? SHIPPED_PROVIDER_SCHEMAS;
  return existsSync(path) ? path : undefined;
}

/**
 * Why the end-to-end tests cannot run here, or undefined when they can. Where the tools are
 * required (CI), their absence is an error, not a reason to skip.
 */
export function skipReason(): string | undefined {
  const reason =
    findBinary() === undefined
      ? "no tofu: run `npm run tools` (or put tofu or terraform on PATH)"
      : findProviderSchemas() === undefined
        ? "no provider schemas (TALOS_HCLGEN_PROVIDER_SCHEMAS names a missing path)"
        : undefined;
  if (reason !== undefined && toolsRequired) throw new Error(`${reason} (CI=true: this tier never skips)`);
  return reason;
}

export function tempDir(name: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `talos-hclgen-test-${name}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Every file and directory below `dir`, relative, sorted. */
export function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((p) => p.split("\\").join("/"))
    .sort();
}
