import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * Flux and Argo CD would both reconcile the cluster from Git and fight over the same objects;
 * tofu-controller reconciles this tree, not the workloads, so it combines with either.
 */
export const gitops: Rule = (ctx) => {
  const g = ctx.spec.spec.gitops;
  if (g?.flux === undefined || g.argocd === undefined) return;
  const flux = specPath("gitops", "flux");
  const argocd = specPath("gitops", "argocd");
  // Point at whichever of the two comes second in the file, and name the first.
  const argocdFirst = (ctx.line(argocd) ?? 0) < (ctx.line(flux) ?? 0);
  const [first, second] = argocdFirst ? [argocd, flux] : [flux, argocd];
  ctx.report({
    code: "spec/gitops-conflict",
    message: `gitops.${String(second[2])} cannot be combined with ${ctx.ref(first)}`,
    path: second,
    at: "key",
    hint: "choose one GitOps engine; tofuController combines with either",
  });
};
