/**
 * Loads `--provider-schemas`: one file or a folder of files, each the output of
 * `tofu providers schema -json` (plain, or gzip-compressed as `.json.gz`), merged into one map
 * of providers. Several files or folders can be given separated like PATH (`a:b` on Unix), for
 * schemas kept in different places. A folder is read flat (`*.json`, `*.json.gz`, no
 * subfolders), so a folder can keep alternatives aside. The package ships the schemas of the
 * providers its trees use in schemas/providers/ (`validate --offline`).
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { delimiter, join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { formatAddress, parseProviderSource, providerKey, type ProviderAddress } from "./provider-address.js";
import type { ProviderSchemaJson, ProviderSchemasDocument } from "./provider-schema-json.js";

export interface LoadedProvider {
  address: ProviderAddress;
  schema: ProviderSchemaJson;
  /** From the document, when it says (`version`, or `provider_selections`). */
  version?: string;
  /** The file it came from, as the user named it. */
  file: string;
}

export interface LoadedSchemas {
  /** Keyed by providerKey(). */
  providers: Map<string, LoadedProvider>;
  diagnostics: Diagnostic[];
}

const CODE = "validate/provider-schemas";

const problem = (message: string, hint?: string): Diagnostic => ({
  code: CODE,
  severity: "error",
  message,
  ...(hint === undefined ? {} : { hint }),
});

/** Each file as the user would name it (label) and where it is (path). */
async function schemaFiles(path: string, cwd: string): Promise<{ label: string; path: string }[] | Diagnostic> {
  const where = resolve(cwd, path);
  const info = await stat(where).catch(() => undefined);
  if (info === undefined) return problem(`provider schemas "${path}" not found`);
  if (info.isFile()) return [{ label: path, path: where }];
  const names = (await readdir(where)).filter((n) => n.endsWith(".json") || n.endsWith(".json.gz")).sort();
  if (names.length === 0) {
    return problem(`no *.json files in "${path}"`, "put the output of `tofu providers schema -json` there");
  }
  return names.map((n) => ({ label: join(path, n).split("\\").join("/"), path: join(where, n) }));
}

function isDocument(value: unknown): value is ProviderSchemasDocument {
  if (typeof value !== "object" || value === null) return false;
  const schemas = (value as ProviderSchemasDocument).provider_schemas;
  return typeof schemas === "object" && schemas !== null && !Array.isArray(schemas);
}

export async function loadProviderSchemas(path: string, cwd: string = process.cwd()): Promise<LoadedSchemas> {
  const providers = new Map<string, LoadedProvider>();
  const diagnostics: Diagnostic[] = [];
  const files: { label: string; path: string }[] = [];
  for (const part of path.split(delimiter).filter((p) => p !== "")) {
    const found = await schemaFiles(part, cwd);
    if (!Array.isArray(found)) return { providers, diagnostics: [found] };
    files.push(...found);
  }

  for (const { label, path: file } of files) {
    let document: unknown;
    try {
      const bytes = await readFile(file);
      document = JSON.parse((file.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8"));
    } catch (error) {
      diagnostics.push(problem(`"${label}" is not JSON: ${error instanceof Error ? error.message : String(error)}`));
      continue;
    }
    if (!isDocument(document)) {
      diagnostics.push(problem(`"${label}" has no "provider_schemas" object`, "expected the output of `tofu providers schema -json`"));
      continue;
    }
    for (const [key, schema] of Object.entries(document.provider_schemas ?? {})) {
      const address = parseProviderSource(key);
      if (address === undefined) {
        diagnostics.push(problem(`"${label}": "${key}" is not a provider address`));
        continue;
      }
      const id = providerKey(address);
      const earlier = providers.get(id);
      if (earlier !== undefined) {
        diagnostics.push({
          code: CODE,
          severity: "warning",
          message: `"${formatAddress(address)}" is in both "${earlier.file}" and "${label}"; using "${label}"`,
        });
      }
      const version = schema.version ?? document.provider_selections?.[key];
      providers.set(id, { address, schema, file: label, ...(version === undefined ? {} : { version }) });
    }
  }
  if (providers.size === 0 && diagnostics.length === 0) diagnostics.push(problem(`"${path}" holds no provider schemas`));
  return { providers, diagnostics };
}
