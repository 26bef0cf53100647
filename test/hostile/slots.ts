/**
 * Injection slots: every string of a base spec (test/hostile/bases/*.yaml) that holds a marker
 * ("zq...x"), as a value or as a map key, is a place an arbitrary string can be injected.
 * Together the bases hold every string field of the spec format (the test checks that), and
 * free-form ones (Talos patches, Helm values, labels) in several positions and nestings.
 *
 * Each slot gets an arbitrary of hostile strings, plus, when the schema gives the field a
 * pattern, values shaped like that pattern with hostile text spliced in: those get past loose
 * patterns (URLs, paths, kernel args) and into the templates.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { hostileString, patternSamples, shapedString } from "./hostile-strings.js";
import type { Segment } from "./landing.js";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export const MARKER = /zq[a-z0-9]*x/;

/** An IPv4 address or network: the bases give each one a value used nowhere else. */
const ADDRESS = /^\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?$/;

export interface Occurrence {
  /** Path of the value, or of the key for a key occurrence. */
  path: Segment[];
  kind: "value" | "key";
}

/**
 * One marker and every place the base spec holds it: a name that is both a map key and a
 * reference to it (platform.proxmox.hosts.<name> and nodes[].host) is one slot, so an injected
 * name stays consistent and the spec stays valid apart from the injected text itself.
 */
export interface Slot {
  base: string;
  /**
   * The text the base spec holds there. When it is a marker (`landing`), the tree shows where
   * it lands and the injected value must land there too; other strings (enums, versions,
   * durations: values a marker cannot stand in for) are injected all the same, and the tree
   * must still parse, but where they land is not checked.
   */
  marker: string;
  landing: boolean;
  occurrences: Occurrence[];
  /** The schema's pattern for the first occurrence, when it has one. */
  pattern: string | undefined;
  /** The field in general form (nodes[].labels.<key>), for reports. */
  field: string;
  values: fc.Arbitrary<string>;
}

export interface Base {
  name: string;
  spec: unknown;
  slots: Slot[];
}

type Json = Record<string, unknown>;

const schema = JSON.parse(readFileSync(join(ROOT, "schemas", "talos-hclgen.schema.json"), "utf8")) as Json;

function deref(node: unknown): Json | undefined {
  let current = node;
  for (let hops = 0; hops < 10; hops++) {
    if (current === null || typeof current !== "object") return undefined;
    const ref = (current as Json)["$ref"];
    if (typeof ref !== "string") return current as Json;
    current = (schema["definitions"] as Json)[ref.replace("#/definitions/", "")];
  }
  return undefined;
}

/** The schema node that describes `path`, or undefined where the spec is free-form. */
function schemaAt(path: readonly Segment[]): Json | undefined {
  let node = deref(schema);
  for (const segment of path) {
    if (node === undefined) return undefined;
    const branches = (node["oneOf"] ?? node["anyOf"]) as unknown[] | undefined;
    if (branches !== undefined)
      node = branches.map(deref).find((b) => b?.["properties"] !== undefined && typeof segment === "string" && segment in (b["properties"] as Json));
    if (node === undefined) return undefined;
    const properties = node["properties"] as Json | undefined;
    if (typeof segment === "number") node = deref(node["items"]);
    else if (properties !== undefined && segment in properties) node = deref(properties[segment]);
    else if (typeof node["additionalProperties"] === "object") node = deref(node["additionalProperties"]);
    else return undefined;
  }
  return node;
}

function patternOf(occurrence: Occurrence): string | undefined {
  const { path, kind } = occurrence;
  const node = kind === "key" ? deref(schemaAt(path.slice(0, -1))?.["propertyNames"]) : schemaAt(path);
  const pattern = node?.["pattern"];
  return typeof pattern === "string" ? pattern : undefined;
}

export function fieldName(occurrence: Occurrence): string {
  const general = occurrence.path.map((s) => (typeof s === "number" ? "[]" : MARKER.test(s) ? ".<key>" : `.${s}`)).join("");
  return (occurrence.kind === "key" ? `${general} (key)` : general).replace(/^\./, "");
}

function arbitraryFor(pattern: string | undefined): fc.Arbitrary<string> {
  const valid = pattern === undefined ? undefined : patternSamples(pattern);
  if (valid === undefined) return hostileString;
  return fc.oneof({ weight: 2, arbitrary: hostileString }, { weight: 3, arbitrary: shapedString(valid) }, { weight: 1, arbitrary: valid });
}

