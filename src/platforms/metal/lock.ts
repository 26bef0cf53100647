/** Existing machines are never replaced or restarted by the tree: only their configuration is its. */
import type { PlatformLock } from "../../lock/platform-part.js";

export const metalLock: PlatformLock = {
  ownsMachines: false,
  machine: "machine",
  replacement: () => undefined,
  restarts: () => [],
};
