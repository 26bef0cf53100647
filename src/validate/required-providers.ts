/**
 * The providers a tree asks for, with every version constraint on each: read from the
 * `required_providers` blocks of every module (.tf via @cdktf/hcl2json, given only the
 * `terraform {}` blocks, see ./hcl-top-level-blocks.ts; .tf.json directly).
 * A local name without `source` means hashicorp/<name>, as in Terraform. Files that do not
 * parse are skipped here: `init` and `validate` report them with positions.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { topLevelBlocks } from "./hcl-top-level-blocks.js";
import { parseProviderSource, providerKey, type ProviderAddress } from "./provider-address.js";

export interface Requirement {
  address: ProviderAddress;
  /** Raw constraint strings, in file order (each may hold several comma-separated terms). */
  constraints: string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
/** hcl2json wraps every block in an array; .tf.json allows either shape. */
const asList = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : isObject(value) ? [value] : []);

function collect(document: unknown, into: Map<string, Requirement>): void {
  if (!isObject(document)) return;
  for (const terraform of asList(document["terraform"])) {
    for (const block of asList(terraform["required_providers"])) {
      for (const [localName, spec] of Object.entries(block)) {
        const source = isObject(spec) && typeof spec["source"] === "string" ? spec["source"] : `hashicorp/${localName}`;
        const address = parseProviderSource(source);
        if (address === undefined) continue;
        const key = providerKey(address);
        const requirement = into.get(key) ?? { address, constraints: [] };
        const version = isObject(spec) ? spec["version"] : typeof spec === "string" ? spec : undefined;
        if (typeof version === "string" && version.trim() !== "") requirement.constraints.push(version);
        into.set(key, requirement);
      }
    }
  }
}

/** Every .tf and .tf.json below `dir`, sorted; `.terraform/` and `.git/` are not entered. */
async function configFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== ".terraform" && entry.name !== ".git") out.push(...(await configFiles(path)));
    else if (entry.isFile() && (entry.name.endsWith(".tf") || entry.name.endsWith(".tf.json"))) out.push(path);
  }
  return out.sort();
}

/** Keyed by providerKey(). */
export async function readRequiredProviders(dir: string): Promise<Map<string, Requirement>> {
  const requirements = new Map<string, Requirement>();
  let hcl: typeof import("@cdktf/hcl2json") | undefined;
  for (const file of await configFiles(dir)) {
    const text = await readFile(file, "utf8");
    // Most files declare no providers; the WebAssembly HCL parser costs ~200 ms to load.
    if (!text.includes("required_providers")) continue;
    const blocks = file.endsWith(".tf.json") ? undefined : topLevelBlocks(text, "terraform").join("\n");
    if (blocks === "") continue;
    // Outside the try: a parser that cannot be loaded is not a problem of the tree.
    if (blocks !== undefined) hcl ??= await import("@cdktf/hcl2json");
    try {
      collect(blocks === undefined ? JSON.parse(text) : await hcl?.parse(file, blocks), requirements);
    } catch {
      // Unparseable: Terraform reports it with a position.
    }
  }
  return requirements;
}
