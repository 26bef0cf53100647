/**
 * The tree's machines.lock.json (src/lock/machines-lock.ts): each node's machine as this build
 * makes it, the image it runs, and a digest of everything its Talos configuration is made of, so
 * the next build can tell an upgrade, a reboot or a replacement from a configuration update.
 */
import { createHash } from "node:crypto";
import { parseAllDocuments } from "yaml";
import { chartValuesPath } from "../catalog/chart-names.js";
import { bootOnlyFields } from "../catalog/talos-boot-only-fields.js";
import type { ClassSchematicModel, ClusterModel, NodeModel, TalosModel } from "../model/model.js";
import { DIGESTS, MACHINES_LOCK, renderMachinesLock, type LockedNode } from "../lock/machines-lock.js";
import { header, type PlannedFile } from "./planned-file.js";
import type { PlatformPlan } from "./platform-part.js";
import { rolloutOrder } from "./rollout.js";
import { systemVolumeConfigs } from "./talos/documents.js";

function digest(...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex").slice(0, 12);
}

interface FileGroup {
  /** Of the files' paths and contents. */
  digest: string;
  /** Of what the group's patches set that a running node takes only at boot, or "" if nothing. */
  boot: string;
}

/**
 * The files each node's configuration is made of, grouped once: the common layer, each role's,
 * the inline manifests' values and manifests (control planes), each node's own. A node's digest
 * then reads its groups' digests, so the lock takes linear time in nodes and files.
 */
function fileGroups(model: ClusterModel, files: readonly PlannedFile[]): Map<string, FileGroup> {
  // The values of the spec's own helm-release charts never reach a node (a release reads them).
  const released = new Set(model.charts.filter((chart) => chart.mode === "helm-release").map((chart) => chartValuesPath(chart.name)));
  const grouped = new Map<string, PlannedFile[]>();
  const add = (key: string, file: PlannedFile) => grouped.set(key, [...(grouped.get(key) ?? []), file]);
  for (const file of files) {
    if (released.has(file.path)) continue;
    const path = file.path;
    if (path.startsWith("patches/common.")) add("common", file);
    else if (path.startsWith("patches/controlplane.")) add("controlplane", file);
    else if (path.startsWith("patches/worker.")) add("worker", file);
    else if (path.startsWith("patches/nodes/")) add(`node:${path.slice("patches/nodes/".length).split(".")[0] ?? ""}`, file);
    else if (path.startsWith("values/") || path.startsWith("manifests/")) add("inline", file);
  }
  return new Map(
    [...grouped].map(([key, group]) => [
      key,
      {
        digest: digest(...group.flatMap((file) => [file.path, file.contents])),
        boot: key === "inline" ? "" : bootDigest(group),
      },
    ]),
  );
}

/** The boot-only fields (src/catalog/talos-boot-only-fields.ts) the patch files set, in order. */
function bootDigest(patches: readonly PlannedFile[]): string {
  const fields = patches.flatMap((file) => parseAllDocuments(file.contents).flatMap((document) => bootOnlyFields(document.toJS()) ?? []));
  return fields.length === 0 ? "" : digest(JSON.stringify(fields));
}

/**
 * What a node's configuration is built from in the tree: the cluster's Talos settings (its
 * installer among them) and endpoint, the patch files of its layers, the values and manifests
 * that become inline manifests (control planes). A change in any of them reaches the node at the
 * next apply. The Kubernetes version is not: the rollout leaves Kubernetes' images to
 * upgrade-k8s (talos_machine ignore_kubernetes_upgrade_drift), so a bump reconfigures nothing.
 */
function configurationDigest(model: ClusterModel, node: NodeModel, schematic: string, groups: ReadonlyMap<string, FileGroup>): string {
  // Where the secrets come from is not part of a configuration (the secrets are, and they never
  // change): left out, so that adopting a cluster or not keeps the digests. Of the images, only
  // the node's own reaches its configuration (machine.install.image): another class's new image
  // changes nothing here.
  const { secrets: _source, classSchematics: _classes, extensions: _e, extraKernelArgs: _k, overlay: _o, meta: _m, ...talos } = model.talos;
  return digest(
    JSON.stringify([talos, schematic, model.endpoint.url, model.name]),
    ...layers(node).map((key) => groups.get(key)?.digest ?? ""),
    // Services and tunnels with secrets are built in the root module, not in a patch file: their
    // spec (names of variables, never values) stands for them.
    JSON.stringify([node.extensionServices, node.wireguard]),
  );
}

/** The groups a node's configuration is made of, in the order Talos merges them. */
function layers(node: NodeModel): string[] {
  return ["common", node.role, node.role === "controlplane" ? "inline" : "", `node:${node.name}`];
}

/**
 * The node's STATE and EPHEMERAL documents, apart: Talos applies them only when it provisions a
 * volume (src/plan/talos/documents.ts systemVolumeConfigs), so the impact report can say that an
 * installed node will not follow an edit of them.
 */
function volumesDigest(node: NodeModel): string | undefined {
  const documents = systemVolumeConfigs(node.systemVolumes);
  if (documents.length === 0) return undefined;
  return digest(JSON.stringify(documents));
}

/** What the node's installer is made of: its image's schematic (extensions, kernel arguments, overlay, META). */
function schematicDigest(talos: TalosModel, schematic: ClassSchematicModel | undefined): string {
  const source = schematic ?? talos;
  return digest(JSON.stringify([source.extensions, source.extraKernelArgs, source.overlay ?? null, source.meta ?? []]));
}

function lockedNode(model: ClusterModel, platform: PlatformPlan, node: NodeModel, step: number, groups: ReadonlyMap<string, FileGroup>): LockedNode {
  const schematic = schematicDigest(
    model.talos,
    model.talos.classSchematics.find((s) => s.name === node.schematic),
  );
  const locked: LockedNode = { role: node.role, step, configuration: configurationDigest(model, node, schematic, groups), schematic };
  if (node.schematic !== undefined) locked.installer = node.schematic;
  const volumes = volumesDigest(node);
  if (volumes !== undefined) locked.volumes = volumes;
  // What only a boot applies (machine files among them): the impact report says when it does.
  const boot = layers(node).map((key) => groups.get(key)?.boot ?? "");
  if (boot.some((part) => part !== "")) locked.boot = digest(...boot);
  if (node.ip !== undefined) locked.address = node.ip;
  Object.assign(locked, platform.lock(node));
  return locked;
}

export function planMachinesLock(model: ClusterModel, platform: PlatformPlan, files: readonly PlannedFile[]): PlannedFile {
  const groups = fileGroups(model, files);
  const steps = new Map(rolloutOrder(model).map((step) => [step.node.name, step.step]));
  const contents = renderMachinesLock(
    {
      platform: model.platform.kind,
      cluster: model.name,
      talos: model.talos.version,
      contract: model.talos.contract,
      kubernetes: model.kubernetes.version,
      digests: DIGESTS,
      nodes: Object.fromEntries(model.nodes.map((node) => [node.name, lockedNode(model, platform, node, steps.get(node.name) ?? 0, groups)])),
      ...(model.goneNodes.length === 0 ? {} : { gone: Object.fromEntries(model.goneNodes.map((node) => [node.name, node.role])) }),
    },
    header("json", model.specPath),
  );
  return { path: MACHINES_LOCK, kind: "json", contents };
}
