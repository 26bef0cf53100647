/**
 * Every default the compiler applies, in one place. Versions come from data/versions.json
 * so that a version bump is a one-line data change (and a Renovate-friendly one).
 */
import versions from "../../data/versions.json" with { type: "json" };
import type { NodeRole } from "../spec/types.js";

export const DEFAULT_VERSIONS = versions.components;
export const PROVIDER_DEFAULTS: Record<string, { source: string; version: string }> = versions.providers;
export const REQUIRED_VERSION = versions.requiredVersion;

/** Image factory of Sidero Labs (https://www.talos.dev/v1.13/learn-more/image-factory/). */
export const FACTORY_URL = "https://factory.talos.dev";

export const DEFAULT_POD_SUBNETS = ["10.244.0.0/16"];
export const DEFAULT_SERVICE_SUBNETS = ["10.96.0.0/12"];
export const DEFAULT_DNS_DOMAIN = "cluster.local";
export const DEFAULT_API_PORT = 6443;
/** KubePrism, the node-local API load balancer; Talos enables it on 7445 for contracts >= 1.6. */
export const KUBEPRISM_PORT = 7445;
export const DEFAULT_INSTALL_DISK = "/dev/sda";
/** The agent lets Proxmox report addresses and shut VMs down cleanly. */
export const DEFAULT_EXTENSIONS = ["siderolabs/qemu-guest-agent"];

export const PROXMOX_DEFAULTS = {
  imageDatastore: "local",
  vmDatastore: "local-lvm",
  bridge: "vmbr0",
  sshUsername: "root",
  cpuType: "host",
} as const;

/** Proxmox Server Solutions' OUI, the prefix Proxmox itself gives generated MAC addresses. */
export const PROXMOX_MAC_PREFIX = "bc:24:11";

/** Sizing for nodes without a class: Talos's documented minimums, with headroom. */
export const ROLE_SIZING: Record<NodeRole, { cpu: number; memory: number; osDisk: number }> = {
  controlplane: { cpu: 2, memory: 4096, osDisk: 32 },
  worker: { cpu: 4, memory: 8192, osDisk: 64 },
};
