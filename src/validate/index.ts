/**
 * `talos-hclgen validate`'s engine: the real tofu/terraform `validate` on a generated tree,
 * online, or offline against schema-only stub providers (docs offline-validate.md).
 * Only src/cli imports this, and only lazily: it pulls in execa and, offline, the HCL parser.
 */
export { validateTree } from "./runner.js";
export { BINARY_ENV } from "./binary.js";
export { SCRATCH_PREFIX } from "./scratch.js";
export type { InstallMode, ValidateExitCode, ValidateOptions, ValidateResult, ValidateStats } from "./types.js";
