/**
 * `explain` output, in the spirit of `kubectl explain`: the field and its type, the
 * description, the facts a user needs to write a valid value (allowed values, default,
 * format, range, examples), then the child fields of an object, a list item or a map value.
 */
import type { ResolvedField } from "./resolve-field.js";
import { isFreeForm, itemsOf, mapValueOf, propertiesOf, resolveNode, type ResolvedNode, type SchemaNode } from "./schema-node.js";

export function renderField(field: ResolvedField, root: SchemaNode): string {
  const { node } = field;
  const out: string[] = [`${field.path || "(document root)"} <${typeName(node, root)}>${field.required && field.path !== "" ? " required" : ""}`, ""];
  if (node.description !== undefined) out.push(...wrap(node.description, 0), "");
  const facts = factLines(node, root);
  if (facts.length > 0) out.push(...facts, "");
  if (field.undocumentedRest !== undefined) {
    out.push(`"${field.undocumentedRest}" is inside this free-form value, which talos-hclgen does not document field by field.`, "");
  }
  const children = childFields(node, root);
  if (children !== undefined) out.push(children.title, ...children.lines, "");
  return `${out.join("\n").replace(/\n+$/, "")}\n`;
}

export function typeName(schema: SchemaNode, root: SchemaNode, depth = 0): string {
  const node = resolveNode(schema, root);
  if (depth > 4) return "...";
  if (node.const !== undefined) return JSON.stringify(node.const);
  const branches = node.oneOf ?? node.anyOf;
  if (branches !== undefined) return [...new Set(branches.map((b) => resolveNode(b, root).title ?? typeName(b, root, depth + 1)))].join(" | ");
  const items = itemsOf(node);
  if (node.type === "array" || items !== undefined) return `list of ${items === undefined ? "any" : typeName(items, root, depth + 1)}`;
  const mapValue = mapValueOf(node);
  if (mapValue !== undefined && propertiesOf(node, root).size === 0) return `map of ${typeName(mapValue, root, depth + 1)}`;
  if (Array.isArray(node.type)) return node.type.join(" | ");
  if (node.type !== undefined) return node.type;
  return node.properties !== undefined ? "object" : "any";
}

function factLines(node: ResolvedNode, root: SchemaNode): string[] {
  const facts: [string, string | undefined][] = [
    ["Values", node.enum?.map((v) => JSON.stringify(v)).join(", ")],
    ["Default", node.default === undefined ? undefined : show(node.default)],
    ["Format", node.formatDescription ?? (node.pattern === undefined ? undefined : `matches /${node.pattern}/`)],
    ["Keys", node.propertyNames === undefined ? undefined : resolveNode(node.propertyNames, root).description],
    ["Range", range(node)],
    ["Example", node.examples?.slice(0, 3).map(show).join("  |  ")],
  ];
  if (isFreeForm(node, root)) facts.push(["Contents", "free-form: any keys, passed through as written"]);
  return facts.filter((f): f is [string, string] => f[1] !== undefined && f[1] !== "").map(([label, text]) => `${`${label}:`.padEnd(10)}${text}`);
}

function range(node: ResolvedNode): string | undefined {
  const parts: string[] = [];
  if (node.minimum !== undefined || node.maximum !== undefined) parts.push(`${node.minimum ?? "-inf"} to ${node.maximum ?? "inf"}`);
  if (node.minItems !== undefined) parts.push(`at least ${node.minItems} item${node.minItems === 1 ? "" : "s"}`);
  if (node.maxItems !== undefined) parts.push(`at most ${node.maxItems} items`);
  if (node.minProperties !== undefined) parts.push(`at least ${node.minProperties} entr${node.minProperties === 1 ? "y" : "ies"}`);
  if (node.maxProperties !== undefined) parts.push(node.maxProperties === 1 ? "at most one of these" : `at most ${node.maxProperties} entries`);
  if (node.uniqueItems === true) parts.push("no duplicates");
  return parts.length === 0 ? undefined : parts.join(", ");
}

function childFields(node: ResolvedNode, root: SchemaNode): { title: string; lines: string[] } | undefined {
  const items = itemsOf(node);
  const mapValue = mapValueOf(node);
  const container = items ?? (propertiesOf(node, root).size === 0 ? mapValue : undefined);
  const target = container === undefined ? node : resolveNode(container, root);
  const properties = [...propertiesOf(target, root)];
  if (properties.length === 0) return undefined;
  const title = container === undefined ? "Fields:" : items !== undefined ? "Fields of each item:" : "Fields of each value:";
  const width = Math.min(24, Math.max(...properties.map(([name]) => name.length)));
  const typeWidth = Math.min(26, Math.max(...properties.map(([, p]) => typeName(p.schema, root).length + 2)));
  const lines = properties.map(([name, p]) => {
    const child = resolveNode(p.schema, root);
    const type = `<${typeName(p.schema, root)}>`;
    const summary = `${p.required ? "required. " : ""}${firstSentence(child.description ?? "")}`;
    return `  ${name.padEnd(width)}  ${type.padEnd(typeWidth)}  ${summary}`.trimEnd();
  });
  return { title, lines };
}

/** Abbreviations whose dot ends no sentence ("a selector expression, e.g. disk.size > 100"). */
const ABBREVIATIONS = ["e.g.", "i.e.", "etc.", "vs."];

function firstSentence(text: string): string {
  for (let at = text.indexOf("."); at !== -1; at = text.indexOf(".", at + 1)) {
    const next = text[at + 1];
    if (next !== undefined && !/\s/.test(next)) continue;
    if (ABBREVIATIONS.some((a) => text.slice(0, at + 1).endsWith(a) && !(a === "etc." && next === undefined))) continue;
    return text.slice(0, at + 1);
  }
  return text;
}

function show(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function wrap(text: string, indent: number, width = 88): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && indent + line.length + 1 + word.length > width) {
      lines.push(" ".repeat(indent) + line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(" ".repeat(indent) + line);
  return lines;
}
