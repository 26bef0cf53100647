import { describe, expect, it } from "vitest";
import { chartName } from "./tofu-controller-manifests.js";

describe("tofu-controller's chart name at a version (flux-iac.github.io/tofu-controller index.yaml)", () => {
  it.each([
    ["0.15.1", "tf-controller"],
    ["0.16.0-rc.4", "tf-controller"],
    ["v0.16.0-rc.4", "tf-controller"],
    ["0.16.0-rc.5", "tofu-controller"],
    ["0.16.0", "tofu-controller"],
    ["0.16.5", "tofu-controller"],
  ])("%s: %s", (version, name) => {
    expect(chartName(version)).toBe(name);
  });
});
