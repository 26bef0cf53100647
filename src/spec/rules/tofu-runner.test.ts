import { describe, expect, it } from "vitest";
import { check, sketch } from "../spec.test-helper.js";
import type { TofuControllerSpec } from "../types.js";

const withTofu = (tofu: Partial<TofuControllerSpec>) => {
  const s = sketch();
  s.spec.gitops = { tofuController: { repository: "https://git.example.com/infra.git", path: "clusters/lab", ...tofu } };
  return check(s).filter((d) => d.code === "spec/tofu-runner-too-old");
};

describe("tofu-controller's default runner", () => {
  it("warns when the runner may be one with Terraform 1.5.7", () => {
    expect(withTofu({}).map((d) => [d.severity, d.message])).toEqual([
      [
        "warning",
        "without runnerImage the Terraform object runs on the controller's default runner, which before tofu-controller v0.16.0 bundles Terraform 1.5.7, and the tree's required_version is \">= 1.10.0\"",
      ],
    ]);
    expect(withTofu({ install: { version: "0.16.0-rc.5" } }).map((d) => d.message)).toEqual([
      'tofu-controller 0.16.0-rc.5 bundles Terraform 1.5.7 in its default runner (OpenTofu from v0.16.0 on), and the tree\'s required_version is ">= 1.10.0"',
    ]);
  });

  it("is quiet with a runner image, or a controller whose runner has OpenTofu", () => {
    expect(withTofu({ runnerImage: "ghcr.io/example/tf-runner:v0.16.5" })).toEqual([]);
    // v0.16.0 built its runner with OpenTofu 1.11.3 (runner.Dockerfile at the tag).
    expect(withTofu({ install: { version: "0.16.0" } })).toEqual([]);
    expect(withTofu({ install: { version: "0.16.1" } })).toEqual([]);
    expect(withTofu({ install: { version: "0.16.5" } })).toEqual([]);
  });
});
