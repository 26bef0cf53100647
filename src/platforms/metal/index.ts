import type { Platform } from "../platform.js";
import { METAL_RULES } from "./rules/index.js";

export const metal: Platform = {
  kind: "metal",
  rules: METAL_RULES,
};
