import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CODES, isDiagnosticCode } from "./codes.js";

describe("DIAGNOSTIC_CODES", () => {
  it("names every code <stage>/<kebab-slug> with a one-line description", () => {
    for (const [code, description] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(code).toMatch(/^[a-z]+\/[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(description.length, code).toBeGreaterThan(10);
      expect(description, code).not.toMatch(/\n|\.$/);
    }
  });

  it("recognises its own codes only", () => {
    expect(isDiagnosticCode("schema/enum")).toBe(true);
    expect(isDiagnosticCode("schema/nope")).toBe(false);
    expect(isDiagnosticCode("toString")).toBe(false);
  });
});
