import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { ClusterSpec, NodeSpec, TalosPatch } from "../types.js";
import { specPath } from "./paths.js";
import { rawPatches } from "./raw-patches.js";
import type { Rule, RuleContext } from "./rule.js";

/** A v1alpha1 field that Talos refuses beside a document the tree gives every node. */
export interface OwnedField {
  path: readonly string[];
  /** Whether the value counts as set, as Talos tests it. */
  isSet: (value: unknown) => boolean;
  document: "HostnameConfig" | "ResolverConfig" | "TimeSyncConfig" | "KubeSpanConfig";
  hint: string;
}

const present = (value: unknown): boolean => value !== undefined && value !== null;
const isTrue = (value: unknown): boolean => value === true;
const nonEmpty = (value: unknown): boolean => (Array.isArray(value) ? value.length > 0 : present(value) && value !== "");

/**
 * Each document's V1Alpha1ConflictValidate (machinery v1.13.9 and v1.14.1 config/types/network:
 * hostname.go, resolver.go, time_sync.go, kubespan.go) refuses the configuration when the v1alpha1 document
 * sets one of these, with the words "static hostname is already set in v1alpha1 config",
 * ".machine.network.nameservers is already set in v1alpha1 config", "time servers cannot be
 * specified in both v1alpha1 and new-style configuration". test/real/machine-configs.test.ts
 * has Talos v1.13.9 and v1.14.1 refuse each in a configuration of the reference tree.
 */
export const OWNED_FIELDS: readonly OwnedField[] = [
  { path: ["machine", "network", "hostname"], isSet: nonEmpty, document: "HostnameConfig", hint: "a node's hostname is its name in the spec (nodes[].name)" },
  // AutoHostname() is "stable" with the feature on.
  {
    path: ["machine", "features", "stableHostname"],
    isSet: isTrue,
    document: "HostnameConfig",
    hint: "the tree names every node after its name in the spec (nodes[].name)",
  },
  { path: ["machine", "network", "nameservers"], isSet: present, document: "ResolverConfig", hint: "say it in network.nameservers" },
  { path: ["machine", "network", "searchDomains"], isSet: present, document: "ResolverConfig", hint: "say it in network.searchDomains" },
  { path: ["machine", "network", "disableSearchDomain"], isSet: isTrue, document: "ResolverConfig", hint: "say it in network.disableDefaultSearchDomain" },
  // kubespan.go: any machine.network.kubespan block.
  { path: ["machine", "network", "kubespan"], isSet: present, document: "KubeSpanConfig", hint: "say it in network.kubespan" },
  { path: ["machine", "time", "servers"], isSet: nonEmpty, document: "TimeSyncConfig", hint: "say it in network.ntp" },
  {
    path: ["machine", "time", "disabled"],
    isSet: isTrue,
    document: "TimeSyncConfig",
    hint: "leave network.ntp and network.ptp out to keep time sync out of the tree",
  },
  {
    path: ["machine", "time", "bootTimeout"],
    isSet: nonEmpty,
    document: "TimeSyncConfig",
    hint: "leave network.ntp and network.ptp out to keep time sync out of the tree",
  },
];

