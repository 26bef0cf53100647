/**
 * The format stage: every file in its canonical form. HCL is what `tofu fmt` prints; YAML
 * and Markdown come out of their emitters canonical already and only get their final
 * newline normalised.
 */
import type { PlannedFile } from "../plan/planned-file.js";
import type { GeneratedFile } from "../types.js";
import { trimEndWhile } from "../base/trim-runs.js";
import { formatHcl } from "./hcl.js";

/**
 * Only ASCII blanks are trimmed: `\s` would also eat a NBSP or an ideographic space that ends
 * the last value of a YAML file (`key: value\u00a0` is a plain scalar that keeps it).
 */
function finalNewline(text: string): string {
  // Not /[ \t\n]+$/, which is quadratic on a long blank run inside a value (trim-runs.ts).
  return `${trimEndWhile(text, (c) => c === 0x20 || c === 0x09 || c === 0x0a)}\n`;
}

const FORMATTERS: Record<PlannedFile["kind"], (text: string) => string> = {
  hcl: formatHcl,
  yaml: finalNewline,
  markdown: (text) => finalNewline(text.replace(/\n{3,}/g, "\n\n")),
  json: finalNewline,
  shell: finalNewline,
};

export function formatFiles(files: readonly PlannedFile[]): GeneratedFile[] {
  return files.map((file) => ({ path: file.path, contents: FORMATTERS[file.kind](file.contents) }));
}
