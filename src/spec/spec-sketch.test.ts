import { describe, expect, it } from "vitest";
import { checkSpec } from "./index.js";
import { SKETCH_PATH, sketchText } from "./spec.test-helper.js";
import { PLATFORMS } from "../platforms/index.js";

describe("fixtures/spec-sketch (the design sketch, adapted to the schema)", () => {
  it("passes with no diagnostics at all", () => {
    const result = checkSpec(sketchText(), SKETCH_PATH, PLATFORMS);
    expect(result.diagnostics).toEqual([]);
    expect(result.spec?.metadata.name).toBe("prod-k8s");
  });

  it("lets later stages find a spec path in the source", () => {
    const result = checkSpec(sketchText(), SKETCH_PATH, PLATFORMS);
    const span = result.locate(["spec", "nodes", 3, "vmId"]);
    expect(span === undefined ? "" : sketchText().slice(span.start, span.end)).toBe("1201");
    expect(span?.file).toBe(SKETCH_PATH);
    expect(result.locateKey(["spec", "endpoint", "vip"])?.pos).toEqual({ line: 25, col: 5 });
    expect(result.locate(["spec", "talos", "factoryUrl"])).toBeUndefined();
  });
});
