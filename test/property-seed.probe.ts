/** A property that fails, run only by test/property-seed.test.ts in a child vitest (test/property-seed.probe.config.ts). */
import fc from "fast-check";
import { describe, it } from "vitest";

describe("probe", () => {
  it("a property that fails", () => {
    fc.assert(
      fc.property(fc.integer(), (n) => n % 5 !== 0),
      { endOnFailure: true },
    );
  });
});
