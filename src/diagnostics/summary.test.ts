import { describe, expect, it } from "vitest";
import type { Diagnostic } from "./diagnostic.js";
import { summarize } from "./summary.js";

const error: Diagnostic = { code: "x/e", severity: "error", message: "e" };
const warning: Diagnostic = { code: "x/w", severity: "warning", message: "w" };

describe("summarize", () => {
  it.each<[Diagnostic[], string]>([
    [[], "no problems"],
    [[error], "1 error"],
    [[warning, warning, warning], "3 warnings"],
    [[error, warning, error], "2 errors and 1 warning"],
  ])("%#: %s", (diagnostics, text) => {
    expect(summarize(diagnostics)).toBe(text);
  });
});
