/**
 * The golden corpus: every fixtures/<case>/spec.yaml compiles to exactly golden/<case>/
 * (the whole tree, byte for byte; diagnostics, if any, in golden/<case>/diagnostics.txt).
 * Shared by the golden test, the golden validity tier and the update script.
 */
import fg from "fast-glob";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "../src/index.js";
import { renderPlain } from "../src/diagnostics/render-plain.js";
import type { GeneratedFile } from "../src/types.js";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const DIAGNOSTICS_FILE = "diagnostics.txt";

export interface GoldenCase {
  name: string;
  specPath: string;
  /** What the golden folder must hold: the generated files plus diagnostics.txt if any. */
  expected: GeneratedFile[];
  hasErrors: boolean;
}

export function listCases(): string[] {
  return fg
    .sync("*/spec.yaml", { cwd: join(ROOT, "fixtures") })
    .map((p) => p.split("/")[0] ?? p)
    .sort();
}

export function buildCase(name: string): GoldenCase {
  const specPath = `fixtures/${name}/spec.yaml`;
  const result = compile(readFileSync(join(ROOT, specPath), "utf8"), { specPath });
  const expected = [...result.files];
  if (result.diagnostics.length > 0) {
    expected.push({ path: DIAGNOSTICS_FILE, contents: renderPlain(result.diagnostics).join("\n") + "\n" });
  }
  return {
    name,
    specPath,
    expected: expected.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    hasErrors: result.diagnostics.some((d) => d.severity === "error"),
  };
}

export function readGolden(name: string): GeneratedFile[] {
  const dir = join(ROOT, "golden", name);
  return fg
    .sync("**/*", { cwd: dir, dot: true })
    .sort()
    .map((path) => ({ path, contents: readFileSync(join(dir, path), "utf8") }));
}

export function writeGolden(goldenCase: GoldenCase): void {
  const dir = join(ROOT, "golden", goldenCase.name);
  rmSync(dir, { recursive: true, force: true });
  for (const file of goldenCase.expected) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.contents);
  }
}
