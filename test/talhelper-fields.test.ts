/**
 * docs/talhelper-fields.md stays true: every spec path a "D" row names exists in the schema,
 * the totals line counts the table, and every field is there once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./cli/harness.js";

interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
}

const schema = JSON.parse(readFileSync(join(ROOT, "schemas/talos-hclgen.schema.json"), "utf8")) as SchemaNode & {
  definitions: Record<string, SchemaNode>;
};
const doc = readFileSync(join(ROOT, "docs/talhelper-fields.md"), "utf8");

const resolve = (node: SchemaNode): SchemaNode => (node.$ref === undefined ? node : resolve(schema.definitions[node.$ref.replace("#/definitions/", "")] ?? {}));

/** The schema node at a path such as `nodes[].networks[].mac` or `nodeClasses.*.taints`. */
export function schemaAt(path: string): SchemaNode | undefined {
  const segments = path.split(".");
  let node: SchemaNode | undefined = segments[0] === "metadata" ? schema : resolve(schema.properties?.["spec"] ?? {});
  for (const segment of segments) {
    if (node === undefined) return undefined;
    const list = segment.endsWith("[]");
    const name = list ? segment.slice(0, -2) : segment;
    const here: SchemaNode = resolve(node);
    if (name === "*") node = typeof here.additionalProperties === "object" ? here.additionalProperties : undefined;
    else node = here.properties?.[name];
    if (node !== undefined && list) node = resolve(node).items;
  }
  return node === undefined ? undefined : resolve(node);
}

const rows = [...doc.matchAll(/^\| (\d+) \| (.+?) \| (.+?) \| (D|P|X|N\/A) \|$/gm)].map((m) => ({
  number: Number(m[1]),
  field: m[2] ?? "",
  where: m[3] ?? "",
  kind: m[4] ?? "",
}));

describe("docs/talhelper-fields.md", () => {
  it("lists the 68 fields once each, in order", () => {
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 68 }, (_, i) => i + 1));
  });

  it("names only spec paths that exist, in every direct row", () => {
    for (const row of rows.filter((r) => r.kind === "D")) {
      const paths = [...row.where.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
      expect(paths.length, `row ${row.number} names a spec path`).toBeGreaterThan(0);
      for (const path of paths) expect(schemaAt(path), `row ${row.number}: ${path}`).toBeDefined();
    }
  });

  it("states the totals of the table", () => {
    const count = (kind: string) => rows.filter((r) => r.kind === kind).length;
    expect(doc).toContain(`Totals: ${count("D")} D, ${count("P")} P, ${count("X")} X, ${count("N/A")} N/A (${rows.length} fields).`);
  });

  it("can fail: a path the schema does not have is not found", () => {
    expect(schemaAt("nodes[].taints")).toBeDefined();
    expect(schemaAt("nodes[].secureBoot")).toBeUndefined();
    expect(schemaAt("nodeClasses.*.kernelModules")).toBeDefined();
  });
});
