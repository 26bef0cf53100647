import { refuseTpmKeys } from "../../../spec/rules/tpm-keys.js";
import type { Rule } from "../../../spec/rules/rule.js";

/** A Hetzner Cloud server has no TPM. */
export const hcloudTpmKeys: Rule = (ctx) => {
  refuseTpmKeys(ctx, "Hetzner Cloud servers do not have", "use nodeID (a key derived from the machine's UUID), which needs no TPM");
};
