/**
 * Every documented field path of the schema (spec.nodes[].role, ...), for suggestions when
 * a name is right but its place is wrong: `explain role` -> spec.nodes[].role.
 */
import { editDistance } from "../../base/did-you-mean.js";
import { itemsOf, mapValueOf, propertiesOf, resolveNode, type SchemaNode } from "./schema-node.js";
import { compareStrings } from "../../base/compare.js";

export function allFieldPaths(root: SchemaNode): string[] {
  const out: string[] = [];
  const visit = (schema: SchemaNode, path: string, refs: ReadonlySet<string>): void => {
    // A ref already on the current branch would recurse forever (recursive schemas).
    if (schema.$ref !== undefined && refs.has(schema.$ref)) return;
    const seen = schema.$ref === undefined ? refs : new Set([...refs, schema.$ref]);
    const node = resolveNode(schema, root);
    const items = itemsOf(node);
    if (items !== undefined) return visit(items, `${path}[]`, seen);
    const mapValue = mapValueOf(node);
    if (mapValue !== undefined) visit(mapValue, `${path}.<name>`, seen);
    for (const [name, property] of propertiesOf(node, root)) {
      const child = path === "" ? name : `${path}.${name}`;
      out.push(child);
      visit(property.schema, child, seen);
    }
  };
  visit(root, "", new Set());
  return out;
}

/** Paths whose last field is `name`, or within a typo of it; at most `limit`, closest first. */
export function pathsNamed(root: SchemaNode, name: string, limit = 3): string[] {
  const scored = allFieldPaths(root)
    .map((path) => ({
      path,
      distance: editDistance(name.toLowerCase(), lastField(path).toLowerCase()),
    }))
    .filter((entry) => entry.distance <= Math.max(1, Math.floor(name.length / 4)));
  scored.sort((a, b) => a.distance - b.distance || a.path.length - b.path.length || compareStrings(a.path, b.path));
  return scored.slice(0, limit).map((entry) => entry.path);
}

function lastField(path: string): string {
  return path.replace(/\[\]$/, "").split(".").pop() ?? path;
}
