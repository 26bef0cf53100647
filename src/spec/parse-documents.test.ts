import { describe, expect, it } from "vitest";
import { parseBoundedDocuments } from "./parse-documents.js";

/** Nine aliases of nine aliases ... nine levels deep: 9^9 values once expanded. */
function billionLaughs(): string {
  const lines = ['l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 9; i++) lines.push(`l${i}: &l${i} [${Array.from({ length: 9 }, () => `*l${i - 1}`).join(", ")}]`);
  return `${lines.join("\n")}\n`;
}

describe("YAML besides the spec, under the spec's limits", () => {
  it("reads every document of a multi-document patch", () => {
    expect(parseBoundedDocuments("machine:\n  network:\n    hostname: a\n---\napiVersion: v1alpha1\nkind: HostnameConfig\n")).toEqual({
      values: [{ machine: { network: { hostname: "a" } } }, { apiVersion: "v1alpha1", kind: "HostnameConfig" }],
    });
  });

  it("keeps Go YAML's merge keys, as the spec does", () => {
    expect(parseBoundedDocuments("base: &b { a: 1 }\nnode:\n  <<: *b\n  c: 2\n").values).toEqual([{ base: { a: 1 }, node: { a: 1, c: 2 } }]);
  });

  it("refuses an exponential alias bomb instead of expanding it", () => {
    expect(parseBoundedDocuments(billionLaughs()).problem).toMatch(/aliases/);
  });

  it("refuses a flat alias bomb that yaml's own count lets through", () => {
    const big = `big: &big [${Array.from({ length: 20_000 }, () => "1").join(",")}]\n`;
    const uses = `uses: [${Array.from({ length: 60 }, () => "*big").join(",")}]\n`;
    expect(parseBoundedDocuments(big + uses).problem).toBe("aliases repeat more than 100000 values");
  });

  it("refuses an alias inside the value it refers to", () => {
    expect(parseBoundedDocuments("a: &x [1, *x]\n").problem).toBe("the alias *x is inside the value it refers to");
  });

  it("refuses an alias without an anchor", () => {
    expect(parseBoundedDocuments("a: *nowhere\n").problem).toBe("an alias has no anchor before it");
  });

  it("refuses nesting past the spec's depth, without recursing into it", () => {
    expect(parseBoundedDocuments(`${"[".repeat(10_000)}${"]".repeat(10_000)}\n`).problem).toBe("maps and lists nest more than 64 levels deep here");
  });

  it("refuses what is larger than a spec may be", () => {
    expect(parseBoundedDocuments(`a: "${"x".repeat(1024 * 1024)}"\n`).problem).toBe("it is 1.0 MiB, more than the 1 MiB a spec may be");
  });

  it("says why text that is not YAML is refused", () => {
    expect(parseBoundedDocuments("a: [1, 2\n").problem).toMatch(/^it is not YAML: /);
  });
});
