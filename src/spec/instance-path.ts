import type { PathSegment } from "../diagnostics/diagnostic.js";

/**
 * ajv's instancePath is a JSON Pointer ("/spec/nodes/1/role"); list indexes come back as numbers
 * by walking the data, because "1" could also be a map key.
 */
export function pointerToPath(pointer: string, data: unknown): PathSegment[] {
  if (pointer === "") return [];
  const path: PathSegment[] = [];
  let current: unknown = data;
  for (const raw of pointer.slice(1).split("/")) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current)) {
      const index = Number(segment);
      path.push(index);
      current = current[index];
    } else {
      path.push(segment);
      current = current !== null && typeof current === "object" ? (current as Record<string, unknown>)[segment] : undefined;
    }
  }
  return path;
}
