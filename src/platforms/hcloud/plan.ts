/** What Hetzner Cloud adds to the plan: the image and server modules, the servers' network, README sentences and lock facts. */
import type { ClusterModel, HcloudModel } from "../../model/model.js";
import { talosImageFeature } from "../../plan/features/talos-image.js";
import type { PlatformPlan, PlatformPlanner } from "../../plan/platform-part.js";
import { hcloudImage } from "./image.js";
import { hcloudOutputs, hcloudServers } from "./module.js";
import { hcloudCommonNetworkDocuments } from "./node-network.js";
import { hcloudReadme } from "./readme.js";

function hcloudOf(model: ClusterModel): HcloudModel {
  if (model.platform.kind !== "hcloud") throw new Error("plan bug: the Hetzner Cloud platform on another platform's model");
  return model.platform;
}

export const hcloudPlanner: PlatformPlanner = {
  plan(model): PlatformPlan {
    const platform = hcloudOf(model);
    return {
      // The servers boot the image module's snapshot, and the cluster takes its installer.
      features: [talosImageFeature(hcloudImage(model)), hcloudServers],
      outputs: hcloudOutputs(model),
      nodeNetwork: () => [],
      secureBoot: false,
      commonNetwork: () => hcloudCommonNetworkDocuments(platform),
      // Flannel tunnels over the interface of the default route unless told otherwise (flannel
      // pkg/ipmatch/match.go), which on Hetzner is the public eth0: VXLAN between the servers
      // would cross the public network, where the tree's firewall drops UDP 8472. Keep it on the
      // private network. Talos passes extraArgs to flanneld, and refuses them without the name
      // (machinery v1.13 v1alpha1_validation.go ValidateCNI).
      flannel: { name: "flannel", flannel: { extraArgs: [`--iface-can-reach=${platform.privateGateway}`] } },
      readme: hcloudReadme(model, platform),
      lock: (node) => ({
        location: platform.location,
        ...(node.serverType === undefined ? {} : { serverType: node.serverType }),
        // Only past a role's first group, so that the locks of other trees do not change.
        ...(node.placementGroup === undefined || node.placementGroup === node.role ? {} : { placementGroup: node.placementGroup }),
        // Only when not the default, so that the locks of other trees do not change.
        ...(platform.publicNetwork === "ipv4" ? {} : { publicNetwork: platform.publicNetwork }),
      }),
    };
  },
};
