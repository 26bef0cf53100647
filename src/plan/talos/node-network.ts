/**
 * What every platform's node network documents share (src/platforms/<kind>/node-network.ts): the
 * alias of a NIC found by MAC, and whether a node carries the Layer 2 VIP. Each platform says
 * which documents its nodes need: Proxmox VMs take their addresses from the cloud-init drive
 * (nocloud) and hcloud servers from the cloud's metadata, so only the VIP's link is named there;
 * machines that already exist (metal) have no such source, so every NIC is configured with the
 * Talos 1.13 documents (https://www.talos.dev/v1.13/reference/configuration/network/).
 */
import type { ClusterModel, NodeModel } from "../../model/model.js";

/** The alias of a NIC Talos finds by MAC: net0 for the first one (it carries the node network and the VIP). */
export function nicAlias(index: number): string {
  return `net${index}`;
}

/** A control plane of a cluster whose endpoint is a Layer 2 VIP holds it in turn. */
export function carriesVip(model: ClusterModel, node: NodeModel): model is ClusterModel & { endpoint: { vip: string } } {
  return node.role === "controlplane" && model.endpoint.vip !== undefined;
}
