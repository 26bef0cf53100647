import { parseDocument, LineCounter } from "yaml";
import { describe, expect, it } from "vitest";
import type { PathSegment } from "../diagnostics/diagnostic.js";
import { createLocator } from "./locate.js";

const TEXT = `spec:
  metal:
  nodes:
    - name: cp-1
      role: controlplane
    - { name: wk-1, role: worker }
defaults: &d { class: small }
merged: { <<: *d, name: x }
aliased: *d
list: &l [a, b]
again: *l
`;

function locator() {
  const lineCounter = new LineCounter();
  const doc = parseDocument(TEXT, { lineCounter, merge: true });
  return createLocator(doc, lineCounter, "spec.yaml");
}

const at = (span: { pos: { line: number; col: number } } | undefined): string => (span ? `${span.pos.line}:${span.pos.col}` : "none");

describe("createLocator", () => {
  it.each<[PathSegment[], string, string]>([
    [["spec", "nodes", 0, "role"], "5:13", "5:7"],
    [["spec", "nodes", 1, "role"], "6:27", "6:21"],
    [["spec", "nodes", 1], "6:7", "6:7"],
    [["spec", "metal"], "2:3", "2:3"],
    [["merged", "class"], "7:23", "7:16"],
    [["merged", "name"], "8:25", "8:19"],
    // Through an alias: where the value is written (the anchor's), not the alias.
    [["aliased", "class"], "7:23", "7:16"],
    [["again", 1], "10:14", "10:14"],
  ])("%j -> value %s, key %s", (path, value, key) => {
    const l = locator();
    expect(at(l.span(path))).toBe(value);
    expect(at(l.keySpan(path))).toBe(key);
  });

  it("returns undefined for a missing path, and the deepest ancestor from nearest()", () => {
    const l = locator();
    expect(l.span(["spec", "nodes", 5])).toBeUndefined();
    expect(at(l.nearest(["spec", "nodes", 5, "name"]))).toBe("4:5");
    expect(at(l.nearest(["nope"]))).toBe("1:1");
    expect(l.line(["spec", "nodes", 0, "name"])).toBe(4);
  });

  it("spans the value exactly", () => {
    const span = locator().span(["spec", "nodes", 0, "role"]);
    expect(span === undefined ? "" : TEXT.slice(span.start, span.end)).toBe("controlplane");
  });
});
