import { cidrContainsCidr, parseCidr } from "../../../base/net/cidr.js";
import { HCLOUD_DEFAULTS } from "../../../catalog/defaults.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * On hcloud the node network (network.cidr) is the subnet of the private network the tree makes
 * or joins: Hetzner refuses a subnet outside its network's range (docs.hetzner.cloud, "Add a
 * subnet to a Network": ip_range "must be a subnet of the parent Network ip_range").
 */
export const hcloudNetworkRange: Rule = (ctx) => {
  const spec = ctx.spec;
  const written = spec.spec.platform.hcloud?.networkRange;
  const hcloudRange = written ?? HCLOUD_DEFAULTS.networkRange;
  const rangeCidr = parseCidr(hcloudRange);
  const nodeCidr = parseCidr(spec.spec.network.cidr);
  if (nodeCidr !== undefined && rangeCidr !== undefined && !cidrContainsCidr(rangeCidr, nodeCidr)) {
    ctx.report({
      code: "spec/network-outside-range",
      message: `network.cidr ${spec.spec.network.cidr} is not inside ${written === undefined ? "the default " : ""}platform.hcloud.networkRange ${hcloudRange}`,
      path: specPath("network", "cidr"),
      hint:
        written === undefined
          ? "on hcloud the node network is a subnet of the private network: set platform.hcloud.networkRange to a range that holds it"
          : "on hcloud the node network is a subnet of the private network",
    });
  }
};
