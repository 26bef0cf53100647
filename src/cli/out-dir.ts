/**
 * The `-o` argument of `build`: a folder, or a template with `{name}` (the spec's
 * metadata.name) or `{stem}` (the spec's file name without extension), so one command builds
 * many specs into one tree each: `build 'clusters/*.yaml' -o 'infra/{name}'`.
 */
import { basename, extname } from "node:path";

const PLACEHOLDER = /\{([^{}]*)\}/g;
const KNOWN = new Set(["name", "stem"]);

export function hasPlaceholder(template: string): boolean {
  return [...template.matchAll(PLACEHOLDER)].some((m) => KNOWN.has(m[1] ?? ""));
}

/** The first `{...}` that is not a known placeholder, for a usage error. */
export function unknownPlaceholder(template: string): string | undefined {
  return [...template.matchAll(PLACEHOLDER)].find((m) => !KNOWN.has(m[1] ?? ""))?.[0];
}

export function fileStem(specPath: string): string {
  const base = basename(specPath);
  return base.slice(0, base.length - extname(base).length) || base;
}

export function expandOutDir(template: string, values: { name: string; stem: string }): string {
  return template.replace(PLACEHOLDER, (whole, key: string) => (key === "name" ? values.name : key === "stem" ? values.stem : whole));
}
