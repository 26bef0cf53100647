import { describe, expect, it } from "vitest";
import type { Diagnostic } from "./diagnostic.js";
import { renderPlain, renderPlainOne } from "./render-plain.js";

const span = { file: "spec.yaml", start: 120, end: 126, pos: { line: 14, col: 12 } };

describe("renderPlain", () => {
  it("prints file:line:col, severity, code and message, then the hint", () => {
    const d: Diagnostic = {
      code: "schema/enum",
      severity: "error",
      message: 'nodes[1].role must be one of "controlplane", "worker" (got "wroker")',
      span,
      hint: 'did you mean "worker"?',
    };
    expect(renderPlainOne(d)).toBe(
      'spec.yaml:14:12: error[schema/enum]: nodes[1].role must be one of "controlplane", "worker" (got "wroker")\n  hint: did you mean "worker"?',
    );
  });

  it("prints only the file when there is no span, and nothing when there is no file", () => {
    expect(renderPlainOne({ code: "spec/empty", severity: "warning", message: "m", file: "spec.yaml" })).toBe("spec.yaml: warning[spec/empty]: m");
    expect(renderPlainOne({ code: "spec/empty", severity: "error", message: "m" })).toBe("error[spec/empty]: m");
  });

  it("renders one string per diagnostic, in order", () => {
    const a: Diagnostic = { code: "x/a", severity: "error", message: "a", span };
    const b: Diagnostic = { code: "x/b", severity: "warning", message: "b", span, hint: "h" };
    expect(renderPlain([a, b])).toEqual(["spec.yaml:14:12: error[x/a]: a", "spec.yaml:14:12: warning[x/b]: b\n  hint: h"]);
  });
});

describe("a problem found in a generated file", () => {
  it("names the spec field it came from", () => {
    const span = (file: string, line: number) => ({ file, start: 0, end: 1, pos: { line, col: 3 } });
    expect(
      renderPlainOne({
        code: "validate/tofu",
        severity: "error",
        message: "Unsupported argument",
        span: span("infra/main.tf", 12),
        related: span("spec.yaml", 7),
      }),
    ).toBe("infra/main.tf:12:3: error[validate/tofu]: Unsupported argument\n  from spec: spec.yaml:7:3");
  });
});
