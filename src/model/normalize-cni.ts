/** spec.cni -> CniModel: Talos's flannel unless the spec says otherwise. */
import type { CiliumSpec, ClusterSpec } from "../spec/types.js";
import { ciliumRequirementOptions, requiredCiliumValues, talosCiliumRequirements } from "../catalog/cilium-on-talos.js";
import type { CiliumLoadBalancerModel, CiliumModel } from "./cilium.js";
import type { CniModel } from "./model.js";
import { DEFAULT_VERSIONS, SPEC_DEFAULTS } from "../catalog/defaults.js";
import { parseCidr } from "../base/net/cidr.js";
import { parseIp } from "../base/net/ip.js";
import { deepMerge } from "../base/deep-merge.js";

export function normalizeCni(spec: ClusterSpec): CniModel {
  const cni = spec.spec.cni;
  if (cni?.none !== undefined) return { kind: "none" };
  if (cni?.cilium === undefined) return { kind: "flannel" }; // Talos's own default CNI
  return normalizeCilium(spec, cni.cilium);
}

function normalizeCilium(spec: ClusterSpec, cilium: CiliumSpec): CiliumModel {
  const loadBalancer = normalizeLoadBalancer(cilium);
  const requirements = talosCiliumRequirements(ciliumRequirementOptions(spec));
  // The spec rules reject a user value that contradicts a requirement, so merging the user's
  // values over the required ones keeps every requirement (and the user's additions).
  const model: CiliumModel = {
    kind: "cilium",
    version: cilium.version ?? DEFAULT_VERSIONS.cilium,
    mode: cilium.mode ?? SPEC_DEFAULTS.CiliumSpec.mode,
    values: deepMerge(requiredCiliumValues(requirements), cilium.values ?? {}),
  };
  if (loadBalancer !== undefined) model.loadBalancer = loadBalancer;
  return model;
}

function normalizeLoadBalancer(cilium: CiliumSpec): CiliumLoadBalancerModel | undefined {
  const spec = cilium.loadBalancer;
  if (spec === undefined) return undefined;
  const model: CiliumLoadBalancerModel = {
    blocks: (spec.pools ?? []).map((pool) => ("cidr" in pool ? { cidr: pool.cidr } : { start: pool.start, stop: pool.stop })),
  };
  if (spec.l2 !== undefined) {
    model.l2 = {
      interfaces: spec.l2.interfaces ?? [],
      excludeControlPlanes: spec.l2.excludeControlPlanes ?? SPEC_DEFAULTS.CiliumSpec.loadBalancer.l2.excludeControlPlanes,
    };
  }
  if (spec.bgp !== undefined) {
    const families = new Set(model.blocks.map((block) => ("cidr" in block ? parseCidr(block.cidr) : parseIp(block.start))?.family));
    model.bgp = {
      asn: spec.bgp.asn,
      peers: spec.bgp.peers.map((peer, i) => ({ name: peer.name ?? `peer-${i + 1}`, address: peer.address, asn: peer.asn })),
      excludeControlPlanes: spec.bgp.excludeControlPlanes ?? SPEC_DEFAULTS.CiliumBgpSpec.excludeControlPlanes,
      families: families.has(6) ? (families.has(4) ? ["ipv4", "ipv6"] : ["ipv6"]) : ["ipv4"],
    };
  }
  if (model.l2 === undefined && model.bgp === undefined && model.blocks.length === 0) return undefined;
  return model;
}
