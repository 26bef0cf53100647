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

describe("the registry is complete", () => {
  it("registers every code the sources emit", async () => {
    const { readFileSync } = await import("node:fs");
    const fg = (await import("fast-glob")).default;
    const files = fg.sync("src/**/*.ts", { ignore: ["**/*.test.ts", "**/*.test-helper.ts"] });
    const used = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(/code: "([a-z]+\/[a-z0-9-]+)"/g)) used.add(match[1] ?? "");
    }
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((code) => !isDiagnosticCode(code)).sort()).toEqual([]);
  });
});
