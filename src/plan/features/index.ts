/**
 * Every feature, in the order their sections appear in the root files and their modules in
 * the README. Platforms first (they create the machines), then the cluster, then what runs
 * on it.
 */
import type { Feature } from "../feature.js";
import { proxmoxNodes } from "./proxmox-nodes.js";
import { talosCluster } from "./talos-cluster.js";

export const FEATURES: readonly Feature[] = [proxmoxNodes, talosCluster];
