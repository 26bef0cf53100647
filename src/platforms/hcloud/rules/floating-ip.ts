import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * platform.hcloud.floatingIpId names the floating IP of the API endpoint: it means something only
 * when that endpoint is a floating IP (apiEndpoint: floating-ip). The tree checks the rest of it
 * when it reads the IP (an IPv4 one, homed in the servers' location: a postcondition).
 */
export const hcloudFloatingIp: Rule = (ctx) => {
  const hcloud = ctx.spec.spec.platform.hcloud;
  if (hcloud?.floatingIpId === undefined || hcloud.apiEndpoint === "floating-ip") return;
  ctx.report({
    code: "spec/hcloud-floating-ip",
    message: `floatingIpId names the API endpoint's floating IP, but apiEndpoint is ${hcloud.apiEndpoint ?? "load-balancer (the default)"}`,
    path: specPath("platform", "hcloud", "floatingIpId"),
    at: "key",
    hint: "set apiEndpoint: floating-ip, or remove floatingIpId",
  });
};