function findOccurrences(value: unknown, path: Segment[], out: Map<string, Occurrence[]>): void {
  const add = (marker: string, occurrence: Occurrence): void => {
    out.set(marker, [...(out.get(marker) ?? []), occurrence]);
  };
  if (typeof value === "string") {
    // Markers group their occurrences by text; any other string is a slot of its own.
    add(MARKER.test(value) || ADDRESS.test(value) ? value : `\0${JSON.stringify(path)}`, { path, kind: "value" });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => findOccurrences(item, [...path, i], out));
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, child] of Object.entries(value)) {
    if (MARKER.test(key)) add(key, { path: [...path, key], kind: "key" });
    findOccurrences(child, [...path, key], out);
  }
}

const loaded = new Map<string, Base>();

/** The base spec and its slots; memoised (building the pattern arbitraries is not free). */
export function loadBase(name: string): Base {
  const cached = loaded.get(name);
  if (cached !== undefined) return cached;
  const base = readBase(name);
  loaded.set(name, base);
  return base;
}

function readBase(name: string): Base {
  const spec = parse(readFileSync(join(ROOT, "test", "hostile", "bases", `${name}.yaml`), "utf8")) as unknown;
  const found = new Map<string, Occurrence[]>();
  findOccurrences(spec, [], found);
  const slots = [...found].map(([id, occurrences]): Slot => {
    // A key occurrence defines the name; the values are references to it.
    const first = occurrences.find((o) => o.kind === "key") ?? occurrences[0]!;
    const pattern = patternOf(first);
    const landing = !id.startsWith("\0");
    const marker = landing ? id : String(nodeAt(spec, first.path));
    return {
      base: name,
      marker,
      landing,
      occurrences,
      pattern,
      field: fieldName(first),
      values: arbitraryFor(pattern),
    };
  });
  return { name, spec, slots };
}

export interface Injection {
  slot: Slot;
  value: string;
}

/** Where the injected value sits in the injected spec (a renamed key moves its path). */
export function injectedPaths(injection: Injection): Segment[][] {
  return injection.slot.occurrences.map((o) => (o.kind === "key" ? [...o.path.slice(0, -1), injection.value] : o.path));
}

function nodeAt(root: unknown, path: readonly Segment[]): unknown {
  let node = root;
  for (const segment of path) node = (node as Json)[segment as string];
  return node;
}

/**
 * The base spec with the injections applied. An injection that cannot be expressed as a spec
 * (a key renamed onto a sibling's name would silently merge two entries) is left out; returns
 * the injections that were applied.
 */
export function inject(base: Base, injections: readonly Injection[]): { spec: unknown; applied: Injection[] } {
  const spec = structuredClone(base.spec);
  const applied: Injection[] = [];
  const renames: Array<{ path: Segment[]; to: string }> = [];
  for (const injection of injections) {
    const keys = injection.slot.occurrences.filter((o) => o.kind === "key");
    const blocked = keys.some((o) => {
      const holder = nodeAt(spec, o.path.slice(0, -1)) as Json;
      return injection.value !== injection.slot.marker && Object.hasOwn(holder, injection.value);
    });
    if (
      blocked ||
      renames.some((r) => keys.some((k) => JSON.stringify(k.path.slice(0, -1)) === JSON.stringify(r.path.slice(0, -1)) && r.to === injection.value))
    )
      continue;
    for (const o of injection.slot.occurrences) {
      if (o.kind === "value") (nodeAt(spec, o.path.slice(0, -1)) as Json)[o.path.at(-1) as string] = injection.value;
      else renames.push({ path: o.path, to: injection.value });
    }
    applied.push(injection);
  }
  // Rename keys deepest first, while the paths above them still hold their base names.
  for (const { path, to } of renames.sort((a, b) => b.path.length - a.path.length)) {
    const parentPath = path.slice(0, -1);
    const holder = nodeAt(spec, parentPath) as Json;
    const from = path.at(-1) as string;
    const renamed = Object.fromEntries(Object.entries(holder).map(([k, v]) => [k === from ? to : k, v]));
    if (parentPath.length === 0) throw new Error("a marker key at the root of a spec");
    (nodeAt(spec, parentPath.slice(0, -1)) as Json)[parentPath.at(-1) as string] = renamed;
  }
  return { spec, applied };
}
