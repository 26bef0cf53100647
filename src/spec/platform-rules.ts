/**
 * What the spec stage asks of a platform (src/platforms/<kind>/): the cross-field rules that
 * concern it alone. compile() hands the platforms to checkSpec, which picks the spec's once the
 * schema passed; no spec file imports a platform.
 */
import type { PlatformName } from "./rules/platform.js";
import type { Rule } from "./rules/rule.js";

export interface PlatformRules {
  readonly kind: PlatformName;
  /** Run beside the shared rules (src/spec/rules/index.ts) on a schema-valid spec of this platform. */
  readonly rules: readonly Rule[];
}

export type PlatformRuleSets = Readonly<Record<PlatformName, PlatformRules>>;
