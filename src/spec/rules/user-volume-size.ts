import { quote } from "../display-path.js";
import type { Rule } from "./rule.js";
import { settingsLayers } from "./settings-layers.js";

/**
 * Talos refuses a user volume that says neither its smallest nor its largest size (machinery
 * v1.13 config/types/block/volume_config.go ProvisioningSpec.Validate, required for
 * UserVolumeConfig: "min size or max size is required"), which the apply would report node by
 * node.
 */
export const userVolumeSize: Rule = (ctx) => {
  for (const [layer, at] of settingsLayers(ctx.spec)) {
    (layer.userVolumes ?? []).forEach((volume, v) => {
      if (volume.minSize !== undefined || volume.maxSize !== undefined) return;
      ctx.report({
        code: "spec/user-volume-size",
        message: `user volume ${quote(volume.name)} says neither minSize nor maxSize, which Talos requires`,
        path: [...at, "userVolumes", v, "name"],
        hint: "add minSize (e.g. 10GiB), with grow: true to take the rest of the disk",
      });
    });
  }
};
