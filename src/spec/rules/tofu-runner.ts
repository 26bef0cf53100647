import { REQUIRED_VERSION } from "../../catalog/defaults.js";
import { compareVersions, parseVersion } from "../../base/version-constraints.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * The first tofu-controller release whose default runner can run the tree: up to
 * v0.16.0-rc.8 the runner was built with Terraform 1.5.7, v0.16.0 with OpenTofu 1.11.3
 * (flux-iac/tofu-controller runner.Dockerfile, ARG TF_VERSION / TOFU_VERSION, at each tag);
 * the tree needs OpenTofu >= 1.10 or Terraform >= 1.11 (data/versions.json requiredVersion).
 */
const FIRST_CAPABLE_RUNNER = "0.16.0";

/**
 * Without runnerImage, the Terraform object runs on the controller's default runner, which
 * older controllers ship with a Terraform too old for the tree's required_version: every plan
 * would fail at init.
 */
export const tofuRunner: Rule = (ctx) => {
  const tofu = ctx.spec.spec.gitops?.tofuController;
  if (tofu === undefined || tofu.runnerImage !== undefined) return;
  const installed = tofu.install === undefined ? undefined : parseVersion(tofu.install.version);
  const capable = parseVersion(FIRST_CAPABLE_RUNNER);
  if (installed !== undefined && capable !== undefined && compareVersions(installed, capable) >= 0) return;
  ctx.report({
    code: "spec/tofu-runner-too-old",
    severity: "warning",
    message:
      installed === undefined
        ? `without runnerImage the Terraform object runs on the controller's default runner, which before tofu-controller v${FIRST_CAPABLE_RUNNER} bundles Terraform 1.5.7, and the tree's required_version is "${REQUIRED_VERSION}"`
        : `tofu-controller ${tofu.install?.version ?? ""} bundles Terraform 1.5.7 in its default runner (OpenTofu from v${FIRST_CAPABLE_RUNNER} on), and the tree's required_version is "${REQUIRED_VERSION}"`,
    path: specPath("gitops", "tofuController", ...(installed === undefined ? [] : ["install", "version"])),
    at: installed === undefined ? "key" : "value",
    hint: `set runnerImage to a runner with OpenTofu (e.g. ghcr.io/flux-iac/tf-runner:v${FIRST_CAPABLE_RUNNER} or later), or install tofu-controller ${FIRST_CAPABLE_RUNNER} or later`,
  });
};
