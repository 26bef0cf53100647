import type { PathSegment } from "../../diagnostics/diagnostic.js";

/** Rules speak in full document paths; nearly all of them start under `spec:`. */
export function specPath(...segments: PathSegment[]): PathSegment[] {
  return ["spec", ...segments];
}
