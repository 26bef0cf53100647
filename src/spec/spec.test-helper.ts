/** Shared by the spec tests: the valid sketch spec, mutated, checked, summarised. */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { renderPlainOne } from "../diagnostics/render-plain.js";
import { checkSpec } from "./index.js";
import type { ClusterSpec } from "./types.js";
import { PLATFORMS } from "../platforms/index.js";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SKETCH_PATH = "fixtures/spec-sketch/spec.yaml";

export function sketchText(): string {
  return readFileSync(join(ROOT, SKETCH_PATH), "utf8");
}

/** A fresh, valid spec object to mutate (the sketch, parsed). */
export function sketch(): ClusterSpec {
  const { spec } = checkSpec(sketchText(), SKETCH_PATH, PLATFORMS);
  if (spec === undefined) throw new Error("test setup: the sketch spec does not validate");
  return structuredClone(spec);
}

/** Check a spec object (written out as YAML) and return its diagnostics. */
export function check(spec: unknown): Diagnostic[] {
  return checkSpec(stringify(spec), "spec.yaml", PLATFORMS).diagnostics;
}

/**
 * The sketch after `mutate`, checked: "severity code: message" lines, easy to assert on. Line
 * numbers depend on how yaml.stringify lays the object out, so "(line 12)" reads "(line N)";
 * the error fixtures pin real positions.
 */
export function checkMutated(mutate: (spec: ClusterSpec) => void): string[] {
  const spec = sketch();
  mutate(spec);
  return check(spec).map((d) => `${d.severity} ${d.code}: ${d.message}`.replace(/\(line \d+\)/g, "(line N)"));
}

/** Plain rendering of a text's diagnostics, for position assertions. */
export function plain(text: string, file = "spec.yaml"): string[] {
  return checkSpec(text, file, PLATFORMS).diagnostics.map(renderPlainOne);
}
