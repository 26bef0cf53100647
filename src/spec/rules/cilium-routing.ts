import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * Cilium's native routing leaves routes to other nodes' pod CIDRs to the network: the agent
 * installs them itself only with autoDirectNodeRoutes (nodes on one L2 segment), BGP announces
 * them, or the routers already know them (cilium v1.20.0 chart values.yaml autoDirectNodeRoutes:
 * "Enable installation of PodCIDR routes between worker nodes if worker nodes share a common L2
 * network segment"). On Hetzner Cloud the cloud controller manager's route controller writes
 * them into the private network (the tree runs it with networking.enabled: addon-charts.ts);
 * KubeSpan routes them through its mesh.
 * Without any of these, pods reach no pod on another node: a warning, since the routers may
 * have been told by hand.
 */
export const ciliumRouting: Rule = (ctx) => {
  const cilium = ctx.spec.spec.cni?.cilium;
  const values = cilium?.values;
  if (values?.["routingMode"] !== "native") return;
  if (values["autoDirectNodeRoutes"] === true || cilium?.loadBalancer?.bgp !== undefined) return;
  if (ctx.spec.spec.platform.hcloud !== undefined && ctx.spec.spec.addons?.hcloudCcm !== undefined) return;
  // KubeSpan carries the pod networks between nodes (advertiseKubernetesNetworks; spec/kubespan
  // asks for it beside native routing).
  if (ctx.spec.spec.network.kubespan !== undefined) return;
  ctx.report({
    code: "spec/cilium-native-routing",
    severity: "warning",
    message: "cni.cilium.values.routingMode is native, but nothing routes the pod CIDRs between nodes: no autoDirectNodeRoutes, no BGP",
    path: specPath("cni", "cilium", "values", "routingMode"),
    hint: "set autoDirectNodeRoutes: true when the nodes share one L2 network, or have the routers learn each node's pod CIDR",
  });
};
