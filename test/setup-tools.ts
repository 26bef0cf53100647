/**
 * Every test file starts here (vitest setupFiles): where `npm run tools` built OpenTofu, the
 * product's own tofu lookup ($TALOS_HCLGEN_TOFU) finds it, so the tiers that run the CLI's
 * validate use the pinned tofu rather than whatever is on PATH.
 */
import { tools } from "./real/tools.js";

if (tools !== null && process.env["TALOS_HCLGEN_TOFU"] === undefined) process.env["TALOS_HCLGEN_TOFU"] = tools.tofu;
