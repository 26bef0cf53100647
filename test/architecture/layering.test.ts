/**
 * The layering of src/ (docs/DEVELOPING.md, "Layout"), as a test: each folder imports only the
 * folders below it, a platform's folder none of the others', and no stage a platform (compile()
 * hands the chosen one down). A wrong-way import fails here with the file and line to fix.
 * Type-only imports may also reach the contracts every stage shares (the spec's types, the
 * model, the lock, diagnostics, the library's types); they vanish at run time but still tie the
 * folders together, so they are held to that list.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importEdges, layerOf, productionFiles, SRC, type ImportEdge } from "./imports.js";

/** What each layer may import at run time, bottom up. `platforms/*` is any platform's own folder. */
export const LAYERS: Readonly<Record<string, readonly string[]>> = {
  base: [],
  catalog: ["base"],
  diagnostics: ["base"],
  render: ["base"],
  lock: ["base", "catalog"],
  spec: ["base", "catalog", "diagnostics"],
  model: ["base", "catalog"],
  plan: ["base", "catalog", "diagnostics", "lock", "render"],
  format: ["base"],
  "platforms/*": ["base", "catalog", "diagnostics", "lock", "model", "plan", "render", "spec"],
  platforms: ["platforms/*"],
  "(root)": ["base", "diagnostics", "format", "lock", "model", "plan", "platforms", "spec"],
  output: ["base"],
  validate: ["base", "diagnostics"],
  import: ["base", "catalog", "diagnostics", "spec"],
  cli: ["(root)", "base", "catalog", "diagnostics", "import", "lock", "output", "platforms", "spec", "validate"],
  launcher: ["base", "catalog", "cli", "output"],
};

/** The shared contracts a type-only import may reach from any layer but the leaves. */
const CONTRACTS = ["(root)", "diagnostics", "lock", "model", "spec"];
const LEAVES = new Set(["base"]);

function layerKey(layer: string): string {
  return layer.startsWith("platforms/") ? "platforms/*" : layer;
}

function allowed(edge: ImportEdge): boolean {
  const from = layerOf(edge.from);
  const to = layerOf(edge.to);
  if (from === to) return true;
  const runtime = LAYERS[layerKey(from)] ?? [];
  // A platform may use what every platform shares (platforms/platform.ts), never another platform.
  if (from.startsWith("platforms/") && to === "platforms") return edge.typeOnly;
  if (runtime.includes(layerKey(to)) && !(from.startsWith("platforms/") && to.startsWith("platforms/"))) return true;
  if (!edge.typeOnly || LEAVES.has(from)) return false;
  // The formatter reads the planned files' type, and the Platform interface is made of each
  // stage's part (platforms/platform.ts); every other type import is a contract.
  return CONTRACTS.includes(to) || (to === "plan" && (from === "format" || from === "platforms"));
}

function lineOf(edge: ImportEdge): number {
  const text = readFileSync(join(SRC, edge.from), "utf8");
  const name = edge.to.split("/").pop()?.replace(/\.ts$/, "") ?? "";
  const index = text.split("\n").findIndex((line) => line.includes(`${name}.js"`) || line.includes(`/${name}"`));
  return index + 1;
}

/** Strongly connected components of the runtime import graph with more than one file (Tarjan). */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const edge of edges) if (!edge.typeOnly) graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

describe("the layering of src/", () => {
  const files = productionFiles();
  const edges = importEdges(files);

  it("knows every folder", () => {
    const unknown = [...new Set(files.map(layerOf))].filter((layer) => LAYERS[layerKey(layer)] === undefined);
    expect(unknown, "a new folder of src/ needs its place in LAYERS and in docs/DEVELOPING.md").toEqual([]);
  });

  it("has no import against the layering", () => {
    const wrong = edges
      .filter((edge) => !allowed(edge))
      .map((edge) => `src/${edge.from}:${lineOf(edge)} imports${edge.typeOnly ? " (type)" : ""} src/${edge.to}`);
    expect(wrong).toEqual([]);
  });

  it("has no import cycle", () => {
    expect(importCycles(edges)).toEqual([]);
  });

  it("finds a wrong-way import and a cycle when there is one", () => {
    const planted: ImportEdge[] = [
      { from: "spec/rules/x.ts", to: "model/normalize.ts", typeOnly: false },
      { from: "plan/plan.ts", to: "platforms/hcloud/plan.ts", typeOnly: true },
      { from: "platforms/hcloud/plan.ts", to: "platforms/metal/plan.ts", typeOnly: false },
    ];
    expect(planted.filter((edge) => !allowed(edge))).toEqual(planted);
    expect(importCycles([...planted, { from: "model/normalize.ts", to: "spec/rules/x.ts", typeOnly: false }])).toEqual([
      ["model/normalize.ts", "spec/rules/x.ts"],
    ]);
  });
});

describe("docs/DEVELOPING.md", () => {
  const doc = readFileSync(join(SRC, "..", "docs", "DEVELOPING.md"), "utf8");

  it("lists every folder of src/ in its layout, and no other", () => {
    const block = doc.slice(doc.indexOf("## Layout"), doc.indexOf("### Imports"));
    const listed = [...block.matchAll(/^ {2}(\w+)\/\s/gm)].map((m) => m[1] ?? "").sort();
    const platforms = [...block.matchAll(/^ {4}(\w+)\/\s/gm)].map((m) => `platforms/${m[1] ?? ""}`).sort();
    const folders = [...new Set(productionFiles().map(layerOf))].filter((layer) => layer !== "(root)");
    expect([...listed, ...platforms].sort()).toEqual(folders.sort());
  });

  it("states the import table the test holds", () => {
    const rows = [...doc.matchAll(/^\| ([^|]+) \| ([^|]+) \|$/gm)].slice(2);
    const table: Record<string, string[]> = {};
    for (const [, folders = "", imports = ""] of rows) {
      const allowed =
        imports.replace(/ \(never another platform\)/, "").trim() === "nothing"
          ? []
          : imports
              .replace(/ \(never another platform\)/, "")
              .split(", ")
              .map((s) => s.trim());
      for (const folder of folders.split(", ")) {
        const key = folder.trim().replace("&lt;kind&gt;", "*").replace(" index.ts", "");
        table[key] = allowed.map((name) => name.replace("&lt;kind&gt;", "*")).sort();
      }
    }
    const layers = Object.fromEntries(Object.entries(LAYERS).map(([key, list]) => [key, [...list].sort()]));
    expect(table).toEqual(layers);
  });
});
