/**
 * docs/talhelper-fields.md stays true: every spec path a "D" row names exists in the schema,
 * the totals line counts the table, every field is there once, and the importer carries every
 * field a "D" row names: test/import/talhelper/every-field and every-field-uki use each one, and importing them
 * reports nothing about any of them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./cli/harness.js";
import { importTalhelper } from "../src/import/talhelper/index.js";

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

  it("is carried by the importer: every talconfig field of a D row is used by every-field and every-field-uki, and none is reported", () => {
    const cases = ["every-field", "every-field-uki"].map((name) => {
      const folder = join(ROOT, "test", "import", "talhelper", name);
      const file = `test/import/talhelper/${name}/talconfig.yaml`;
      const text = readFileSync(join(ROOT, file), "utf8");
      const result = importTalhelper(text, file, (path) => readFileSync(join(folder, path), "utf8"));
      return { text, result };
    });
    // Every field of every D row, by its talconfig key: the row's field up to its first note.
    const keys = rows
      .filter((r) => r.kind === "D")
      .flatMap((r) =>
        (r.field.split(/ \(|;/)[0] ?? "")
          .split(", ")
          .map((piece) => ({ row: r.number, key: (piece.split(" ")[0] ?? "").split(".").pop()?.replace("[]", "") ?? "" })),
      );
    expect(keys.length).toBeGreaterThanOrEqual(53);
    for (const { row, key } of keys) {
      expect(
        cases.some((c) => new RegExp(`(^|[\\s{,])${key}:`, "m").test(c.text)),
        `row ${row}: ${key} is not used by test/import/talhelper/every-field or every-field-uki`,
      ).toBe(true);
    }
    for (const { result } of cases) {
      expect(result.complete).toBe(true);
      const imported = result.diagnostics.filter((d) => d.code.startsWith("import/"));
      expect(imported.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
    }
  });
});
