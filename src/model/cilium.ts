/**
 * Cilium as the model sees it: chart, install mode, the final Helm values (the Talos-required
 * values with the spec's merged over them), and the load-balancer objects to create.
 */

/**
 * inline: rendered by helm_template into cluster.inlineManifests of every control plane, so
 * the CNI comes up with the cluster; helm-release: a helm_release once the Kubernetes API
 * answers (the hcloud seed's way).
 */
export type InstallMode = "inline" | "helm-release";

export interface CiliumModel {
  kind: "cilium";
  version: string;
  mode: InstallMode;
  /** Helm values, final: src/catalog/cilium-on-talos.ts requirements with cni.cilium.values merged over. */
  values: Record<string, unknown>;
  loadBalancer?: CiliumLoadBalancerModel;
}

/** One block of a CiliumLoadBalancerIPPool: an inclusive range or a CIDR. */
export type LbBlockModel = { start: string; stop: string } | { cidr: string };

export interface CiliumLoadBalancerModel {
  /** The CiliumL2AnnouncementPolicy, when L2 announcements are on. */
  l2?: {
    /** Regular expressions of the interfaces that answer ARP; empty means every interface. */
    interfaces: string[];
    /** Only workers announce (the 000 seed's nodeSelector). */
    excludeControlPlanes: boolean;
  };
  /** The BGP announcement of service IPs (CiliumBGPClusterConfig and friends), when asked for. */
  bgp?: {
    asn: number;
    /** Named peer-<n> when the spec names none. */
    peers: Array<{ name: string; address: string; asn: number }>;
    excludeControlPlanes: boolean;
    /** Address families the routers learn routes of: those of the pools (IPv4 without any). */
    families: Array<"ipv4" | "ipv6">;
  };
  /** Blocks of the one CiliumLoadBalancerIPPool; empty when no pool is set. */
  blocks: LbBlockModel[];
}
