/**
 * One platform (Proxmox VE, Hetzner Cloud, existing machines): everything it knows, behind the
 * parts each stage asks for. A stage defines its part and receives the chosen platform as an
 * argument, so no stage imports a platform; compile() picks it once (src/platforms/index.ts).
 */
import type { PlatformLock } from "../lock/platform-part.js";
import type { PlatformNormalizer } from "../model/platform-part.js";
import type { PlatformPlanner } from "../plan/platform-part.js";
import type { PlatformRules } from "../spec/platform-rules.js";

export interface Platform extends PlatformRules, PlatformNormalizer, PlatformPlanner {
  /** How the impact report reads a change of this platform's machines (src/lock/impact.ts). */
  readonly lock: PlatformLock;
}
