/**
 * Every default the spec's schema announces (`default` annotations, which editors and
 * docs/spec-reference.md show) is the compiler's: it equals the entry of SPEC_DEFAULTS
 * (src/catalog/defaults.ts), the one table the model reads defaults from, and a spec that writes
 * the default compiles to the same tree as one that leaves it out.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { SPEC_DEFAULTS } from "../src/catalog/defaults.js";
import { compile } from "../src/index.js";
import { listCases, ROOT } from "./golden-corpus.js";

interface SchemaNode {
  $ref?: string;
  default?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  definitions?: Record<string, SchemaNode>;
}

const schema = JSON.parse(readFileSync(join(ROOT, "schemas/talos-hclgen.schema.json"), "utf8")) as SchemaNode;
const definitions = schema.definitions ?? {};

function resolve(node: SchemaNode): { node: SchemaNode; name?: string } {
  if (node.$ref === undefined) return { node };
  const name = node.$ref.replace("#/definitions/", "");
  return { node: definitions[name] ?? {}, name };
}

/** "Definition.field" (or "Definition.inline.field") -> the schema's default. */
function schemaDefaults(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const walk = (node: SchemaNode, key: string): void => {
    if (node.default !== undefined) found.set(key, node.default);
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      if (child.$ref === undefined) walk(child, `${key}.${name}`);
      else if (child.default !== undefined) found.set(`${key}.${name}`, child.default);
    }
    for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) if (branch.$ref === undefined) walk(branch, key);
    if (node.items !== undefined && node.items.$ref === undefined) walk(node.items, key);
  };
  for (const [name, node] of Object.entries(definitions)) walk(node, name);
  return found;
}

function flatten(table: object, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(table)) {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    if (typeof value === "object" && value !== null && !Array.isArray(value) && prefix !== "" && !/^[A-Z]/.test(key)) {
      for (const [inner, v] of flatten(value, path)) out.set(inner, v);
    } else if (prefix === "") {
      for (const [inner, v] of flatten(value as object, path)) out.set(inner, v);
    } else out.set(path, value);
  }
  return out;
}

/**
 * Where each default can be tried in a valid fixture: an object of that schema place, whatever it
 * says of the field. (A missing parent is not made: its presence alone may change the tree, as
 * cni.cilium does.)
 */
type Place = { path: Array<string | number> };

function defaultOf(node: SchemaNode): unknown {
  return node.default ?? resolve(node).node.default;
}

function places(value: unknown, node: SchemaNode, key: string, path: Array<string | number>, found: Map<string, Place[]>): void {
  const { node: target, name } = resolve(node);
  const here = name ?? key;
  const add = (field: string, place: Place) => found.set(`${here}.${field}`, [...(found.get(`${here}.${field}`) ?? []), place]);
  if (Array.isArray(value)) {
    if (target.items !== undefined) value.forEach((item, i) => places(item, target.items as SchemaNode, here, [...path, i], found));
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const record = value as Record<string, unknown>;
  for (const branch of [...(target.oneOf ?? []), ...(target.anyOf ?? [])].map(resolve)) {
    const props = branch.node.properties;
    if (props !== undefined && Object.keys(record).every((k) => k in props)) places(value, branch.node, branch.name ?? here, path, found);
  }
  for (const [field, child] of Object.entries(target.properties ?? {})) {
    if (defaultOf(child) !== undefined) add(field, { path: [...path, field] });
    if (field in record) places(record[field], child, child.$ref === undefined ? `${here}.${field}` : here, [...path, field], found);
  }
  if (typeof target.additionalProperties === "object") {
    for (const [field, child] of Object.entries(record)) {
      if (!(field in (target.properties ?? {}))) places(child, target.additionalProperties, here, [...path, field], found);
    }
  }
}

describe("defaults", () => {
  const announced = schemaDefaults();

  it("the schema's defaults are SPEC_DEFAULTS, entry for entry", () => {
    expect(Object.fromEntries(flatten(SPEC_DEFAULTS))).toEqual(Object.fromEntries(announced));
  });

  const cases = listCases().filter((name) => !name.startsWith("error-"));
  const candidates = new Map<string, Array<Place & { name: string }>>();
  for (const name of cases) {
    const doc = parseDocument(readFileSync(join(ROOT, "fixtures", name, "spec.yaml"), "utf8"));
    const found = new Map<string, Place[]>();
    places(doc.toJS(), schema, "ClusterSpec", [], found);
    for (const [key, list] of found) for (const place of list) candidates.set(key, [...(candidates.get(key) ?? []), { ...place, name }]);
  }

  it.each([...announced.keys()].sort())("writing %s's default changes nothing", (key) => {
    let compared = 0;
    const fixtures = new Set<string>();
    for (const { name, path } of candidates.get(key) ?? []) {
      // Up to three fixtures: a default may matter on one platform only.
      if (fixtures.has(name) || fixtures.size >= 3) continue;
      const specPath = `fixtures/${name}/spec.yaml`;
      const without = parseDocument(readFileSync(join(ROOT, specPath), "utf8"));
      const withDefault = without.clone();
      without.deleteIn(path);
      withDefault.setIn(path, announced.get(key));
      const a = compile(withDefault.toString(), { specPath });
      const b = compile(without.toString(), { specPath });
      // A place the platform refuses the field at (a Proxmox class's uefi on Hetzner) proves nothing.
      if (a.diagnostics.some((d) => d.severity === "error") || b.diagnostics.some((d) => d.severity === "error")) continue;
      fixtures.add(name);
      compared++;
      // A written field moves the lines below it: compare what the diagnostics say, not where.
      const said = (result: typeof a) => result.diagnostics.map(({ code, severity, message, path: at, hint }) => ({ code, severity, message, at, hint }));
      expect(said(a), `${name}, ${path.join(".")}`).toEqual(said(b));
      expect(a.files, `${name}, ${path.join(".")}: ${JSON.stringify(announced.get(key))}`).toEqual(b.files);
    }
    expect(compared, `no valid fixture has a place for ${key}: add one`).toBeGreaterThan(0);
  });
});
