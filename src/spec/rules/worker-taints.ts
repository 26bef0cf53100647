import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * A worker's taints become its kubelet's --register-with-taints (plan/talos/node-settings.ts
 * says why), so the same flag written by hand in kubelet.extraArgs, on the node or its class,
 * would be overwritten by one or the other. Refused rather than silently dropped.
 */
export const workerTaints: Rule = (ctx) => {
  const classes = ctx.spec.spec.nodeClasses ?? {};
  ctx.spec.spec.nodes.forEach((node, i) => {
    if (node.role !== "worker") return;
    const nodeClass = node.class === undefined ? undefined : classes[node.class];
    const taintsAt = node.taints !== undefined && Object.keys(node.taints).length > 0
      ? specPath("nodes", i, "taints")
      : nodeClass?.taints !== undefined && Object.keys(nodeClass.taints).length > 0 && node.class !== undefined
        ? specPath("nodeClasses", node.class, "taints")
        : undefined;
    if (taintsAt === undefined) return;
    const flagAt =
      node.kubelet?.extraArgs?.["register-with-taints"] !== undefined
        ? specPath("nodes", i, "kubelet", "extraArgs", "register-with-taints")
        : nodeClass?.kubelet?.extraArgs?.["register-with-taints"] !== undefined && node.class !== undefined
          ? specPath("nodeClasses", node.class, "kubelet", "extraArgs", "register-with-taints")
          : undefined;
    if (flagAt === undefined) return;
    ctx.report({
      code: "spec/taint-flag-conflict",
      message: `worker ${quote(node.name)} has taints (${ctx.ref(taintsAt)}) and sets the kubelet flag register-with-taints, which its taints are written to`,
      path: flagAt,
      at: "key",
      hint: "a worker registers with its taints through that flag (its kubelet may not change them later); list every taint under taints and remove the flag",
    });
  });
};
