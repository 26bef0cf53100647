/**
 * The README's view of the Helm charts of the tree (Cilium, the add-ons, the spec's own): how each is
 * installed, where its values are, and how it is upgraded. Inline manifests are created by
 * Talos at bootstrap and never updated; `talosctl upgrade-k8s` re-applies them (Talos docs,
 * "inlineManifests and extraManifests"; siderolabs/go-kubernetes manifests.Sync).
 */
import { chartValuesPath } from "../catalog/chart-names.js";
import type { CiliumLoadBalancerModel } from "../model/cilium.js";
import type { ClusterModel } from "../model/model.js";

interface ChartRow {
  title: string;
  version: string;
  how: string;
  valuesPath: string;
}

const ADDON_TITLES = { "cert-manager": "cert-manager", "metrics-server": "metrics-server", "hcloud-ccm": "hcloud-cloud-controller-manager" } as const;

const HOW = { inline: "inline manifest (helm_template)", "helm-release": "helm_release after the health check" } as const;

/** What manifests/cilium-lb.yaml holds, for the README's sentence. */
function loadBalancerWhat(lb: CiliumLoadBalancerModel): string {
  if (lb.bgp === undefined) return "The LoadBalancer IP pool and the L2 announcement policy";
  const peers = lb.bgp.peers.map((p) => `${p.address} (AS ${p.asn})`).join(", ");
  return `The LoadBalancer IP pool and its BGP announcement from AS ${lb.bgp.asn} to ${peers} (CiliumBGPClusterConfig, CiliumBGPPeerConfig, CiliumBGPAdvertisement)`;
}

export function chartsView(model: ClusterModel) {
  const rows: Array<ChartRow & { mode: keyof typeof HOW }> = [];
  if (model.cni.kind === "cilium") {
    rows.push({ title: "cilium", version: model.cni.version, mode: model.cni.mode, how: HOW[model.cni.mode], valuesPath: "values/cilium.yaml" });
  }
  for (const addon of model.addons) {
    rows.push({ title: ADDON_TITLES[addon.id], version: addon.version, mode: addon.mode, how: HOW[addon.mode], valuesPath: `values/${addon.id}.yaml` });
  }
  for (const chart of model.charts) {
    rows.push({ title: chart.name, version: chart.version, mode: chart.mode, how: HOW[chart.mode], valuesPath: chartValuesPath(chart.name) });
  }
  const released = rows.filter((r) => r.mode === "helm-release").map((r) => r.title);
  const ciliumInline = model.cni.kind === "cilium" && model.cni.mode === "inline";
  // Inline manifests besides an inline Cilium: inline add-ons, Argo CD, and the load-balancer
  // manifest that stays inline when Cilium itself is a Helm release.
  const otherInline =
    rows.some((r) => r.mode === "inline" && r.title !== "cilium") ||
    model.gitops.argocd !== undefined ||
    (model.cni.kind === "cilium" && model.cni.mode === "helm-release" && model.cni.loadBalancer !== undefined);
  return {
    present: rows.length > 0,
    rows,
    ciliumInline,
    otherInline,
    loadBalancer: model.cni.kind === "cilium" && model.cni.loadBalancer !== undefined ? loadBalancerWhat(model.cni.loadBalancer) : null,
    hcloudSecret: model.addons.some((a) => a.id === "hcloud-ccm"),
    released: released.length === 0 ? null : released.map((t) => `\`${t}\``).join(", "),
  };
}
