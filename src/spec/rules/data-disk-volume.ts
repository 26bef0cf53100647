import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/** A class's dataDiskVolume lives on the class's data disk: without one there is nothing to format. */
export const dataDiskVolume: Rule = (ctx) => {
  for (const [name, cls] of Object.entries(ctx.spec.spec.nodeClasses ?? {})) {
    if (cls.dataDiskVolume === undefined || cls.dataDisk !== undefined) continue;
    ctx.report({
      code: "spec/data-disk-volume-without-disk",
      message: `nodeClasses.${name}.dataDiskVolume (${quote(cls.dataDiskVolume.name)}) has no data disk to live on`,
      path: specPath("nodeClasses", name, "dataDiskVolume"),
      at: "key",
      hint: "give the class a dataDisk (its size in GiB), or use userVolumes for a volume on another disk",
    });
  }
};
