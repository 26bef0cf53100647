import type { Platform } from "../platform.js";
import { hcloudNormalizer } from "./normalize.js";
import { hcloudPlanner } from "./plan.js";
import { hcloudLock } from "./lock.js";
import { HCLOUD_RULES } from "./rules/index.js";

export const hcloud: Platform = {
  kind: "hcloud",
  rules: HCLOUD_RULES,
  ...hcloudNormalizer,
  ...hcloudPlanner,
  lock: hcloudLock,
};
