/**
 * The injection properties cover every string field of the spec format: every string (or
 * patterned, or enum) field and every map key the schema constrains appears, as a value or a
 * key, in at least one base spec of test/hostile/bases/, so it gets hostile strings. A field
 * added to the schema without a place in a base fails here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fieldName, loadBase, ROOT } from "./slots.js";

type SchemaNode = Record<string, unknown>;

const schema = JSON.parse(readFileSync(join(ROOT, "schemas", "talos-hclgen.schema.json"), "utf8")) as SchemaNode;
const definitions = schema["definitions"] as Record<string, SchemaNode>;

function deref(node: unknown): SchemaNode | undefined {
  let current = node as SchemaNode | undefined;
  for (let hops = 0; hops < 10 && typeof current?.["$ref"] === "string"; hops++) {
    current = definitions[(current["$ref"] as string).split("/").pop() ?? ""];
  }
  return current;
}

/** Every string field of the schema, in the general form slots.ts uses (nodes[].labels.<key>). */
function stringFields(): string[] {
  const found = new Set<string>();
  const walk = (raw: unknown, path: string, depth: number): void => {
    const node = deref(raw);
    if (node === undefined || depth > 24) return;
    for (const key of ["oneOf", "anyOf", "allOf"]) for (const branch of (node[key] as unknown[] | undefined) ?? []) walk(branch, path, depth + 1);
    const type = node["type"];
    if (type === "string" || (Array.isArray(type) && type.includes("string")) || node["pattern"] !== undefined || node["enum"] !== undefined) found.add(path);
    for (const [name, child] of Object.entries((node["properties"] as SchemaNode | undefined) ?? {})) walk(child, `${path}.${name}`, depth + 1);
    if (node["items"] !== undefined) walk(node["items"], `${path}[]`, depth + 1);
    if (typeof node["additionalProperties"] === "object") walk(node["additionalProperties"], `${path}.<key>`, depth + 1);
    if (node["propertyNames"] !== undefined) found.add(`${path}.<key> (key)`);
  };
  walk(schema, "", 0);
  return [...found].map((f) => f.replace(/^\./, "")).sort();
}

describe("the base specs", () => {
  it("hold every string field of the spec format", () => {
    const covered = new Set(["proxmox", "hcloud", "metal", "tofu"].flatMap((name) => loadBase(name).slots.flatMap((s) => s.occurrences.map(fieldName))));
    const fields = stringFields();
    expect(fields.length).toBeGreaterThan(100);
    expect(fields.filter((f) => !covered.has(f))).toEqual([]);
  });
});