/** Which of those documents the tree gives every node (src/plan/talos/patches.ts, documents.ts). */
function documentsOfTheTree(spec: ClusterSpec): Record<OwnedField["document"], string | undefined> {
  const network = spec.spec.network;
  const resolver =
    (network.nameservers ?? []).length > 0 ||
    (network.searchDomains ?? []).length > 0 ||
    network.disableDefaultSearchDomain === true ||
    spec.spec.nodes.some((node) => node.nameservers !== undefined);
  const timeSync = (network.ntp ?? []).length > 0 || (network.ptp ?? []).length > 0;
  return {
    // The talos-cluster module names every node with one (src/plan/talos/documents.ts hostnameConfig).
    HostnameConfig: "the nodes' names",
    ResolverConfig: resolver ? "network.nameservers, searchDomains, disableDefaultSearchDomain, nodes[].nameservers" : undefined,
    TimeSyncConfig: timeSync ? "network.ntp, ptp" : undefined,
    KubeSpanConfig: network.kubespan === undefined ? undefined : "network.kubespan",
  };
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * A v1alpha1 raw patch that sets a field the tree already says in a document of its own:
 * Talos refuses a configuration with both, so the apply would fail after a plan that looked
 * fine. Users bring such patches from talhelper or a hand-written module (nameservers, time
 * servers and hostnames in machine.network and machine.time), and machine.systemDiskEncryption
 * beside the volumes a node's settings encrypt.
 */
export const patchFields: Rule = (ctx) => {
  const documents = documentsOfTheTree(ctx.spec);
  for (const { patch, path } of rawPatches(ctx.spec)) {
    if (patch["kind"] !== undefined) continue;
    for (const field of OWNED_FIELDS) {
      const from = documents[field.document];
      if (from === undefined || !field.isSet(valueAt(patch, field.path))) continue;
      ctx.report({
        code: "spec/patch-field-conflict",
        message: `.${field.path.join(".")} in a v1alpha1 patch: the tree gives every node a ${field.document} document (from ${from}), and Talos refuses a configuration with both`,
        path: [...path, ...field.path],
        at: "key",
        hint: field.hint,
      });
    }
  }
  diskEncryption(ctx);
};

const SYSTEM_VOLUMES = ["state", "ephemeral"] as const;

/**
 * machine.systemDiskEncryption.<state|ephemeral> in a patch that reaches a node whose settings
 * encrypt that volume: the tree gives the node a VolumeConfig with encryption, and Talos refuses
 * both ("system disk encryption for "STATE" is configured in both v1alpha1.Config and
 * VolumeConfig", machinery v1.13.9 and v1.14.1 config/types/block/volume_config.go). A node's
 * system volumes are its role's, then its class's, then its own, volume by volume
 * (src/model/kubernetes-settings.ts nodeSettings).
 */
function diskEncryption(ctx: RuleContext): void {
  const body = ctx.spec.spec;
  const reported = new Set<string>();
  body.nodes.forEach((node, n) => {
    const encrypted = encryptedVolumes(ctx.spec, node);
    if (encrypted.length === 0) return;
    const reaching: Array<[TalosPatch, PathSegment[]]> = [];
    body.patches?.common?.forEach((patch, i) => reaching.push([patch, specPath("patches", "common", i)]));
    body.patches?.[node.role]?.forEach((patch, i) => reaching.push([patch, specPath("patches", node.role, i)]));
    node.patches?.forEach((patch, i) => reaching.push([patch, specPath("nodes", n, "patches", i)]));
    for (const [patch, path] of reaching) {
      if (patch["kind"] !== undefined) continue;
      for (const volume of encrypted) {
        const fieldPath = ["machine", "systemDiskEncryption", volume];
        const key = `${path.join("/")}/${volume}`;
        if (!present(valueAt(patch, fieldPath)) || reported.has(key)) continue;
        reported.add(key);
        ctx.report({
          code: "spec/patch-field-conflict",
          message: `.${fieldPath.join(".")} in a v1alpha1 patch: the tree encrypts ${volume.toUpperCase()} on ${node.name} with a VolumeConfig document (from volumes.${volume}.encryption), and Talos refuses a configuration with both`,
          path: [...path, ...fieldPath],
          at: "key",
          hint: `say it in volumes.${volume}.encryption`,
        });
      }
    }
  });
}

function encryptedVolumes(spec: ClusterSpec, node: NodeSpec): Array<(typeof SYSTEM_VOLUMES)[number]> {
  const nodeClass = node.class === undefined ? undefined : spec.spec.nodeClasses?.[node.class];
  const volumes = Object.assign({}, spec.spec.roles?.[node.role]?.volumes, nodeClass?.volumes, node.volumes);
  return SYSTEM_VOLUMES.filter((volume) => volumes[volume]?.encryption !== undefined);
}
