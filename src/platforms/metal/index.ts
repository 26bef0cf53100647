import type { Platform } from "../platform.js";
import { metalNormalizer } from "./normalize.js";
import { metalPlanner } from "./plan.js";
import { metalLock } from "./lock.js";
import { METAL_RULES } from "./rules/index.js";

export const metal: Platform = {
  kind: "metal",
  rules: METAL_RULES,
  ...metalNormalizer,
  ...metalPlanner,
  lock: metalLock,
};
