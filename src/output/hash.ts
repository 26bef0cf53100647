import { createHash } from "node:crypto";

/** Hex sha256 of the bytes on disk (strings are hashed as UTF-8, as they are written). */
export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}
