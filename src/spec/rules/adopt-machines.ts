import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * nodes[].adopt takes over a running machine by import blocks: a Proxmox VM (adopt: true) or a
 * Hetzner server and its primary IP. Which form fits which platform, and what each platform
 * needs besides, is the platform's (src/platforms/<kind>/rules/fit.ts and adopt.ts). What every
 * adoption needs is here: the running cluster's secrets (talos.secrets: import), since
 * configurations made from new secrets carry a new CA and tokens, which the running etcd and
 * kubelets refuse.
 */
export const adoptMachines: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const adopted = s.nodes.flatMap((node, i) => (node.adopt === undefined ? [] : [{ i, node, adopt: node.adopt }]));
  const first = adopted[0];
  if (first === undefined) return;
  const machine = s.platform.proxmox !== undefined ? "VM" : "server";

  if (s.talos?.secrets !== "import") {
    ctx.report({
      code: "spec/adopt-without-secrets",
      message: `nodes[${first.i}].adopt takes over the running ${machine} of ${first.node.name}, but the tree would generate new cluster secrets, which the running nodes refuse`,
      path: specPath("nodes", first.i, "adopt"),
      at: "key",
      hint: "set talos.secrets: import, and give the cluster's secrets.yaml on the first plan (-var talos_secrets_file=...)",
    });
  }
};
