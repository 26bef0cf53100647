/**
 * Every feature but the platform's, in the order their sections appear in the root files and
 * their modules in the README. The platform's features come first (they create the machines:
 * src/platforms/<kind>/plan.ts), then the cluster, then what runs on it.
 */
import type { Feature } from "../feature.js";
import { talosCluster } from "./talos-cluster.js";
import { helmProvider } from "./helm-provider.js";
import { cilium } from "./cilium.js";
import { ADDON_FEATURES } from "./helm-addons.js";
import { userCharts } from "./user-charts.js";
import { argocd } from "./argocd.js";
import { flux } from "./flux.js";
import { tofuController } from "./tofu-controller.js";
import { userManifests } from "./user-manifests.js";

export const FEATURES: readonly Feature[] = [
  talosCluster,
  helmProvider,
  // The CNI, then the add-ons (cert-manager, metrics-server, hcloud CCM): their inline
  // manifests follow in this order.
  cilium,
  ...ADDON_FEATURES,
  // The spec's own charts (addons.charts), in spec order.
  userCharts,
  // GitOps last: it runs on the cluster (Argo CD inline manifests follow the CNI's).
  argocd,
  flux,
  tofuController,
  // The spec's own inline manifests come last: they may use what the CNI and add-ons bring.
  userManifests,
];
