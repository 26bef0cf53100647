/** Helm-packaged add-ons (seed 002: cert-manager, metrics-server, the Hetzner cloud controller manager). */
import type { InstallMode } from "./cilium.js";

export type AddonId = "cert-manager" | "metrics-server" | "hcloud-ccm";

/** A chart of the spec's own (addons.charts), in spec order. */
export interface UserChartModel {
  /** The Helm release name; also names the module (modules/chart-<name>) and values file. */
  name: string;
  repository: string;
  chart: string;
  version: string;
  namespace: string;
  mode: InstallMode;
  values: Record<string, unknown>;
  /** Charts whose releases this one waits for. */
  after: string[];
}

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
  /** Releases (charts of the spec, or other add-ons by id) this one waits for (catalog/release-order.ts). */
  after: string[];
}
