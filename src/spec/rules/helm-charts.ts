import { ADDON_CHARTS } from "../../catalog/addon-charts.js";
import { releaseGraph, type ReleaseNode } from "../../catalog/release-order.js";
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule, RuleContext } from "./rule.js";

/**
 * The spec's own charts (addons.charts). A release name is one Helm release (a second install of
 * a name fails, or upgrades the other chart), so it may neither repeat nor take the name of a
 * release the tree installs itself. `after` makes a release wait for others (checkOrder below).
 */
export const helmCharts: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const charts = s.addons?.charts ?? [];
  const treeReleases = new Map<string, string>();
  if (s.cni?.cilium !== undefined) treeReleases.set("cilium", "cni.cilium");
  for (const addon of ADDON_CHARTS) if (s.addons?.[addon.specKey] !== undefined) treeReleases.set(addon.id, `addons.${addon.specKey}`);
  if (s.gitops?.argocd !== undefined) treeReleases.set("argocd", "gitops.argocd");
  const listed = new Map<string, { index: number }>();
  charts.forEach((chart, i) => {
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
    if (first === undefined) listed.set(chart.name, { index: i });
  });
  checkOrder(ctx, releaseGraph(ctx.spec));
};

function afterPath(node: ReleaseNode, k: number): PathSegment[] {
  return node.source.kind === "chart" ? specPath("addons", "charts", node.source.index, "after", k) : specPath("addons", node.source.specKey, "after", k);
}

/**
 * `after` names a release to wait for: a helm-release one of the spec (a chart, cert-manager,
 * metrics-server), never itself, never one that waits for it in turn. An inline chart is
 * applied by Talos at bootstrap, before any release exists: it neither waits nor is waited for.
 * The cloud controller manager is a boot release, which every release already waits for.
 */
function checkOrder(ctx: RuleContext, graph: readonly ReleaseNode[]): void {
  const byName = new Map<string, ReleaseNode>();
  for (const node of graph) if (!byName.has(node.name)) byName.set(node.name, node);
  const valid = new Map<ReleaseNode, string[]>();
  for (const node of graph) {
    const kept: string[] = [];
    node.after.forEach((name, k) => {
      const target = byName.get(name);
      const problem: { why: string; hint: string } | undefined = !node.helmRelease
        ? {
            why: "an inline chart is applied by Talos at bootstrap, before any release: it cannot wait for one",
            hint: "remove after, or make the chart a helm-release",
          }
        : node.boot
          ? { why: `${node.name} is a release the nodes need to become Ready, which every other release waits for`, hint: "remove after" }
          : name === node.name
            ? { why: "a release cannot wait for itself", hint: "remove it" }
            : target === undefined
              ? { why: `${quote(name)} is no release of this spec`, hint: "name a helm-release chart of addons.charts, cert-manager or metrics-server" }
              : !target.helmRelease
                ? { why: `${quote(name)} is inline: Talos applies it at bootstrap, before every release, so there is nothing to wait for`, hint: "remove it" }
                : target.boot
                  ? { why: `every release waits for ${quote(name)} already`, hint: "remove it" }
                  : undefined;
      if (problem === undefined) kept.push(name);
      else ctx.report({ code: "spec/chart-after", message: `after: ${problem.why}`, path: afterPath(node, k), hint: problem.hint });
    });
    valid.set(node, [...kept, ...node.implied.map((i) => i.name).filter((n) => byName.get(n) !== undefined)]);
  }
  // A cycle never deploys: each release would wait for the other. Reported once, at the `after`
  // entry that closes it.
  const state = new Map<ReleaseNode, "open" | "done">();
  const visit = (node: ReleaseNode, trail: ReleaseNode[]): void => {
    state.set(node, "open");
    for (const name of valid.get(node) ?? []) {
      const next = byName.get(name);
      if (next === undefined) continue;
      if (state.get(next) === "open") {
        const cycle = [...trail.slice(trail.indexOf(next)), node, next].map((n) => n.name);
        const k = node.after.indexOf(name);
        ctx.report({
          code: "spec/chart-after",
          message: `after: ${cycle.join(" -> ")} is a cycle: each release would wait for the other`,
          path: k >= 0 ? afterPath(node, k) : afterPath(next, Math.max(0, next.after.indexOf(node.name))),
          hint: "drop one of these after entries",
        });
      } else if (state.get(next) === undefined) visit(next, [...trail, node]);
    }
    state.set(node, "done");
  };
  for (const node of graph) if (state.get(node) === undefined) visit(node, []);
}
