#!/usr/bin/env node
// `npm run schemas:providers`: writes schemas/providers/<namespace>-<name>.json.gz, the provider
// schemas that `talos-hclgen validate --offline` and the tests' provider doubles use.
//
// Providers built by `npm run tools` are asked for their schema (`tofu providers schema -json`
// with the real binaries). The providers the Go module proxy does not serve keep the schema
// reconstructed from their source (test/provider-schemas first, then ../shared/provider-schemas); pass
// --reconstructed to copy those in again. Each file is one provider's entry in the format
// `tofu providers schema -json` prints, plus `provider_selections` with its version.
// The real-tools test tier regenerates the real ones and compares (test/real/schemas.test.ts).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { toolsFolder } from "./tools.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pins = JSON.parse(readFileSync(join(root, "tools", "pins.json"), "utf8"));
const out = join(root, "schemas", "providers");

/** Keys sorted at every level: the same schema gives the same bytes. */
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

/** One provider's schema document, as the project ships it. */
export function providerDocument(source, version, schema) {
  const key = `registry.terraform.io/${source}`;
  return sortKeys({
    format_version: "1.0",
    provider_schemas: { [key]: schema },
    provider_selections: { [key]: version },
  });
}

export function encodeDocument(document) {
  return gzipSync(`${JSON.stringify(document, null, 1)}\n`, { level: 9 });
}

/** The real providers' schemas, printed by the real tofu: { source: schema }. */
export function realSchemas(manifest) {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-schemas-"));
  try {
    const required = Object.entries(manifest.providers)
      .map(([source, { version }]) => `    ${source.split("/")[1]} = { source = "${source}", version = "${version}" }`)
      .join("\n");
    writeFileSync(join(work, "main.tf"), `terraform {\n  required_providers {\n${required}\n  }\n}\n`);
    writeFileSync(join(work, "cli.tfrc"), `provider_installation {\n  filesystem_mirror {\n    path = ${JSON.stringify(manifest.mirror)}\n  }\n}\n`);
    const env = { ...process.env, TF_CLI_CONFIG_FILE: join(work, "cli.tfrc"), CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1" };
    const init = spawnSync(manifest.tofu, ["init", "-backend=false", "-no-color"], { cwd: work, env, encoding: "utf8" });
    if (init.status !== 0) throw new Error(`tofu init failed:\n${init.stdout}${init.stderr}`);
    const printed = spawnSync(manifest.tofu, ["providers", "schema", "-json"], {
      cwd: work,
      env,
      encoding: "utf8",
      maxBuffer: 256 << 20,
    });
    if (printed.status !== 0) throw new Error(`tofu providers schema failed:\n${printed.stderr}`);
    const schemas = {};
    for (const [key, schema] of Object.entries(JSON.parse(printed.stdout).provider_schemas)) {
      schemas[key.split("/").slice(1).join("/")] = schema;
    }
    return schemas;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readManifest() {
  const path = join(toolsFolder(), "manifest.json");
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run tools\` first`);
  return JSON.parse(readFileSync(path, "utf8"));
}

function main() {
  mkdirSync(out, { recursive: true });
  const manifest = readManifest();
  for (const [source, schema] of Object.entries(realSchemas(manifest))) {
    const file = join(out, `${source.replace("/", "-")}.json.gz`);
    writeFileSync(file, encodeDocument(providerDocument(source, manifest.providers[source].version, schema)));
    console.log(`${file}: from the real provider`);
  }
  if (!process.argv.includes("--reconstructed")) return;
  for (const [source, version] of Object.entries(pins.notServed)) {
    const name = `${source.replace("/", "-")}.json`;
    const from = [join(root, "test", "provider-schemas", name), join(root, "..", "shared", "provider-schemas", name)].find((path) => existsSync(path));
    if (from === undefined) throw new Error(`no reconstructed schema for ${source}`);
    const document = JSON.parse(readFileSync(from, "utf8"));
    const schema = Object.values(document.provider_schemas)[0];
    writeFileSync(join(out, `${name}.gz`), encodeDocument(providerDocument(source, version, schema)));
    console.log(`${join(out, name)}.gz: reconstructed from source (${from})`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
