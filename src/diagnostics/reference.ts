/** docs/diagnostics.md: every diagnostic code and what it means, from the registry. */
import { DIAGNOSTIC_CODES } from "./codes.js";

export function renderCodesReference(): string {
  const rows = Object.entries(DIAGNOSTIC_CODES).map(([code, description]) => `| \`${code}\` | ${description.replace(/\|/g, "\\|")} |`);
  return [
    "# Diagnostic codes",
    "",
    "Generated from `src/diagnostics/codes.ts` by `npm run docs`; do not edit by hand.",
    "Codes never change meaning: a retired code is replaced by a new one.",
    "",
    "| code | meaning |",
    "|---|---|",
    ...rows,
    "",
  ].join("\n");
}
