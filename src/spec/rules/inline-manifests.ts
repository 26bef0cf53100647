import { parseAllDocuments } from "yaml";
import { ADDON_CHARTS } from "../../catalog/addon-charts.js";
import { chartInlineManifestName } from "../../catalog/chart-names.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/** Inline manifests the tree itself may give the control planes (Cilium, Argo CD, add-ons). */
const TREE_MANIFESTS = new Set(["cilium", "argocd", ...ADDON_CHARTS.flatMap((chart) => [chart.id, `${chart.id}-secret`])]);

/**
 * The spec's inline manifests: Talos keys them by name (a second one of a name would replace
 * the first), and creates them at bootstrap, where a manifest that is not YAML objects fails
 * the bootstrap long after the apply looked fine (Talos manifests controller: each document
 * must be a Kubernetes object with apiVersion and kind).
 */
export const inlineManifests: Rule = (ctx) => {
  const seen = new Set<string>();
  const charts = new Set((ctx.spec.spec.addons?.charts ?? []).filter((chart) => chart.mode === "inline").map((chart) => chartInlineManifestName(chart.name)));
  (ctx.spec.spec.kubernetes?.inlineManifests ?? []).forEach((manifest, i) => {
    const at = specPath("kubernetes", "inlineManifests", i);
    if (seen.has(manifest.name) || TREE_MANIFESTS.has(manifest.name) || charts.has(manifest.name)) {
      ctx.report({
        code: "spec/inline-manifest-name",
        message: seen.has(manifest.name)
          ? `inline manifest ${quote(manifest.name)} is listed twice; Talos keeps one manifest per name`
          : `inline manifest ${quote(manifest.name)} takes the name of one the tree creates`,
        path: [...at, "name"],
        hint: "give it a name of its own",
      });
    }
    seen.add(manifest.name);
    const problem = manifestProblem(manifest.contents);
    if (problem !== undefined) {
      ctx.report({
        code: "spec/inline-manifest-contents",
        message: `inline manifest ${quote(manifest.name)} ${problem}`,
        path: [...at, "contents"],
        hint: "write Kubernetes objects as YAML, documents separated by ---",
      });
    }
  });
};

function manifestProblem(contents: string): string | undefined {
  const documents = parseAllDocuments(contents);
  if (!Array.isArray(documents)) return "is not YAML";
  let objects = 0;
  for (const [n, document] of documents.entries()) {
    const error = document.errors[0];
    // The yaml library's message names the line and column inside the contents.
    if (error !== undefined) return `is not YAML (document ${n + 1}: ${(error.message.split("\n")[0] ?? error.code).replace(/:$/, "")})`;
    let value: unknown;
    try {
      // Throws on an alias without its anchor, or one that expands too far (maxAliasCount).
      value = document.toJS();
    } catch (thrown) {
      return `is not YAML (document ${n + 1}: ${thrown instanceof Error ? thrown.message.split("\n")[0] : "unreadable"})`;
    }
    if (value === null || value === undefined) continue;
    if (typeof value !== "object" || Array.isArray(value)) return `holds a document that is not an object (document ${n + 1})`;
    const object = value as Record<string, unknown>;
    if (typeof object["apiVersion"] !== "string" || typeof object["kind"] !== "string") {
      return `holds a document without apiVersion and kind (document ${n + 1})`;
    }
    objects++;
  }
  return objects === 0 ? "holds no Kubernetes object" : undefined;
}
