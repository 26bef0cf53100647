import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { ClusterSpec, NodeSettingsSpec } from "../types.js";
import { specPath } from "./paths.js";

/** Every place node settings are written (roles, node classes, nodes), with its path. */
export function settingsLayers(spec: ClusterSpec): Array<[NodeSettingsSpec, PathSegment[]]> {
  const body = spec.spec;
  const layers: Array<[NodeSettingsSpec, PathSegment[]]> = [];
  if (body.roles?.controlplane !== undefined) layers.push([body.roles.controlplane, specPath("roles", "controlplane")]);
  if (body.roles?.worker !== undefined) layers.push([body.roles.worker, specPath("roles", "worker")]);
  for (const [name, settings] of Object.entries(body.nodeClasses ?? {})) layers.push([settings, specPath("nodeClasses", name)]);
  body.nodes.forEach((node, i) => layers.push([node, specPath("nodes", i)]));
  return layers;
}
