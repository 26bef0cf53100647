/** The cross-field rules of a Hetzner Cloud spec, beside the shared ones (src/spec/rules/index.ts). */
import type { Rule } from "../../../spec/rules/rule.js";
import { hcloudAdopt } from "./adopt.js";
import { hcloudFirewallRules } from "./firewall-rules.js";
import { hcloudFit } from "./fit.js";
import { hcloudFloatingIp } from "./floating-ip.js";
import { hcloudKubespanMtu } from "./kubespan-mtu.js";
import { hcloudNetworkRange } from "./network-range.js";
import { hcloudNodes } from "./nodes.js";
import { hcloudPrivateOnly } from "./private-only.js";
import { hcloudPublicNetwork } from "./public-network.js";
import { hcloudTpmKeys } from "./tpm-keys.js";

export const HCLOUD_RULES: readonly Rule[] = [
  hcloudFit,
  hcloudNodes,
  hcloudNetworkRange,
  hcloudAdopt,
  hcloudFirewallRules,
  hcloudFloatingIp,
  hcloudPublicNetwork,
  hcloudPrivateOnly,
  hcloudTpmKeys,
  hcloudKubespanMtu,
];
