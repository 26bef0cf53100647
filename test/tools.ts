/** Test helpers for the external tools and upstream schemas the validity tiers need. */
import { execaSync } from "execa";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { ROOT } from "./golden-corpus.js";
import { tools } from "./real/tools.js";

/** The tofu `npm run tools` built, else tofu or terraform on PATH; null when there is none. */
export function findTofu(): string | null {
  if (tools !== null) return tools.tofu;
  for (const binary of ["tofu", "terraform"]) {
    const found = execaSync("sh", ["-c", `command -v ${binary}`], { reject: false });
    if (found.exitCode === 0 && found.stdout.trim() !== "") return binary;
  }
  return null;
}

/** An upstream schema vendored in test/schemas/ (see its README). */
export function upstreamSchema(name: string): unknown {
  return JSON.parse(gunzipSync(readFileSync(join(ROOT, "test", "schemas", `${name}.gz`))).toString("utf8"));
}

export function upstreamText(name: string): string {
  return gunzipSync(readFileSync(join(ROOT, "test", "schemas", `${name}.gz`))).toString("utf8");
}

/** The provider schemas the package ships (schemas/providers/). */
export const SHIPPED_PROVIDER_SCHEMAS = join(ROOT, "schemas", "providers");
