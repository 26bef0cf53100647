/** platform.hcloud -> HcloudModel, and what Hetzner Cloud decides: the API endpoint, each node's server type. */
import { HCLOUD_DEFAULTS, HCLOUD_PRIVATE_MTU } from "../../catalog/defaults.js";
import { parseCidr } from "../../base/net/cidr.js";
import { formatIPv4 } from "../../base/net/ipv4.js";
import type { HcloudModel } from "../../model/model.js";
import type { NormalizedPlatform, PlatformNormalizer } from "../../model/platform-part.js";
import type { ClusterSpec } from "../../spec/types.js";
import { placementGroups } from "./placement.js";

function hcloudModel(spec: ClusterSpec): HcloudModel {
  const hcloud = spec.spec.platform.hcloud;
  if (hcloud === undefined) throw new Error("model bug: a Hetzner Cloud platform without platform.hcloud");
  const id = hcloud.image?.id;
  const networkRange = hcloud.networkRange ?? HCLOUD_DEFAULTS.networkRange;
  const model: HcloudModel = {
    kind: "hcloud",
    location: hcloud.location,
    networkZone: hcloud.networkZone ?? HCLOUD_DEFAULTS.networkZone,
    networkRange,
    privateGateway: privateGateway(networkRange),
    image: id !== undefined ? { id } : { selector: hcloud.image?.selector ?? HCLOUD_DEFAULTS.imageSelector },
    adminCidrs: hcloud.adminCidrs,
    firewallRules: hcloud.firewallRules ?? [],
    apiEndpoint: hcloud.apiEndpoint ?? HCLOUD_DEFAULTS.apiEndpoint,
    loadBalancerType: hcloud.loadBalancerType ?? HCLOUD_DEFAULTS.loadBalancerType,
    publicNetwork: hcloud.publicNetwork ?? HCLOUD_DEFAULTS.publicNetwork,
  };
  if (hcloud.networkId !== undefined) model.networkId = hcloud.networkId;
  if (hcloud.floatingIpId !== undefined) model.floatingIpId = hcloud.floatingIpId;
  if (hcloud.firewallIds !== undefined) model.firewallIds = hcloud.firewallIds;
  if (hcloud.natGateway !== undefined) model.natGateway = hcloud.natGateway;
  return model;
}

/**
 * The private network's first address, where Hetzner's router answers (the Cloud API's
 * subnet `gateway`). Flannel's --iface-can-reach only asks the kernel which interface routes
 * to it (`ip route get`), so any address of the range picks the private NIC. The schema
 * guarantees an IPv4 CIDR.
 */
function privateGateway(networkRange: string): string {
  const cidr = parseCidr(networkRange);
  if (cidr === undefined || cidr.family !== 4) throw new Error(`model bug: network range ${networkRange} is not IPv4`);
  return formatIPv4(cidr.first + 1n);
}

export const hcloudNormalizer: PlatformNormalizer = {
  // Hetzner servers have no agent channel: no extension by default.
  defaultExtensions: [],
  normalize(spec, _talos, previous): NormalizedPlatform {
    const platform = hcloudModel(spec);
    const groups = placementGroups(spec.spec.nodes, previous);
    return {
      model: platform,
      apiEndpoint: platform.apiEndpoint,
      adminCidrs: platform.adminCidrs,
      linkMtu: HCLOUD_PRIVATE_MTU,
      providers: ["hcloud"],
      // hetznercloud/hcloud reads HCLOUD_TOKEN; the cluster's own token (floating IP, CCM) is a
      // second one, HCLOUD_CLUSTER_TOKEN in the runner's Secret.
      runner: {
        env: [
          { name: "HCLOUD_TOKEN", key: "HCLOUD_TOKEN" },
          ...(platform.apiEndpoint === "floating-ip" || spec.spec.addons?.hcloudCcm !== undefined
            ? [{ name: "TF_VAR_hcloud_cluster_token", key: "HCLOUD_CLUSTER_TOKEN" }]
            : []),
        ],
        vars: [],
      },
      node(model, _node, index, sizing) {
        if (sizing?.serverType !== undefined) model.serverType = sizing.serverType;
        const group = groups[index];
        if (group !== undefined) model.placementGroup = group;
      },
      // The cloud wires the private network: nothing identifies a NIC.
      nic() {},
    };
  },
};
