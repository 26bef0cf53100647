import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * A node names its install disk by path or by selector, not both: Talos would take the
 * selector and ignore the path (machine.install.diskSelector: "Always has priority over
 * disk"), so a path written beside it would mislead whoever reads the spec.
 */
export const installDisk: Rule = (ctx) => {
  ctx.spec.spec.nodes.forEach((node, i) => {
    if (node.installDisk === undefined || node.installDiskSelector === undefined) return;
    ctx.report({
      code: "spec/install-disk-conflict",
      message: `node ${quote(node.name)} sets both installDisk and installDiskSelector; Talos would use the selector and ignore the path`,
      path: specPath("nodes", i, "installDiskSelector"),
      at: "key",
      hint: "keep one: a path when the device name is stable, a selector (model, serial, wwid...) when it is not",
    });
  });
};
