/**
 * Whether the tests run under CI, as CI services say it: CI set to anything but "", "0" or
 * "false" (GitHub Actions and GitLab set "true", others "1"). Under CI every tier that needs a
 * tool is required: a missing tool fails, never skips.
 */
export function isTruthy(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

export const underCI = isTruthy(process.env["CI"]);

export const toolsRequired = underCI || isTruthy(process.env["TALOS_HCLGEN_REQUIRE_TOOLS"]);
