import { isChar, trimEndWhile } from "../spec/trim-runs.js";

/** Code-unit order: the same on every machine and locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A record's entries sorted by key, so that YAML key order never changes the output. */
export function byKey<T>(record: Record<string, T>): Array<[string, T]> {
  return Object.entries(record).sort(([a], [b]) => compareStrings(a, b));
}

/**
 * "https://x.example/" -> "https://x.example". Not .replace(/\/+$/, ""), which takes quadratic
 * time on a run of slashes inside a URL (src/spec/trim-runs.ts).
 */
export function withoutTrailingSlashes(url: string): string {
  return trimEndWhile(url, isSlash);
}

const isSlash = isChar("/");

/** "v1.13.9" -> "v1.13" */
export function minorOf(version: string): string {
  const [major, minor] = version.replace(/^v/, "").split(".");
  return `v${major ?? "0"}.${minor ?? "0"}`;
}

/** Orders "v1.9" before "v1.13" (numerically, by major then minor). */
export function compareMinors(a: string, b: string): number {
  const [aMajor = 0, aMinor = 0] = a.replace(/^v/, "").split(".").map(Number);
  const [bMajor = 0, bMinor = 0] = b.replace(/^v/, "").split(".").map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}

/** "192.168.1.0/24" -> 24 */
export function prefixLengthOf(cidr: string): number {
  return Number(cidr.split("/")[1]);
}

/** "192.168.1.10/24" -> "192.168.1.10" */
export function hostOf(address: string): string {
  return address.split("/")[0] ?? address;
}
