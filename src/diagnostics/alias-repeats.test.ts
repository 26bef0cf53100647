import { describe, expect, it } from "vitest";
import { aliasRepeatsNote, collapseAliasRepeats } from "./alias-repeats.js";
import type { Diagnostic, PathSegment } from "./diagnostic.js";
import { excerpt, quoteExcerpt } from "./excerpt.js";

const at = (start: number, path: PathSegment[], code = "schema/unknown-field", message = `m${start}`): Diagnostic => ({
  code,
  severity: "error",
  message,
  path,
  span: { file: "spec.yaml", start, end: start + 3, pos: { line: 1, col: start + 1 } },
});

describe("collapseAliasRepeats", () => {
  it("folds one finding at one text reached by several paths into the first, naming the smallest paths", () => {
    const repeats = [12, 2, 10, 3, 1].map((i) => at(5, ["spec", "nodes", i, "bad"]));
    const out = collapseAliasRepeats([at(5, ["spec", "nodes", 0, "bad"]), ...repeats]);
    expect(out).toHaveLength(1);
    expect(out[0]?.aliasRepeats?.count).toBe(5);
    expect(aliasRepeatsNote(out[0]!.aliasRepeats!)).toBe(
      "the same at nodes[1].bad, nodes[2].bad, nodes[3].bad and 2 more paths, which reach this text through YAML aliases",
    );
  });

  it("keeps findings at other text, of other codes, and two findings at one path", () => {
    const input = [at(5, ["spec", "a"]), at(5, ["spec", "a"], "schema/type"), at(5, ["spec", "a"], undefined, "other"), at(9, ["spec", "b"])];
    expect(collapseAliasRepeats(input)).toEqual(input);
  });

  it("says one path in the singular", () => {
    const out = collapseAliasRepeats([at(5, ["spec", "x", 0]), at(5, ["spec", "x", 1])]);
    expect(aliasRepeatsNote(out[0]!.aliasRepeats!)).toBe("the same at x[1], which reaches this text through YAML aliases");
  });
});

describe("excerpt", () => {
  it("keeps a short value whole and shortens a long one to its start and its length", () => {
    expect(quoteExcerpt("a".repeat(200))).toBe(JSON.stringify("a".repeat(200)));
    expect(quoteExcerpt("a".repeat(201))).toBe(`${JSON.stringify(`${"a".repeat(120)}…`)} (201 characters)`);
  });

  it("never splits a surrogate pair", () => {
    const text = `${"a".repeat(119)}😀${"b".repeat(300)}`;
    expect(excerpt(text).text).toBe(`${"a".repeat(119)}…`);
  });
});
