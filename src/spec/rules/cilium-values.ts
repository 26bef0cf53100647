import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { ciliumRequirementOptions, talosCiliumRequirements, type CiliumRequirement } from "../../catalog/cilium-on-talos.js";
import { isPlainMap } from "../../base/deep-merge.js";
import { displayPath, quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule, RuleContext } from "./rule.js";

const VALUES = ["cni", "cilium", "values"] as const;

/** A user value that replaces a map holding required values (`cgroup: false`). */
interface Shadowing {
  walked: PathSegment[];
  /** Required keys below it, relative ("autoMount.enabled" and the required value). */
  below: string[];
}

/**
 * cni.cilium.values are merged over what Talos requires of Cilium (src/catalog/cilium-on-talos.ts).
 * A user value that contradicts a requirement would either be silently overridden or break
 * the cluster, so it is an error at the user's value, saying why Talos needs the other one.
 */
export const ciliumValues: Rule = (ctx) => {
  const cilium = ctx.spec.spec.cni?.cilium;
  if (cilium?.values === undefined) return;
  const requirements = talosCiliumRequirements(ciliumRequirementOptions(ctx.spec));
  const shadowing = new Map<string, Shadowing>();
  for (const requirement of requirements) {
    const shadow = check(ctx, cilium.values, requirement);
    if (shadow === undefined) continue;
    const key = JSON.stringify(shadow.walked);
    const seen = shadowing.get(key);
    if (seen === undefined) shadowing.set(key, shadow);
    else seen.below.push(...shadow.below);
  }
  for (const { walked, below } of shadowing.values()) {
    const path = specPath(...VALUES, ...walked);
    ctx.report({
      code: "spec/cilium-value-conflict",
      message: `${displayPath(path)} must be a map: it replaces values Talos needs (${below.join(", ")})`,
      path,
      hint: `remove ${walked.join(".")} from the values (talos-hclgen sets what Talos needs) or make it a map`,
    });
  }
};

/** Reports a contradicting value; returns a non-map value that hides required ones, for grouping. */
function check(ctx: RuleContext, values: Record<string, unknown>, requirement: CiliumRequirement): Shadowing | undefined {
  let node: unknown = values;
  const walked: PathSegment[] = [];
  for (const [index, key] of requirement.path.entries()) {
    if (!isPlainMap(node) || !Object.hasOwn(node, key)) return undefined; // not set by the user: the required value stands
    node = node[key];
    walked.push(key);
    if (index < requirement.path.length - 1 && !isPlainMap(node)) {
      return { walked, below: [`${requirement.path.slice(index + 1).join(".")} ${requirement.expected}`] };
    }
  }
  if (requirement.accepts(node)) return undefined;
  const path = specPath(...VALUES, ...walked);
  ctx.report({
    code: "spec/cilium-value-conflict",
    message: `${displayPath(path)} ${requirement.fault?.(node) ?? `is ${quote(node)}`}, but ${requirement.neededBy ?? "Talos"} needs ${requirement.expected}: ${requirement.why}`,
    path,
    hint: `remove ${requirement.path.join(".")} from the values (talos-hclgen sets it) or set it to ${requirement.expected}`,
  });
  return undefined;
}
