import versionsData from "../../../data/versions.json" with { type: "json" };
import { CONTROL_PLANE_ONLY_IN_V1_14, NEW_IN_V1_14, REPLACES_A_V1ALPHA1_FIELD } from "../../catalog/talos-document-kinds.js";
import { rawPatches } from "./raw-patches.js";
import type { Rule } from "./rule.js";

/**
 * A raw patch that is a whole document of a kind the installed Talos cannot take beside what
 * the tree gives every node: a kind Talos v1.13 does not know (new in v1.14), or on Talos v1.14
 * a kind that replaces a v1alpha1 field every configuration of the tree has (the trees keep
 * the v1.13 contract), or a kind only control planes may have in a patch that reaches a worker.
 * Each fails the apply, after a plan that looked fine.
 */
export const patchKinds: Rule = (ctx) => {
  const version = ctx.spec.spec.talos?.version ?? versionsData.components.talos;
  const minor = /^v?(\d+)\.(\d+)/.exec(version);
  if (minor === null) return;
  const onV114OrNewer = Number(minor[1]) > 1 || (Number(minor[1]) === 1 && Number(minor[2]) >= 14);
  for (const { patch, path, reachesWorkers } of rawPatches(ctx.spec)) {
    const kind = patch["kind"];
    if (typeof kind !== "string") continue;
    if (!onV114OrNewer && NEW_IN_V1_14.has(kind)) {
      ctx.report({
        code: "spec/patch-kind-unknown",
        message: `a ${kind} document is new in Talos v1.14, and Talos ${version} does not know it`,
        path: [...path, "kind"],
        hint: "say it with the v1alpha1 fields it replaces, or through the spec's typed fields (talos-hclgen explain), or install Talos v1.14",
      });
      continue;
    }
    const replaced = REPLACES_A_V1ALPHA1_FIELD.get(kind);
    if (onV114OrNewer && replaced !== undefined) {
      const { field, besides } = replaced;
      ctx.report({
        code: "spec/patch-kind-conflict",
        message:
          besides === undefined
            ? `a ${kind} document replaces ${field}, which the configurations this tree generates already have (the v1.13 contract), and Talos refuses both in one configuration`
            : `a ${kind} document replaces ${field}, and Talos refuses it beside ${besides}, which the configurations this tree generates already have (the v1.13 contract)`,
        path: [...path, "kind"],
        hint: `say it in ${field} of a v1alpha1 patch, or through the spec's typed fields (talos-hclgen explain)`,
      });
      continue;
    }
    if (onV114OrNewer && reachesWorkers && CONTROL_PLANE_ONLY_IN_V1_14.has(kind)) {
      ctx.report({
        code: "spec/patch-kind-control-plane-only",
        message: `a ${kind} document is only allowed on control planes, and Talos refuses the configuration of a worker this patch reaches`,
        path: [...path, "kind"],
        hint: "put it in patches.controlplane, or on a control-plane node",
      });
    }
  }
};
