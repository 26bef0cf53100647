import type { Platform } from "../platform.js";
import { hcloudNormalizer } from "./normalize.js";
import { HCLOUD_RULES } from "./rules/index.js";

export const hcloud: Platform = {
  kind: "hcloud",
  rules: HCLOUD_RULES,
  ...hcloudNormalizer,
};
