/**
 * What the impact report asks of a platform (src/platforms/<kind>/lock.ts): why a change of a
 * locked machine replaces it, or restarts it. The facts are the platform's provider's.
 */
import type { LockedNode } from "./machines-lock.js";

export interface PlatformLock {
  /** What the report calls a node's machine: "VM", "server". */
  machine: string;
  /** Whether the tree creates and destroys the machines (metal: they exist without it). */
  ownsMachines: boolean;
  /** What a new cluster name does to the platform's machines, when anything. */
  renamed?: string;
  /** Why the machine is replaced (created anew), or undefined. */
  replacement(before: LockedNode, after: LockedNode): string | undefined;
  /** Why the machine restarts without being replaced; none when it does not. */
  restarts(before: LockedNode, after: LockedNode): string[];
}
