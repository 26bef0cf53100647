import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { quote } from "../display-path.js";
import type { NodeSettingsSpec } from "../types.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * A worker's taints become its kubelet's --register-with-taints (plan/talos/node-settings.ts
 * says why), so the same flag written by hand in kubelet.extraArgs, on the node, its class or
 * its role, would be overwritten by one or the other. Refused rather than silently dropped.
 */
export const workerTaints: Rule = (ctx) => {
  const body = ctx.spec.spec;
  const classes = body.nodeClasses ?? {};
  body.nodes.forEach((node, i) => {
    if (node.role !== "worker") return;
    // The layers a worker's settings come from, the node's own first (its place is reported).
    const layers: Array<[NodeSettingsSpec | undefined, PathSegment[]]> = [
      [node, specPath("nodes", i)],
      [node.class === undefined ? undefined : classes[node.class], specPath("nodeClasses", node.class ?? "")],
      [body.roles?.worker, specPath("roles", "worker")],
    ];
    const taintsAt = layers.find(([layer]) => Object.keys(layer?.taints ?? {}).length > 0)?.[1];
    const flagAt = layers.find(([layer]) => layer?.kubelet?.extraArgs?.["register-with-taints"] !== undefined)?.[1];
    if (taintsAt === undefined || flagAt === undefined) return;
    ctx.report({
      code: "spec/taint-flag-conflict",
      message: `worker ${quote(node.name)} has taints (${ctx.ref([...taintsAt, "taints"])}) and sets the kubelet flag register-with-taints, which its taints are written to`,
      path: [...flagAt, "kubelet", "extraArgs", "register-with-taints"],
      at: "key",
      hint: "a worker registers with its taints through that flag (its kubelet may not change them later); list every taint under taints and remove the flag",
    });
  });
};
