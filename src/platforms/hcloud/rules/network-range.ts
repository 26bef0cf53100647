import { cidrContainsCidr, parseCidr } from "../../../base/net/cidr.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/** On hcloud the node network (network.cidr) is the subnet of the private network the tree makes or joins. */
export const hcloudNetworkRange: Rule = (ctx) => {
  const spec = ctx.spec;
  const hcloudRange = spec.spec.platform.hcloud?.networkRange;
  const rangeCidr = hcloudRange === undefined ? undefined : parseCidr(hcloudRange);
  const nodeCidr = parseCidr(spec.spec.network.cidr);
  if (nodeCidr !== undefined && rangeCidr !== undefined && hcloudRange !== undefined && !cidrContainsCidr(rangeCidr, nodeCidr)) {
    ctx.report({
      code: "spec/network-outside-range",
      message: `network.cidr ${spec.spec.network.cidr} is not inside platform.hcloud.networkRange ${hcloudRange}`,
      path: specPath("network", "cidr"),
      hint: "on hcloud the node network is a subnet of the private network",
    });
  }
};
