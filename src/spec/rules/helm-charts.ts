import { ADDON_CHARTS } from "../../catalog/addon-charts.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * The spec's own charts (addons.charts). A release name is one Helm release (a second install of
 * a name fails, or upgrades the other chart), so it may neither repeat nor take the name of a
 * release the tree installs itself. `after` makes a release wait for others: only for
 * helm-release charts, and only for helm-release charts listed before it (so no cycle can form).
 * An inline chart is applied by Talos at bootstrap, before any release exists, and has no
 * release to wait for, or to be waited for.
 */
export const helmCharts: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const charts = s.addons?.charts ?? [];
  const treeReleases = new Map<string, string>();
  if (s.cni?.cilium !== undefined) treeReleases.set("cilium", "cni.cilium");
  for (const addon of ADDON_CHARTS) if (s.addons?.[addon.specKey] !== undefined) treeReleases.set(addon.id, `addons.${addon.specKey}`);
  if (s.gitops?.argocd !== undefined) treeReleases.set("argocd", "gitops.argocd");
  const listed = new Map<string, { index: number; release: boolean }>();
  charts.forEach((chart, i) => {
    const release = (chart.mode ?? "helm-release") === "helm-release";
    const taken = treeReleases.get(chart.name);
    const first = listed.get(chart.name);
    if (taken !== undefined || first !== undefined) {
      ctx.report({
        code: "spec/chart-name-taken",
        message:
          first !== undefined
            ? `chart ${quote(chart.name)} is already listed (addons.charts[${first.index}]); a release name is one Helm release`
            : `chart ${quote(chart.name)} takes the release name of ${taken ?? ""}, which the tree installs`,
        path: specPath("addons", "charts", i, "name"),
        hint: "give the release a name of its own",
      });
    }
    (chart.after ?? []).forEach((name, k) => {
      const path = specPath("addons", "charts", i, "after", k);
      const earlier = listed.get(name);
      const problem: { why: string; hint: string } | undefined = !release
        ? {
            why: "an inline chart is applied by Talos at bootstrap, before any release: it cannot wait for one",
            hint: "remove after, or make the chart a helm-release",
          }
        : name === chart.name
          ? { why: "a chart cannot wait for itself", hint: "remove it" }
          : earlier === undefined
            ? {
                why: `${quote(name)} is not a chart listed before this one`,
                hint: "name a helm-release chart listed above this one (list charts in install order)",
              }
            : !earlier.release
              ? { why: `${quote(name)} is inline: Talos applies it at bootstrap, before every release, so there is nothing to wait for`, hint: "remove it" }
              : undefined;
      if (problem === undefined) return;
      ctx.report({ code: "spec/chart-after", message: `after: ${problem.why}`, path, hint: problem.hint });
    });
    if (first === undefined) listed.set(chart.name, { index: i, release });
  });
};
