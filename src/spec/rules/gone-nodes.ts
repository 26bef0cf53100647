import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * A node marked `gone` is a dead machine the tree forgets (its etcd member and Kubernetes Node
 * removed, no reset). Without endpoint.vip or endpoint.host the API endpoint is the first
 * control plane's address (model/normalize.ts normalizeEndpoint): if that node is dead, every
 * configuration and kubeconfig points at a machine that no longer answers, and moving the
 * endpoint rewrites every node's configuration, so the spec must say where it goes.
 */
export const goneNodes: Rule = (ctx) => {
  const s = ctx.spec.spec;
  if (s.endpoint.vip !== undefined || s.endpoint.host !== undefined) return;
  const first = s.nodes.findIndex((n) => n.role === "controlplane");
  const node = s.nodes[first];
  if (node === undefined || node.gone !== true) return;
  ctx.report({
    code: "spec/endpoint-node-gone",
    message: `the API endpoint is the address of ${quote(node.name)}, the first control plane, and it is marked gone`,
    path: specPath("nodes", first, "gone"),
    hint: "give a new control plane this node's address and put it first, or set endpoint.host to a living control plane's address (every node's configuration then changes to it)",
  });
};
