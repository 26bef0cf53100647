/**
 * talhelper patches a node in this order: its group's patches, its own, the cluster's, then its
 * own extraManifests and its group's (talhelper pkg/config/nodeconfigs.go mergeNodeConfigs:
 * "global patches should get applied first" means the group's; pkg/generate/config.go applies
 * the node's, then c.Patches, then appends the extra manifests). A node with overridePatches
 * takes no group patches. The spec applies patches.common, then the role's, then the node's,
 * later winning (docs talos/v1.13 patching.mdx: strategic merge). Where the order can change
 * what a node gets, the patches move so it cannot:
 *
 * - the cluster's patches stay common unless they set something a group's or node's patch sets
 *   too; then they are each node's last patches;
 * - a group's patches stay the role's unless a node of the role overrides them; then they are
 *   the first patches of each node that does not.
 */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { TalosPatch } from "../../spec/types.js";
import { isRecord } from "./context.js";

/** The fields a patch sets: a document's kind and name, or the key paths of a v1alpha1 patch. */
export function patchPaths(patch: TalosPatch): string[] {
  if (typeof patch["kind"] === "string") return [`${patch["kind"]}/${typeof patch["name"] === "string" ? patch["name"] : ""}`];
  const out: string[] = [];
  const walk = (value: unknown, prefix: string): void => {
    if (!isRecord(value) || Object.keys(value).length === 0) {
      out.push(prefix);
      return;
    }
    for (const [key, item] of Object.entries(value)) walk(item, prefix === "" ? key : `${prefix}.${key}`);
  };
  walk(patch, "");
  return out;
}

/** A field both sets of patches set (one path equal to, or inside, the other's), or undefined. */
export function overlap(a: readonly TalosPatch[], b: readonly TalosPatch[]): string | undefined {
  const left = a.flatMap(patchPaths);
  const right = new Set(b.flatMap(patchPaths));
  for (const path of left) {
    for (const other of right) {
      if (path === other || path.startsWith(`${other}.`) || other.startsWith(`${path}.`)) return path.length <= other.length ? path : other;
    }
  }
  return undefined;
}

export interface OrderedNode {
  role: "controlplane" | "worker";
  path: PathSegment[];
  overridePatches: boolean;
  /** Its own patches, and its own and its group's extraManifests' documents. */
  patches: TalosPatch[];
  extraManifests: TalosPatch[];
}

export interface PatchLayout {
  common: TalosPatch[];
  controlplane: TalosPatch[];
  worker: TalosPatch[];
  /** Each node's patches, by its talconfig path's index. */
  nodes: TalosPatch[][];
  /** Why patches moved, for a warning each. */
  moved: Array<{ path: PathSegment[]; message: string }>;
}

export function layOutPatches(
  cluster: readonly TalosPatch[],
  groups: Record<"controlplane" | "worker", readonly TalosPatch[]>,
  nodes: readonly OrderedNode[],
): PatchLayout {
  const layout: PatchLayout = { common: [], controlplane: [], worker: [], nodes: nodes.map(() => []), moved: [] };
  const roleMoves = { controlplane: false, worker: false };
  for (const role of ["controlplane", "worker"] as const) {
    const override = nodes.find((n) => n.role === role && n.overridePatches);
    if (override !== undefined && groups[role].length > 0) {
      roleMoves[role] = true;
      layout.moved.push({
        path: [...override.path, "overridePatches"],
        message: `a node overrides its group's patches, so they are the first patches of each other ${role} node instead of the role's`,
      });
    } else layout[role] = [...groups[role]];
  }
  const clash = overlap(cluster, [...groups.controlplane, ...groups.worker, ...nodes.flatMap((n) => n.patches)]);
  if (clash !== undefined && cluster.length > 0) {
    layout.moved.push({
      path: ["patches"],
      message: `talhelper applies the cluster's patches after each node's and group's, and they set ${clash} too: they are each node's last patches, so they still win`,
    });
  } else layout.common = [...cluster];
  nodes.forEach((node, i) => {
    const own = layout.nodes[i] ?? [];
    if (roleMoves[node.role] && !node.overridePatches) own.push(...groups[node.role]);
    own.push(...node.patches);
    if (clash !== undefined) own.push(...cluster);
    own.push(...node.extraManifests);
    layout.nodes[i] = own;
  });
  return layout;
}
