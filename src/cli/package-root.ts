/**
 * Where talos-hclgen's own files are (package.json, schemas/, data/). The code runs from
 * src/cli (tests), dist/cli (the binary) or a code-split chunk in dist/, so it walks up to the
 * package.json named talos-hclgen instead of assuming a depth.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

interface PackageJson {
  name?: unknown;
  version?: unknown;
}

let cached: { root: string; pkg: PackageJson } | undefined;

function find(): { root: string; pkg: PackageJson } {
  if (cached) return cached;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const pkg = readPackageJson(join(dir, "package.json"));
    if (pkg?.name === "talos-hclgen") return (cached = { root: dir, pkg });
    if (dirname(dir) === dir) throw new Error("cannot find talos-hclgen's package.json above the running code");
  }
}

function readPackageJson(path: string): PackageJson | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as PackageJson;
  } catch {
    return undefined;
  }
}

export function packageRoot(): string {
  return find().root;
}

export function packageVersion(): string {
  const version = find().pkg.version;
  if (typeof version !== "string") throw new Error("talos-hclgen's package.json has no version");
  return version;
}

export function schemaFile(): string {
  return join(packageRoot(), "schemas", "talos-hclgen.schema.json");
}

/** The provider schemas the package ships for offline validation (npm run schemas:providers). */
export function bundledProviderSchemas(): string {
  return join(packageRoot(), "schemas", "providers");
}
