import { HCLOUD_PRIVATE_MTU, KUBESPAN_OVERHEAD } from "../../../catalog/defaults.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * KubeSpan over Hetzner's private network: its packets carry 80 bytes of WireGuard and UDP on
 * top of the link's 1450 (catalog/defaults.ts), so an MTU above 1370 fragments or drops large
 * packets whenever KubeSpan reaches a peer at its private address. Without mtu the tree sets
 * 1370 itself; a larger one given is a warning, since KubeSpan may prefer public endpoints
 * (which carry 1500) through its filters.
 */
export const hcloudKubespanMtu: Rule = (ctx) => {
  const mtu = ctx.spec.spec.network.kubespan?.mtu;
  const fitted = HCLOUD_PRIVATE_MTU - KUBESPAN_OVERHEAD;
  if (ctx.spec.spec.platform.hcloud === undefined || mtu === undefined || mtu <= fitted) return;
  ctx.report({
    code: "spec/kubespan-mtu",
    severity: "warning",
    message: `KubeSpan's MTU ${mtu} does not fit Hetzner's private network (MTU ${HCLOUD_PRIVATE_MTU}, less KubeSpan's ${KUBESPAN_OVERHEAD} bytes): large packets between servers that reach each other privately are fragmented or dropped`,
    path: specPath("network", "kubespan", "mtu"),
    hint: `leave mtu out (the tree sets ${fitted} on Hetzner Cloud), or set at most ${fitted}`,
  });
};
