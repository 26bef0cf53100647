/**
 * Machines that already exist (seed 000): nothing is created, so the platform has no module of
 * its own. Each machine boots the Talos image (modules/talos-image) into maintenance mode at its
 * address, and the cluster module applies its configuration there; the node's own addressing
 * comes from its Talos patches (./node-network.ts), since no cloud-init or metadata service
 * provides it.
 */
import type { ClusterModel } from "../../model/model.js";
import type { PlatformOutputs } from "../../plan/feature.js";
import { imageModuleCall } from "../../plan/features/talos-image.js";
import { obj, renderHclValue } from "../../render/hcl-value.js";

/** What the machines give the cluster module: their addresses from the spec, the image's installers. */
export function metalOutputs(model: ClusterModel): PlatformOutputs {
  return {
    nodesExpr: renderHclValue(
      obj(
        new Map(
          model.nodes.map((node) => {
            if (node.ip === undefined) throw new Error(`plan bug: metal node ${node.name} without a static address`);
            return [node.name, obj({ role: node.role, address: node.ip })];
          }),
        ),
      ),
    ),
    installerImageExpr: "module.image.installer_image",
    classInstallerImageExpr: (className) => `${imageModuleCall(className)}.installer_image`,
  };
}
