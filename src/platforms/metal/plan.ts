/** What existing machines add to the plan: the image module, every NIC's network documents, README sentences. */
import type { ClusterModel, MetalModel } from "../../model/model.js";
import { talosImageFeature } from "../../plan/features/talos-image.js";
import type { PlatformPlan, PlatformPlanner } from "../../plan/platform-part.js";
import { metalImage } from "./image.js";
import { staticNetworkDocuments } from "../../plan/talos/static-network.js";
import { metalOutputs } from "./outputs.js";
import { metalReadme } from "./readme.js";

function metalOf(model: ClusterModel): MetalModel {
  if (model.platform.kind !== "metal") throw new Error("plan bug: the metal platform on another platform's model");
  return model.platform;
}

export const metalPlanner: PlatformPlanner = {
  plan(model): PlatformPlan {
    const platform = metalOf(model);
    return {
      // The machines boot the image module's media and install its installer.
      features: [talosImageFeature(metalImage(model, platform))],
      outputs: metalOutputs(model),
      nodeNetwork: (node) => staticNetworkDocuments(model, node),
      commonNetwork: () => [],
      secureBoot: platform.secureBoot,
      readme: metalReadme(model, platform),
      // Nothing of an existing machine is the tree's but its configuration.
      lock: () => ({}),
    };
  },
};
