/**
 * manifests/cilium-lb.yaml: the LoadBalancer IP pool and the L2 announcement policy of
 * cni.cilium.loadBalancer. API versions as Cilium 1.20 serves them: CiliumLoadBalancerIPPool
 * is cilium.io/v2 (v2alpha1 still served, deprecated), CiliumL2AnnouncementPolicy exists only
 * as cilium.io/v2alpha1 (cilium/cilium pkg/k8s/apis/cilium.io/client/crds/).
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
  return documents;
}
