/**
 * Fields that only make sense on some platforms: elsewhere they would be silently ignored, so a
 * platform refuses them (src/platforms/<kind>/rules/fit.ts). The helpers every platform's fit
 * rule shares, and the refusals more than one platform makes.
 */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { displayPath, quote } from "../display-path.js";
import type { NodeClassSpec, NodeNicSpec, NodeSpec } from "../types.js";
import { specPath } from "./paths.js";
import type { PlatformName } from "./platform.js";
import type { RuleContext } from "./rule.js";

export function doesNotApply(ctx: RuleContext, path: PathSegment[], platform: PlatformName, why?: string): void {
  ctx.report({
    code: "spec/platform-mismatch",
    message: `${displayPath(path)} does not apply to the ${platform} platform${why === undefined ? "" : `: ${why}`}`,
    path,
    at: "key",
    hint: "remove it",
  });
}

function words(fields: readonly string[]): string {
  const quoted = fields.map((f) => quote(f));
  return quoted.length <= 1 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1] ?? ""}`;
}

/** Node fields that describe a Proxmox VM; elsewhere they would be silently ignored. */
const PROXMOX_NODE_FIELDS = ["host", "vmId", "pciPassthrough"] as const satisfies ReadonlyArray<keyof NodeSpec>;

export function refuseVmFields(ctx: RuleContext, platform: PlatformName): void {
  for (const [i, node] of ctx.spec.spec.nodes.entries()) {
    for (const field of PROXMOX_NODE_FIELDS) {
      if (node[field] !== undefined) doesNotApply(ctx, specPath("nodes", i, field), platform, "it configures a Proxmox VM");
    }
  }
}

/** Policy routing goes with static routes, which only metal NICs take from the tree. */
export function refuseRoutingRules(ctx: RuleContext, platform: PlatformName): void {
  ctx.spec.spec.nodes.forEach((node, i) => {
    if (node.routingRules !== undefined) {
      doesNotApply(ctx, specPath("nodes", i, "routingRules"), platform, "the platform configures the machine's NICs and their routes");
    }
  });
}

export function refuseHcloudCcm(ctx: RuleContext, platform: PlatformName): void {
  if (ctx.spec.spec.addons?.hcloudCcm !== undefined) {
    doesNotApply(ctx, specPath("addons", "hcloudCcm"), platform, "the Hetzner Cloud controller manager only runs on hcloud");
  }
}

/**
 * Adopting a cluster takes over its secrets. Where the tree creates the machines, the running
 * ones are named by nodes[].adopt; without any, the tree would create every machine anew beside
 * the running one.
 */
export function refuseImportWithoutAdoption(ctx: RuleContext, platform: PlatformName, machine: string): void {
  const s = ctx.spec.spec;
  if (s.talos?.secrets === "import" && !s.nodes.some((node) => node.adopt !== undefined)) {
    doesNotApply(
      ctx,
      specPath("talos", "secrets"),
      platform,
      `the tree would create a new ${machine} beside every running node: name each running ${machine} with nodes[].adopt`,
    );
  }
}

/** An adopt of the form another platform takes. */
export function refuseAdoptForm(ctx: RuleContext, platform: PlatformName, fits: (adopt: NonNullable<NodeSpec["adopt"]>) => boolean, why: string): void {
  ctx.spec.spec.nodes.forEach((node, i) => {
    if (node.adopt !== undefined && !fits(node.adopt)) doesNotApply(ctx, specPath("nodes", i, "adopt"), platform, why);
  });
}

/** NIC fields of another platform (refuses), and what each entry must not say (check). */
export function refuseNicFields(
  ctx: RuleContext,
  platform: PlatformName,
  refuses: ReadonlyArray<keyof NodeNicSpec>,
  why: string,
  check: (entry: NodeNicSpec, at: (field: keyof NodeNicSpec) => PathSegment[]) => void = () => {},
): void {
  ctx.spec.spec.nodes.forEach((node, i) => {
    node.networks?.forEach((entry, k) => {
      for (const field of refuses) {
        if (entry[field] !== undefined) doesNotApply(ctx, specPath("nodes", i, "networks", k, field), platform, why);
      }
      check(entry, (field) => specPath("nodes", i, "networks", k, field));
    });
  });
}

/** What a platform that creates the machines needs from, and refuses in, a node class. */
export function checkClassFields(
  ctx: RuleContext,
  platform: PlatformName,
  needs: ReadonlyArray<keyof NodeClassSpec>,
  refuses: ReadonlyArray<keyof NodeClassSpec>,
  why: string,
): void {
  for (const [name, cls] of Object.entries(ctx.spec.spec.nodeClasses ?? {})) {
    const missing = needs.filter((f) => cls[f] === undefined);
    if (missing.length > 0) {
      ctx.report({
        code: "spec/missing-class-field",
        message: `nodeClasses.${name} needs ${words(missing)} on ${platform}`,
        path: specPath("nodeClasses", name),
        at: "key",
      });
    }
    for (const field of refuses) {
      if (cls[field] !== undefined) doesNotApply(ctx, specPath("nodeClasses", name, field), platform, why);
    }
  }
}
