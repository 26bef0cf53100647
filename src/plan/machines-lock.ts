/**
 * The tree's machines.lock.json (src/lock/machines-lock.ts): each node's machine as this build
 * makes it, and a digest of everything its Talos configuration is made of, so the next build
 * can tell a reboot or a replacement from a configuration update.
 */
import { createHash } from "node:crypto";
import { chartValuesPath } from "../catalog/chart-names.js";
import type { ClusterModel, NodeModel } from "../model/model.js";
import { MACHINES_LOCK, renderMachinesLock, type LockedNode } from "../lock/machines-lock.js";
import { header, type PlannedFile } from "./planned-file.js";
import type { PlatformPlan } from "./platform-part.js";
import { systemVolumeConfigs } from "./talos/documents.js";

/**
 * What a node's configuration is built from in the tree: the patch files of its layers, the
 * values and manifests that become inline manifests (control planes), and the cluster's
 * versions and endpoint. A change in any of them reaches the node at the next apply.
 */
function configurationDigest(model: ClusterModel, node: NodeModel, files: readonly PlannedFile[]): string {
  const hash = createHash("sha256");
  const layers = ["patches/common.", `patches/${node.role}.`, `patches/nodes/${node.name}.`];
  const inline = node.role === "controlplane" ? ["values/", "manifests/"] : [];
  // Class schematics only when there are any (their own install image is in the node's
  // configuration through them), so that a tree without them keeps the digests it had.
  // Where the secrets come from is not part of a configuration (the secrets are, and they never
  // change): left out, so that adopting a cluster or not keeps the digests.
  const talos = { ...model.talos, secrets: undefined, ...(model.talos.classSchematics.length === 0 ? { classSchematics: undefined } : {}) };
  hash.update(JSON.stringify([talos, model.kubernetes.version, model.endpoint.url, model.name]));
  // Services and tunnels with secrets are built in the root module, not in a patch file: their
  // spec (names of variables, never values) stands for them.
  // Only when there are any, so that a tree without them keeps the digests it had.
  if (node.extensionServices.length > 0) hash.update(JSON.stringify(node.extensionServices));
  if (node.wireguard.length > 0) hash.update(JSON.stringify(node.wireguard));
  // The values of the spec's own helm-release charts never reach a node (a release reads them).
  const released = new Set(model.charts.filter((chart) => chart.mode === "helm-release").map((chart) => chartValuesPath(chart.name)));
  for (const file of files) {
    if (released.has(file.path)) continue;
    if (layers.some((prefix) => file.path.startsWith(prefix)) || inline.some((prefix) => file.path.startsWith(prefix))) {
      hash.update(file.path).update("\0").update(file.contents).update("\0");
    }
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * The node's STATE and EPHEMERAL documents, apart: Talos applies them only when it provisions a
 * volume (src/plan/talos/documents.ts systemVolumeConfigs), so the impact report can say that an
 * installed node will not follow an edit of them.
 */
function volumesDigest(node: NodeModel): string | undefined {
  const documents = systemVolumeConfigs(node.systemVolumes);
  if (documents.length === 0) return undefined;
  return createHash("sha256").update(JSON.stringify(documents)).digest("hex").slice(0, 12);
}

function lockedNode(model: ClusterModel, platform: PlatformPlan, node: NodeModel, files: readonly PlannedFile[]): LockedNode {
  const locked: LockedNode = { role: node.role, configuration: configurationDigest(model, node, files) };
  const volumes = volumesDigest(node);
  if (volumes !== undefined) locked.volumes = volumes;
  // Talos writes machine files at boot only: the impact report calls an edit a reboot.
  if (node.files.length > 0) locked.files = createHash("sha256").update(JSON.stringify(node.files)).digest("hex").slice(0, 12);
  if (node.ip !== undefined) locked.address = node.ip;
  Object.assign(locked, platform.lock(node));
  return locked;
}

export function planMachinesLock(model: ClusterModel, platform: PlatformPlan, files: readonly PlannedFile[]): PlannedFile {
  const contents = renderMachinesLock(
    {
      platform: model.platform.kind,
      talos: model.talos.version,
      contract: model.talos.contract,
      kubernetes: model.kubernetes.version,
      nodes: Object.fromEntries(model.nodes.map((node) => [node.name, lockedNode(model, platform, node, files)])),
    },
    header("json", model.specPath),
  );
  return { path: MACHINES_LOCK, kind: "json", contents };
}
