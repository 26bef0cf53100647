/**
 * What the Cilium chart itself says a values file may hold: the keys of its default
 * values.yaml (a misspelled key is not among them) and the values its documentation
 * enumerates (`Possible values:` lists and `@schema` enums in the comments above a key).
 * The chart's values.schema.json declares types only, so neither would be caught by it.
 */
import { parse } from "yaml";
import { upstreamText } from "./tools.js";

export interface ChartValuesModel {
  defaults: Record<string, unknown>;
  /** Dotted key path -> the values the chart documents as possible. */
  enums: Map<string, string[]>;
}

export function ciliumChartModel(): ChartValuesModel {
  const text = upstreamText("cilium-1.20.0.values.yaml");
  return { defaults: parse(text) as Record<string, unknown>, enums: documentedEnums(text) };
}

/** Enumerations from the comment block right above each key. */
export function documentedEnums(text: string): Map<string, string[]> {
  const enums = new Map<string, string[]>();
  const path: { indent: number; key: string }[] = [];
  let comments: string[] = [];
  for (const line of text.split("\n")) {
    const comment = /^(\s*)#(.*)$/.exec(line);
    if (comment !== null) {
      comments.push(comment[2] ?? "");
      continue;
    }
    const key = /^(\s*)([A-Za-z0-9_.-]+):/.exec(line);
    if (key === null) {
      if (line.trim() !== "") comments = [];
      continue;
    }
    const indent = (key[1] ?? "").length;
    while (path.length > 0 && (path[path.length - 1]?.indent ?? 0) >= indent) path.pop();
    path.push({ indent, key: key[2] ?? "" });
    const values = possibleValues(comments);
    if (values.length > 0) enums.set(path.map((p) => p.key).join("."), values);
    comments = [];
  }
  return enums;
}

function possibleValues(comments: readonly string[]): string[] {
  const out: string[] = [];
  let listing = false;
  for (const raw of comments) {
    const line = raw.trim();
    if (/(Possible|Supported|Valid) values:$/.test(line) || /^enum:$/.test(line)) {
      listing = true;
      continue;
    }
    // "- value", "- value: what it does" or "- value (default) what it does": the value is
    // the first word or quoted string.
    const item = /^- ("[^"]*"|'[^']*'|[^\s:]+)/.exec(line);
    if (listing && item !== null) {
      out.push(String(parse(item[1] ?? "") ?? ""));
      continue;
    }
    // A wrapped description of the previous item is indented further.
    if (listing && /^\s{3,}\S/.test(raw)) continue;
    listing = false;
  }
  return out;
}

/** Every key path of `values` the chart does not know, and every value outside its enumeration. */
export function chartProblems(values: unknown, model: ChartValuesModel): string[] {
  const problems: string[] = [];
  const walk = (value: unknown, defaults: unknown, path: string[]): void => {
    const dotted = path.join(".");
    const allowed = model.enums.get(dotted);
    if (allowed !== undefined && (typeof value === "string" || typeof value === "boolean") && !allowed.includes(String(value)))
      problems.push(`${dotted}: ${JSON.stringify(value)} is not one of the chart's values (${allowed.map((a) => JSON.stringify(a)).join(", ")})`);
    if (!isMap(value) || !isMap(defaults)) return;
    // An empty map in the defaults is free-form (annotations, extraArgs, ...).
    if (Object.keys(defaults).length === 0) return;
    for (const [key, child] of Object.entries(value)) {
      if (!(key in defaults)) problems.push(`${[...path, key].join(".")}: the chart has no such value`);
      else walk(child, defaults[key], [...path, key]);
    }
  };
  walk(values, model.defaults, []);
  return problems;
}

function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
