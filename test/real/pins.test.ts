/**
 * The tools the tiers run are the versions the trees pin: a bump in data/versions.json that
 * tools/pins.json does not follow (or the reverse) fails here, before any tool is built, so a
 * tier never proves a tree against a provider or a Talos the tree would not get.
 *
 * `~>` is OpenTofu's pessimistic constraint: `~> 1.2.0` allows >= 1.2.0 and < 1.3.0, `~> 1.2`
 * allows >= 1.2 and < 2.0 (opentofu/opentofu internal/getproviders/version_constraints and
 * the "Version Constraints" page of its docs).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../cli/harness.js";

interface Pins {
  tofu: { version: string };
  providers: { source: string; version: string }[];
  notServed: Record<string, string>;
  charts: { chart: string; version: string }[];
}
interface Versions {
  components: Record<string, string>;
  providers: Record<string, { source: string; version: string }>;
  requiredVersion: string;
}

const pins = JSON.parse(readFileSync(join(ROOT, "tools", "pins.json"), "utf8")) as Pins;
const versions = JSON.parse(readFileSync(join(ROOT, "data", "versions.json"), "utf8")) as Versions;

const parts = (version: string): number[] => version.replace(/^v/, "").split(".").map(Number);

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Whether `version` meets one constraint of the forms the trees write: `~> x.y[.z]`, `>= x.y.z`. */
export function satisfies(version: string, constraint: string): boolean {
  const match = /^(~>|>=)\s*(\S+)$/.exec(constraint.trim());
  if (match === null) throw new Error(`unsupported constraint ${constraint}`);
  const v = parts(version);
  const base = parts(match[2] ?? "");
  if (compare(v, base) < 0) return false;
  if (match[1] === ">=") return true;
  // ~>: every part but the last of the constraint stays as it is.
  return base.slice(0, -1).every((n, i) => v[i] === n);
}

describe("the pessimistic constraint", () => {
  it("reads as OpenTofu reads it", () => {
    expect(satisfies("0.11.7", "~> 0.11.0")).toBe(true);
    expect(satisfies("0.12.0", "~> 0.11.0")).toBe(false);
    expect(satisfies("3.9.0", "~> 3.1")).toBe(true);
    expect(satisfies("4.0.0", "~> 3.1")).toBe(false);
    expect(satisfies("3.0.9", "~> 3.1")).toBe(false);
    expect(satisfies("v1.11.7", ">= 1.10.0")).toBe(true);
    expect(satisfies("1.9.9", ">= 1.10.0")).toBe(false);
  });
});

describe("tools/pins.json follows data/versions.json", () => {
  const constraintOf = (source: string): string => {
    const entry = Object.values(versions.providers).find((p) => p.source === source);
    if (entry === undefined) throw new Error(`${source} is pinned in tools/pins.json but no tree uses it`);
    return entry.version;
  };

  it("OpenTofu meets the trees' required_version", () => {
    expect(satisfies(pins.tofu.version, versions.requiredVersion)).toBe(true);
  });

  it("every provider the trees use is built or played by a double, at a version the trees allow", () => {
    const pinned = new Map<string, string>([...pins.providers.map((p): [string, string] => [p.source, p.version]), ...Object.entries(pins.notServed)]);
    expect([...pinned.keys()].sort()).toEqual(
      Object.values(versions.providers)
        .map((p) => p.source)
        .sort(),
    );
    for (const [source, version] of pinned) expect(satisfies(version, constraintOf(source)), `${source} ${version} against ${constraintOf(source)}`).toBe(true);
  });

  it("the chart sources and Talos's validation are the trees' versions", () => {
    for (const chart of pins.charts) expect(chart.version).toBe(versions.components[chart.chart]);
    const goMod = readFileSync(join(ROOT, "tools", "talos-validate", "go.mod"), "utf8");
    expect(/github\.com\/siderolabs\/talos\/pkg\/machinery (\S+)/.exec(goMod)?.[1]).toBe(versions.components["talos"]);
  });
});
