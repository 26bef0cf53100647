/** Helm-packaged add-ons (seed 002: cert-manager, metrics-server, the Hetzner cloud controller manager). */
import type { InstallMode } from "./cilium.js";

export type AddonId = "cert-manager" | "metrics-server" | "hcloud-ccm";

export interface AddonModel {
  /** Also the module folder and the Helm release name. */
  id: AddonId;
  chart: string;
  repository: string;
  version: string;
  namespace: string;
  mode: InstallMode;
  /** Helm values, final: the add-on's defaults with the spec's merged over them. */
  values: Record<string, unknown>;
}
