/**
 * Helm's own merge rule for values (https://helm.sh/docs/chart_template_guide/values_files/):
 * maps merge key by key, recursively; anything else (lists, scalars, null) in the override
 * replaces what the base had. Neither input is modified.
 */

export function deepMerge(base: Readonly<Record<string, unknown>>, override: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) setOwn(merged, key, clone(value));
  for (const [key, value] of Object.entries(override)) {
    const current = Object.hasOwn(merged, key) ? merged[key] : undefined;
    setOwn(merged, key, isPlainMap(current) && isPlainMap(value) ? deepMerge(current, value) : clone(value));
  }
  return merged;
}

/** A plain assignment of "__proto__" would set the prototype instead of a key named so. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function clone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clone);
  if (isPlainMap(value)) return deepMerge({}, value);
  return value;
}

/** A JSON object (not null, not a list): what Helm merges key by key. */
export function isPlainMap(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
