/**
 * The spec reference (docs/spec-reference.md): every field's `explain` text, in schema
 * order, generated from the same JSON Schema editors and `explain` read, so the three never
 * disagree. `npm run docs` rewrites it; a test fails when it is stale.
 */
import { allFieldPaths } from "./field-index.js";
import { parseFieldPath } from "./field-path.js";
import { renderField } from "./render-field.js";
import { resolveField } from "./resolve-field.js";
import type { SchemaNode } from "./schema-node.js";

export function renderReference(schema: SchemaNode): string {
  const out = [
    "# Cluster spec reference",
    "",
    "Generated from `schemas/talos-hclgen.schema.json` by `npm run docs`; do not edit by hand.",
    "`npx talos-hclgen explain <field>` prints the same text for one field.",
    "",
  ];
  for (const path of allFieldPaths(schema)) {
    const steps = parseFieldPath(path);
    if (!steps.ok) throw new Error(`reference bug: ${path}: ${steps.message}`);
    const lookup = resolveField(schema, steps.steps);
    if (!lookup.ok) throw new Error(`reference bug: ${path}: ${lookup.message}`);
    const depth = Math.min(6, 2 + path.split(".").length - 1);
    out.push(`${"#".repeat(depth)} ${path}`, "", "```text", renderField(lookup.field, schema).trimEnd(), "```", "");
  }
  return out.join("\n");
}
