import { describe, expect, it } from "vitest";
import type { Diagnostic } from "./diagnostic.js";
import { renderPretty, renderPrettyAll } from "./render-pretty.js";

const text = "spec:\n  nodes:\n    - name: cp-1\n      role: wroker\n";
const start = text.indexOf("wroker");
const d: Diagnostic = {
  code: "schema/enum",
  severity: "error",
  message: 'nodes[0].role must be one of "controlplane", "worker" (got "wroker")',
  span: { file: "spec.yaml", start, end: start + 6, pos: { line: 4, col: 13 } },
  hint: 'did you mean "worker"?',
};

describe("renderPretty", () => {
  it("draws a code frame with a caret under the span and the hint beside it", () => {
    expect(renderPretty(d, { color: false, source: () => text })).toBe(
      [
        'error[schema/enum]: nodes[0].role must be one of "controlplane", "worker" (got "wroker")',
        " --> spec.yaml:4:13",
        "  |",
        "4 |       role: wroker",
        '  |             ^^^^^^ did you mean "worker"?',
      ].join("\n"),
    );
  });

  it("keeps tabs in the caret's indentation and underlines only the first line", () => {
    const tabbed = "a:\n\tb: [1,\n  2]\n";
    const at = tabbed.indexOf("[");
    const out = renderPretty(
      { code: "x/y", severity: "warning", message: "m", span: { file: "f", start: at, end: tabbed.length, pos: { line: 2, col: 5 } } },
      { color: false, source: () => tabbed },
    );
    expect(out.split("\n").slice(3)).toEqual(["2 | \tb: [1,", "  | \t   ^^^"]);
  });

  it("falls back to the location line without source, and to the file without span", () => {
    expect(renderPretty(d, { color: false })).toBe(
      [
        'error[schema/enum]: nodes[0].role must be one of "controlplane", "worker" (got "wroker")',
        "  --> spec.yaml:4:13",
        '  = hint: did you mean "worker"?',
      ].join("\n"),
    );
    expect(renderPretty({ code: "spec/empty", severity: "error", message: "the spec is empty", file: "s.yaml" }, { color: false })).toBe(
      "error[spec/empty]: the spec is empty\n  --> s.yaml",
    );
  });

  it("colours only when asked", () => {
    expect(renderPretty(d, { color: false, source: () => text })).not.toMatch(/\u001b\[/);
    const coloured = renderPretty(d, { color: true, source: () => text });
    expect(coloured).toMatch(/\u001b\[31m/);
    expect(coloured.replace(/\u001b\[[0-9;]*m/g, "")).toBe(renderPretty(d, { color: false, source: () => text }));
  });

  it("separates several diagnostics with a blank line", () => {
    expect(renderPrettyAll([d, d], { color: false }).split("\n\n")).toHaveLength(2);
  });
});
