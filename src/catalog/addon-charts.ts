/**
 * Where each add-on's chart lives and the values it needs on Talos. Versions default to
 * data/versions.json (components); the spec's values are merged over these defaults.
 */
import type { AddonsSpec } from "../spec/types.js";
import type { AddonId } from "../model/addons.js";
import type { InstallMode } from "../model/cilium.js";
import { DEFAULT_VERSIONS } from "./defaults.js";

export interface AddonChart {
  id: AddonId;
  /** Key under spec.addons. */
  specKey: Exclude<keyof AddonsSpec, "charts">;
  repository: string;
  chart: string;
  defaultVersion: string;
  namespace: string;
  /** What the cluster needs at boot is inline; the rest is a helm_release, updated by every apply. */
  defaultMode: InstallMode;
  defaultValues(context: { podSubnets: readonly string[]; kubeletServingCerts: boolean }): Record<string, unknown>;
}

/** In spec order (spec.addons keys); the registry of features follows it too. */
export const ADDON_CHARTS: readonly AddonChart[] = [
  {
    id: "cert-manager",
    specKey: "certManager",
    repository: "https://charts.jetstack.io",
    chart: "cert-manager",
    defaultVersion: DEFAULT_VERSIONS.certManager,
    namespace: "cert-manager",
    defaultMode: "helm-release",
    // The chart installs its CRDs only when asked (crds.enabled, chart >= v1.15; cert-manager
    // docs, "Installing with Helm").
    defaultValues: () => ({ crds: { enabled: true } }),
  },
  {
    id: "metrics-server",
    specKey: "metricsServer",
    repository: "https://kubernetes-sigs.github.io/metrics-server/",
    chart: "metrics-server",
    defaultVersion: DEFAULT_VERSIONS.metricsServer,
    namespace: "kube-system",
    defaultMode: "helm-release",
    // Talos kubelets serve self-signed certificates unless they rotate serving certificates
    // signed by the cluster CA; metrics-server rejects the former unless told not to verify
    // (Talos guide "Deploy the Metrics Server"). kubeletTls verify (the default) takes the
    // rotated certificates (src/plan/talos/patches.ts), insecure skips the check.
    defaultValues: ({ kubeletServingCerts }) => (kubeletServingCerts ? {} : { args: ["--kubelet-insecure-tls"] }),
  },
  {
    id: "hcloud-ccm",
    specKey: "hcloudCcm",
    repository: "https://charts.hetzner.cloud",
    chart: "hcloud-cloud-controller-manager",
    defaultVersion: DEFAULT_VERSIONS.hcloudCcm,
    namespace: "kube-system",
    // Nodes keep the node.cloudprovider.kubernetes.io/uninitialized taint until it runs.
    defaultMode: "inline",
    // Routes for the pod network through the Hetzner private network; the chart reads the
    // token and network from the Secret "hcloud" (chart/values.yaml, env and networking).
    defaultValues: ({ podSubnets }) => ({
      networking: { enabled: true, clusterCIDR: podSubnets[0] ?? "" },
    }),
  },
];
