import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * etcd runs on every control plane and needs a majority to write: 3 members survive one
 * failure, 4 still only one, so an even count costs a machine and buys nothing.
 * https://etcd.io/docs/v3.6/faq/#why-an-odd-number-of-cluster-members
 */
export const controlPlanes: Rule = (ctx) => {
  const planes = ctx.spec.spec.nodes.filter((n) => n.role === "controlplane");
  // A node marked gone is no machine and no etcd member any more (gone-nodes.ts).
  const count = planes.filter((n) => n.gone !== true).length;
  const path = specPath("nodes");
  if (count === 0 && planes.length > 0) {
    ctx.report({
      code: "spec/no-control-plane",
      message: "every control plane is marked gone",
      path,
      at: "key",
      hint: "a cluster with no control plane left cannot be repaired by removing members: restore etcd from a snapshot onto a new control plane (talosctl bootstrap --recover-from)",
    });
  } else if (count === 0) {
    ctx.report({
      code: "spec/no-control-plane",
      message: 'no node has role "controlplane"',
      path,
      at: "key",
      hint: "a cluster needs at least one control plane; three tolerate the loss of one",
    });
  } else if (count % 2 === 0) {
    ctx.report({
      code: "spec/even-control-planes",
      severity: "warning",
      message: `${count} control planes tolerate no more failures than ${count - 1}`,
      path,
      at: "key",
      hint: `etcd needs a majority of members: use ${count - 1} or ${count + 1} control planes`,
    });
  }
};
