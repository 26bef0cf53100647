/**
 * The only helpers templates may call (scripts/precompile-templates.mjs declares the same
 * names as knownHelpers). All quoting happens here, through the typed HCL emitter: a
 * template never pastes a raw spec value into HCL.
 */
import { hclString, renderHclValue, type HclValue } from "./hcl-value.js";

export const helpers = {
  /** A quoted, escaped HCL string. */
  str(value: unknown): string {
    if (typeof value !== "string") throw new Error(`template bug: str expects a string, got ${typeof value}`);
    return hclString(value);
  },
  /** Any typed HCL value (list, object, expression, scalar). */
  hcl(value: unknown): string {
    return renderHclValue(value as HclValue);
  },
};
