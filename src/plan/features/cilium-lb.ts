/**
 * manifests/cilium-lb.yaml: the LoadBalancer IP pool and how its addresses are announced, by
 * the L2 announcement policy or the BGP control plane, of cni.cilium.loadBalancer. API versions
 * as Cilium 1.20 serves them: CiliumLoadBalancerIPPool and the BGP kinds (CiliumBGPClusterConfig,
 * CiliumBGPPeerConfig, CiliumBGPAdvertisement) are cilium.io/v2 (v2alpha1 still served,
 * deprecated), CiliumL2AnnouncementPolicy exists only as cilium.io/v2alpha1 (cilium/cilium
 * pkg/k8s/apis/cilium.io/client/crds/).
 */
import type { CiliumLoadBalancerModel, CiliumModel } from "../../model/cilium.js";
import type { ClusterModel } from "../../model/model.js";
import { emitYamlDocuments } from "../../render/yaml.js";
import { header, type PlannedFile } from "../planned-file.js";

export const CILIUM_LB_PATH = "manifests/cilium-lb.yaml";

/** One pool and one policy per cluster: cluster-scoped objects, named plainly. */
const OBJECT_NAME = "default";

/** The label Kubernetes puts on control-plane nodes (kubeadm and Talos alike). */
const CONTROL_PLANE_LABEL = "node-role.kubernetes.io/control-plane";

export function ciliumLbFile(model: ClusterModel, cilium: CiliumModel): PlannedFile | undefined {
  const lb = cilium.loadBalancer;
  if (lb === undefined) return undefined;
  const where = cilium.mode === "inline" ? "appended to the Cilium inline manifest" : "an inline manifest of its own";
  const comment =
    `# Created by Talos at bootstrap (${where}).\n` +
    "# Talos retries until the Cilium operator has registered the CRDs; changes reach the cluster\n" +
    "# with `talosctl upgrade-k8s` (see README.md).\n";
  return {
    path: CILIUM_LB_PATH,
    kind: "yaml",
    contents: `${header("yaml", model.specPath)}\n${comment}${emitYamlDocuments(lbDocuments(lb), { sortKeys: false })}`,
  };
}

function lbDocuments(lb: CiliumLoadBalancerModel): Array<Record<string, unknown>> {
  const documents: Array<Record<string, unknown>> = [];
  if (lb.blocks.length > 0) {
    documents.push({
      apiVersion: "cilium.io/v2",
      kind: "CiliumLoadBalancerIPPool",
      metadata: { name: OBJECT_NAME },
      spec: { blocks: lb.blocks.map((block) => ({ ...block })) },
    });
  }
  if (lb.l2 !== undefined) {
    const spec: Record<string, unknown> = { loadBalancerIPs: true };
    if (lb.l2.interfaces.length > 0) spec["interfaces"] = [...lb.l2.interfaces];
    if (lb.l2.excludeControlPlanes) {
      spec["nodeSelector"] = { matchExpressions: [{ key: CONTROL_PLANE_LABEL, operator: "DoesNotExist" }] };
    }
    documents.push({ apiVersion: "cilium.io/v2alpha1", kind: "CiliumL2AnnouncementPolicy", metadata: { name: OBJECT_NAME }, spec });
  }
  if (lb.bgp !== undefined) documents.push(...bgpDocuments(lb.bgp));
  return documents;
}

/** The label the peer configuration selects the advertisement by. */
const ADVERTISE_LABEL = { advertise: "load-balancer-ips" };

/**
 * The BGP control plane's three objects (Documentation/network/bgp-control-plane/
 * bgp-control-plane-configuration.rst): one BGP instance on every announcing node, peering
 * with each router; a peer configuration whose address families take the advertisement by its
 * label; and the advertisement of every Service's LoadBalancer IP (a NotIn expression on a key
 * no Service has selects them all, as the guide shows).
 */
function bgpDocuments(bgp: NonNullable<CiliumLoadBalancerModel["bgp"]>): Array<Record<string, unknown>> {
  const cluster: Record<string, unknown> = {
    bgpInstances: [
      {
        name: OBJECT_NAME,
        localASN: bgp.asn,
        peers: bgp.peers.map((peer) => ({ name: peer.name, peerASN: peer.asn, peerAddress: peer.address, peerConfigRef: { name: OBJECT_NAME } })),
      },
    ],
  };
  if (bgp.excludeControlPlanes) cluster["nodeSelector"] = { matchExpressions: [{ key: CONTROL_PLANE_LABEL, operator: "DoesNotExist" }] };
  return [
    { apiVersion: "cilium.io/v2", kind: "CiliumBGPClusterConfig", metadata: { name: OBJECT_NAME }, spec: cluster },
    {
      apiVersion: "cilium.io/v2",
      kind: "CiliumBGPPeerConfig",
      metadata: { name: OBJECT_NAME },
      spec: { families: bgp.families.map((afi) => ({ afi, safi: "unicast", advertisements: { matchLabels: { ...ADVERTISE_LABEL } } })) },
    },
    {
      apiVersion: "cilium.io/v2",
      kind: "CiliumBGPAdvertisement",
      metadata: { name: "load-balancer-ips", labels: { ...ADVERTISE_LABEL } },
      spec: {
        advertisements: [
          {
            advertisementType: "Service",
            service: { addresses: ["LoadBalancerIP"] },
            selector: { matchExpressions: [{ key: "talos-hclgen.io/no-such-label", operator: "NotIn", values: ["never-used-value"] }] },
          },
        ],
      },
    },
  ];
}
