/** Test helpers for the external tools the validity tiers need. */
import { execaSync } from "execa";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./golden-corpus.js";

/** tofu if on PATH, else terraform (the product's own preference); null when neither is. */
export function findTofu(): string | null {
  for (const binary of ["tofu", "terraform"]) {
    const found = execaSync("sh", ["-c", `command -v ${binary}`], { reject: false });
    if (found.exitCode === 0 && found.stdout.trim() !== "") return binary;
  }
  return null;
}

/** ../shared/ beside the repo (CI and developer machines), or an explicit override. */
export function sharedPath(...parts: string[]): string | null {
  const base = process.env["TALOS_HCLGEN_SHARED"] ?? join(ROOT, "..", "shared");
  const path = join(base, ...parts);
  return existsSync(path) ? path : null;
}
