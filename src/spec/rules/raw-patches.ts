/** The spec's raw Talos patches, for the rules that look into them. */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { ClusterSpec, TalosPatch } from "../types.js";
import { specPath } from "./paths.js";

/** A raw patch of the spec, with its path and whether it reaches a worker's configuration. */
export interface RawPatch {
  patch: TalosPatch;
  path: PathSegment[];
  reachesWorkers: boolean;
}

/** Every raw patch of the spec. */
export function rawPatches(spec: ClusterSpec): RawPatch[] {
  const out: RawPatch[] = [];
  const body = spec.spec;
  for (const layer of ["common", "controlplane", "worker"] as const) {
    body.patches?.[layer]?.forEach((patch, i) => out.push({ patch, path: specPath("patches", layer, i), reachesWorkers: layer !== "controlplane" }));
  }
  body.nodes.forEach((node, n) =>
    node.patches?.forEach((patch, i) => out.push({ patch, path: specPath("nodes", n, "patches", i), reachesWorkers: node.role === "worker" })),
  );
  return out;
}
