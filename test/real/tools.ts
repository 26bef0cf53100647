/**
 * The real tools of the validity tiers, as `npm run tools` built them (scripts/tools.mjs):
 * OpenTofu, the providers the Go module proxy serves, the provider doubles and Talos's own
 * config validation. Without them a tier says it skipped and why; under CI (any truthy CI,
 * test/ci.ts; and TALOS_HCLGEN_REQUIRE_TOOLS=1) a missing or stale tool is a failure, never a skip.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";
import { sourceHash, toolsFolder } from "../../scripts/tools.mjs";

// Not from golden-corpus.js: every test file loads this one first (test/setup-tools.ts), and
// it must not load the compiler before a test file's mocks are in place.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface Tools {
  tofu: string;
  testkit: string;
  /**
   * Talos's own validation, by the Talos minor a tree installs: the machinery of that minor
   * (tools/talos-validate; v1.14.1 for v1.14, tools/pins.json says which).
   */
  talosValidate: Record<"v1.13" | "v1.14", string>;
  /** Real provider binaries by source (bpg/proxmox): what the proxy serves. */
  providers: Record<string, { version: string; binary: string }>;
  charts: Record<string, { repository: string; version: string; dir: string }>;
  /** Git hook managers the workflow docs configure, by name (lefthook). */
  hooks: Record<string, string>;
}

interface Manifest {
  pins: string;
  go: string;
  tofu: string;
  local: Record<string, { hash: string; binary: string }>;
  providers: Record<string, { version: string; binary: string }>;
  charts: Record<string, { repository: string; version: string; dir: string }>;
  hooks: Record<string, string>;
}

export { toolsRequired } from "../ci.js";
import { toolsRequired } from "../ci.js";

function locate(): Tools | string {
  const path = join(toolsFolder(), "manifest.json");
  if (!existsSync(path)) return `the real tools are not built (${path} is missing): run \`npm run tools\` (Go 1.26; the first build takes about 10 minutes)`;
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Manifest;
  const pins = createHash("sha256")
    .update(readFileSync(join(ROOT, "tools", "pins.json")))
    .digest("hex");
  if (manifest.pins !== pins) return "tools/pins.json changed since the tools were built: run `npm run tools`";
  const localPins = (JSON.parse(readFileSync(join(ROOT, "tools", "pins.json"), "utf8")) as { local: Array<{ name: string; dir: string }> }).local;
  for (const [name, built] of Object.entries(manifest.local)) {
    const dir = localPins.find((pin) => pin.name === name)?.dir ?? join("tools", name);
    if (sourceHash(join(ROOT, dir), manifest.go) !== built.hash) return `${dir} changed since it was built: run \`npm run tools\``;
  }
  const testkit = manifest.local["testkit"]?.binary;
  const talosValidate = manifest.local["talos-validate"]?.binary;
  const talosValidate114 = manifest.local["talos-validate-1.14"]?.binary;
  const binaries = [
    manifest.tofu,
    testkit,
    talosValidate,
    talosValidate114,
    ...Object.values(manifest.providers).map((p) => p.binary),
    ...Object.values(manifest.hooks),
  ];
  const missing = binaries.find((binary) => binary === undefined || !existsSync(binary));
  if (missing !== undefined || testkit === undefined || talosValidate === undefined || talosValidate114 === undefined)
    return `a built tool is missing (${missing ?? "testkit"}): run \`npm run tools\``;
  return {
    tofu: manifest.tofu,
    testkit,
    talosValidate: { "v1.13": talosValidate, "v1.14": talosValidate114 },
    providers: manifest.providers,
    charts: manifest.charts,
    hooks: manifest.hooks,
  };
}

const located = locate();

/** The tools, or null with the reason printed once. */
export const tools: Tools | null = typeof located === "string" ? null : located;
export const missingReason: string | null = typeof located === "string" ? located : null;

/**
 * A describe block for a tier that needs the real tools: skipped with its reason when they
 * are missing, except where they are required (CI), where the block fails instead.
 */
export function describeWithTools(name: string, body: (tools: Tools) => void): void {
  if (tools !== null) {
    describe(name, () => body(tools));
    return;
  }
  if (toolsRequired) {
    describe(name, () => {
      it("has the real tools", () => {
        throw new Error(`${missingReason ?? ""} (under CI a tier that needs the real tools never skips)`);
      });
    });
    return;
  }
  console.warn(`skipped: ${name} (${missingReason ?? ""})`);
  describe.skip(name, () => {
    it("needs the real tools", () => undefined);
  });
}
