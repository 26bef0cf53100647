/**
 * Machines that already exist (seed 000): nothing is created. Each machine boots the Talos
 * image (modules/talos-image) into maintenance mode at its address, and the cluster module
 * applies its configuration there; the node's own addressing comes from its Talos patches
 * (src/plan/talos/node-network.ts), since no cloud-init or metadata service provides it.
 */
import { renderHclValue, obj } from "../../render/hcl-value.js";
import type { Feature } from "../feature.js";
import { imageModuleCall } from "./talos-image.js";

export const metal: Feature = {
  id: "metal",
  enabled: (model) => model.platform.kind === "metal",
  files: () => [],
  root: () => ({}),
  platform: (model) => ({
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
  }),
};
