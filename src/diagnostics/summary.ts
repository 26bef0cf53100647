import type { Diagnostic } from "./diagnostic.js";

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** The closing line after a list of diagnostics: "2 errors and 1 warning", "1 error", "no problems". */
export function summarize(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  if (errors > 0 && warnings > 0) return `${count(errors, "error")} and ${count(warnings, "warning")}`;
  if (errors > 0) return count(errors, "error");
  if (warnings > 0) return count(warnings, "warning");
  return "no problems";
}
