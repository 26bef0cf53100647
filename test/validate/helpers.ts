/** Shared by the validate tests: where the tools and schemas are, and throwaway dirs. */
import { execaSync } from "execa";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const FIXTURES = join(REPO, "test", "validate", "fixtures");
export const REFERENCE_TREE = join(FIXTURES, "reference");

/** tofu or terraform on PATH (the product's preference), or undefined. */
export function findBinary(): string | undefined {
  for (const name of ["tofu", "terraform"]) {
    const found = execaSync("sh", ["-c", `command -v ${name}`], { reject: false });
    if (found.exitCode === 0 && found.stdout.trim() !== "") return name;
  }
  return undefined;
}

/** $TALOS_HCLGEN_PROVIDER_SCHEMAS, else ../shared/provider-schemas beside the repo. */
export function findProviderSchemas(): string | undefined {
  const path = process.env["TALOS_HCLGEN_PROVIDER_SCHEMAS"] ?? join(REPO, "..", "shared", "provider-schemas");
  return existsSync(path) ? path : undefined;
}

/** Why the end-to-end tests cannot run here, or undefined when they can. */
export function skipReason(): string | undefined {
  if (findBinary() === undefined) return "neither tofu nor terraform is on PATH";
  if (findProviderSchemas() === undefined) {
    return "no provider schemas (set TALOS_HCLGEN_PROVIDER_SCHEMAS or check out ../shared/provider-schemas)";
  }
  return undefined;
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
