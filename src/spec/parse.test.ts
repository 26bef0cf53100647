import { describe, expect, it } from "vitest";
import { sortDiagnostics } from "../diagnostics/diagnostic.js";
import { parseSpec } from "./parse.js";

function codes(text: string): string[] {
  return parseSpec(text, "spec.yaml").diagnostics.map((d) => `${d.code}@${d.span?.pos.line ?? 0}:${d.span?.pos.col ?? 0}`);
}

describe("parseSpec", () => {
  it("returns the plain value of a good document", () => {
    const parsed = parseSpec("a: 1\nb: [x, y]\n", "spec.yaml");
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.value).toEqual({ a: 1, b: ["x", "y"] });
  });

  it("reports an empty file and a comment-only file as spec/empty", () => {
    expect(codes("")).toEqual(["spec/empty@1:1"]);
    expect(codes("# nothing here\n")).toEqual(["spec/empty@1:1"]);
  });

  it("refuses a list, a scalar and an alias at the root", () => {
    expect(codes("- a\n- b\n")).toEqual(["spec/not-a-map@1:1"]);
    expect(codes("\nhello\n")).toEqual(["spec/not-a-map@2:1"]);
  });

  it("reports each duplicate key at the repeat, naming the first line", () => {
    const parsed = parseSpec("a: 1\nb:\n  c: 1\n  c: 2\na: 3\n", "spec.yaml");
    expect(parsed.value).toBeUndefined();
    expect(sortDiagnostics(parsed.diagnostics).map((d) => [d.code, d.message, d.span?.pos.line])).toEqual([
      ["yaml/duplicate-key", 'duplicate key "c" (first defined on line 3)', 4],
      ["yaml/duplicate-key", 'duplicate key "a" (first defined on line 1)', 5],
    ]);
  });

  it("maps tabs, syntax errors and extra documents to their codes", () => {
    expect(codes("a:\n\tb: 1\n")).toEqual(["yaml/tab-indent@2:1"]);
    expect(codes("a: b: c\n")[0]).toBe("yaml/syntax@1:4");
    expect(codes('a: "open\n')[0]?.startsWith("yaml/syntax@")).toBe(true);
    expect(codes("a: 1\n---\nb: 2\n")).toEqual(["yaml/multiple-documents@2:1"]);
  });

  it("words messages as lower-case fragments", () => {
    for (const text of ["a: b: c\n", "a:\n\tb: 1\n", "a: 1\n---\nb: 2\n", "a: [1, 2\nb: 3\n"]) {
      for (const d of parseSpec(text, "spec.yaml").diagnostics) {
        expect(d.message).toMatch(/^[a-z]/);
        expect(d.message).not.toMatch(/[.]$/);
        expect(d.message).not.toMatch(/YAML\.parse/);
      }
    }
  });

  it("points at an alias whose anchor is missing", () => {
    expect(codes("a: 1\nb: *nope\n")).toEqual(["yaml/unknown-alias@2:4"]);
  });

  it("refuses complex keys", () => {
    expect(codes("? [a, b]\n: 1\n")).toEqual(["yaml/complex-key@1:3"]);
  });

  it("resolves aliases and << merge keys", () => {
    const parsed = parseSpec("base: &b { role: worker, cpu: 2 }\nnode: { <<: *b, cpu: 4 }\n", "spec.yaml");
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.value).toEqual({ base: { role: "worker", cpu: 2 }, node: { role: "worker", cpu: 4 } });
  });

  it("stops an alias bomb", () => {
    let text = "a: &a [x, x, x, x, x, x, x, x, x]\n";
    let previous = "a";
    for (const name of ["b", "c", "d", "e", "f", "g"]) {
      text += `${name}: &${name} [${Array(9).fill(`*${previous}`).join(", ")}]\n`;
      previous = name;
    }
    const parsed = parseSpec(text, "spec.yaml");
    expect(parsed.value).toBeUndefined();
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(["yaml/alias-limit"]);
    expect(parsed.diagnostics[0]?.span?.pos.line).toBe(2);
  });

  it("passes YAML warnings on as warnings and keeps the value", () => {
    const parsed = parseSpec("a: !custom x\n", "spec.yaml");
    expect(parsed.diagnostics.map((d) => [d.code, d.severity])).toEqual([["yaml/warning", "warning"]]);
    expect(parsed.value).toEqual({ a: "x" });
  });
});
