import { DEFAULT_POD_SUBNETS, HCLOUD_DEFAULTS } from "../../../catalog/defaults.js";
import { isArmServerType } from "../server-types.js";
import { cidrContainsCidr, parseCidr } from "../../../base/net/cidr.js";
import { formatIp, parseIp } from "../../../base/net/ip.js";
import { displayPath, quote } from "../../../spec/display-path.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";
import { SPREAD_GROUP_LIMIT } from "../placement.js";

/**
 * What a node needs to be a Hetzner Cloud server: a server type (from its class) and a static
 * private address, in placement groups that can hold the servers, clear of the network's gateway.
 * (fit.ts refuses the fields this platform ignores; this rule asks for the missing ones.)
 */
/** A Hetzner project holds at most 50 placement groups (docs.hetzner.com cloud/placement-groups/overview). */
const PROJECT_GROUP_LIMIT = 50;

export const hcloudNodes: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const classes = s.nodeClasses ?? {};
  for (const [i, node] of s.nodes.entries()) {
    if (node.address === undefined) {
      ctx.report({
        code: "spec/missing-address",
        message: `nodes[${i}] (${quote(node.name)}) has no address`,
        path: specPath("nodes", i),
        at: "key",
        hint: "the server's private address in network.cidr, e.g. address: 10.0.1.11/24",
      });
    }
    if (node.class === undefined) {
      ctx.report({
        code: "spec/missing-class",
        message: `nodes[${i}] (${quote(node.name)}) has no class, so no server type`,
        path: specPath("nodes", i),
        at: "key",
        hint: "define a class with serverType (e.g. nodeClasses: { worker: { serverType: cx33 } }) and set class",
      });
    }
  }
  // Arm types (cax*) boot an arm snapshot: the tree finds one per architecture by the image
  // selector (hcloud_image with_architecture), but an image id names a single snapshot.
  const image = s.platform.hcloud?.image;
  for (const [name, cls] of Object.entries(classes)) {
    if (cls.serverType === undefined || !isArmServerType(cls.serverType) || image?.id === undefined) continue;
    ctx.report({
      code: "spec/unsupported-server-type",
      message: `nodeClasses.${name}.serverType ${quote(cls.serverType)} is an Arm server type, and platform.hcloud.image.id names one snapshot of one architecture`,
      path: specPath("nodeClasses", name, "serverType"),
      hint: "find the snapshots by label instead (platform.hcloud.image.selector): the tree then takes the x86 one for x86 servers and the arm one for cax servers",
    });
  }
  // A role of more than 10 servers spreads over several groups (../placement.ts); the project
  // holds 50 in all, shared with every other cluster in it: a warning.
  const groups = (["controlplane", "worker"] as const)
    .map((role) => Math.ceil(s.nodes.filter((n) => n.role === role && n.gone !== true).length / SPREAD_GROUP_LIMIT))
    .reduce((a, b) => a + b, 0);
  if (groups > PROJECT_GROUP_LIMIT) {
    ctx.report({
      code: "spec/placement-group-limit",
      severity: "warning",
      message: `the servers take ${groups} spread placement groups (${SPREAD_GROUP_LIMIT} servers each), more than the ${PROJECT_GROUP_LIMIT} a Hetzner Cloud project holds`,
      path: specPath("nodes"),
      at: "key",
      hint: "ask Hetzner to raise the project's limit, or split the cluster's servers over projects",
    });
  }
  // The first address of the private network is Hetzner's gateway (unless network.gateway
  // already names it: node-addresses.ts reports that one).
  const rangeText = s.platform.hcloud?.networkRange ?? HCLOUD_DEFAULTS.networkRange;
  const range = parseCidr(rangeText);
  if (range !== undefined) {
    const gateway = range.first + 1n;
    const named = s.network.gateway === undefined ? undefined : parseIp(s.network.gateway);
    for (const address of ctx.facts.nodeAddresses) {
      if (address.cidr.family !== range.family || address.cidr.address.value !== gateway) continue;
      if (named !== undefined && named.family === range.family && named.value === gateway) continue;
      ctx.report({
        code: "spec/reserved-address",
        message: `${displayPath(address.path)} ${formatIp(address.cidr.address)} is the gateway of the Hetzner private network ${rangeText}`,
        path: address.path,
      });
    }
  }
  // The cloud controller manager routes each node's pod range through the private network,
  // and Hetzner only routes destinations inside the network's range
  // (hcloud-cloud-controller-manager docs/deploy_with_networks.md, "Considerations on the IP Ranges").
  if (s.addons?.hcloudCcm !== undefined && range !== undefined) {
    const written = s.kubernetes?.podSubnets;
    for (const [k, text] of (written ?? DEFAULT_POD_SUBNETS).entries()) {
      const pods = parseCidr(text);
      if (pods === undefined || pods.family !== range.family || cidrContainsCidr(range, pods)) continue;
      // A default pod subnet has no place in the file: point at the add-on that needs routes.
      const path = written === undefined ? specPath("addons", "hcloudCcm") : specPath("kubernetes", "podSubnets", k);
      const subject = written === undefined ? `the default kubernetes.podSubnets ${text}` : `kubernetes.podSubnets[${k}] ${text}`;
      ctx.report({
        code: "spec/pods-outside-range",
        severity: "warning",
        message: `${subject} is outside platform.hcloud.networkRange ${rangeText}: the cloud controller manager cannot route it through the private network`,
        path,
        ...(written === undefined ? { at: "key" as const } : {}),
        hint: `widen platform.hcloud.networkRange (e.g. 10.0.0.0/8) so it holds the pod subnet, without a Hetzner subnet overlapping it`,
      });
    }
  }
  // Hetzner's network has its own gateway, and the servers take their routes from DHCP.
  if (s.network.gateway !== undefined) {
    ctx.report({
      code: "spec/platform-mismatch",
      severity: "warning",
      message: "network.gateway does not apply to the hcloud platform: the private network's gateway is Hetzner's",
      path: specPath("network", "gateway"),
      at: "key",
      hint: "remove it",
    });
  }
};
