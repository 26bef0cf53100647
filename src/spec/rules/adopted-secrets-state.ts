import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * talos.secrets: import puts the running cluster's CA keys, etcd keys and bootstrap tokens into
 * the OpenTofu state (talos_machine_secrets is imported). Without a backend, or with a local
 * one, that state is a plain file beside the tree: one `git add -A` (or a laptop backup) away
 * from leaking a cluster that already runs workloads. A new cluster's state holds the same
 * kind of secrets, but an adopted one's cannot be rotated by rebuilding: so the build says it.
 */
export const adoptedSecretsState: Rule = (ctx) => {
  const s = ctx.spec.spec;
  if (s.talos?.secrets !== "import") return;
  if (s.backend !== undefined && s.backend.local === undefined) return;
  ctx.report({
    code: "spec/adopted-secrets-local-state",
    severity: "warning",
    message: `talos.secrets: import keeps the running cluster's CA and keys in the OpenTofu state, and ${s.backend?.local === undefined ? "without a backend" : "with backend.local"} that state is a plain file beside the tree`,
    path: specPath("talos", "secrets"),
    hint: "set backend.s3 (an encrypted bucket, encrypt: true) before the first apply; the tree's .gitignore keeps *.tfstate out of Git, but not off disks and backups",
  });
};
