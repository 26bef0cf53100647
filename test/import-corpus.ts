/**
 * The import corpus: every test/import/talhelper/<case>/talconfig.yaml imports to exactly
 * <case>/expected/ (spec.yaml when the import writes one, diagnostics.txt when it reports
 * anything). Shared by the import test and `npm run update`.
 */
import fg from "fast-glob";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderPlain } from "../src/diagnostics/render-plain.js";
import { importTalhelper } from "../src/import/talhelper/index.js";
import { ROOT } from "./golden-corpus.js";

const CASES = join(ROOT, "test", "import", "talhelper");

export function listImportCases(): string[] {
  return fg
    .sync("*/talconfig.yaml", { cwd: CASES })
    .map((p) => p.split("/")[0] ?? p)
    .sort();
}

export interface ImportCase {
  name: string;
  /** File name -> contents, as <case>/expected/ must hold them. */
  expected: Map<string, string>;
  specText?: string;
}

export function runImportCase(name: string): ImportCase {
  const folder = join(CASES, name);
  const file = `test/import/talhelper/${name}/talconfig.yaml`;
  const read = (path: string): string | undefined => {
    const target = join(folder, path);
    return existsSync(target) ? readFileSync(target, "utf8") : undefined;
  };
  const result = importTalhelper(readFileSync(join(ROOT, file), "utf8"), file, read);
  const expected = new Map<string, string>();
  if (result.specText !== undefined) expected.set("spec.yaml", result.specText);
  if (result.diagnostics.length > 0) expected.set("diagnostics.txt", `${renderPlain(result.diagnostics).join("\n")}\n`);
  return { name, expected, ...(result.specText === undefined ? {} : { specText: result.specText }) };
}

export function readExpected(name: string): Map<string, string> {
  const folder = join(CASES, name, "expected");
  const out = new Map<string, string>();
  for (const file of fg.sync("*", { cwd: folder })) out.set(file, readFileSync(join(folder, file), "utf8"));
  return out;
}

export function writeExpected(result: ImportCase): void {
  const folder = join(CASES, result.name, "expected");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const [file, text] of result.expected) writeFileSync(join(folder, file), text);
}
