import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * network.kubespan. Talos refuses KubeSpan without the discovery service, where peers find each
 * other (machinery v1alpha1_validation.go: ".cluster.discovery should be enabled when
 * .machine.network.kubespan is enabled"). Beside Cilium's native routing, KubeSpan must carry
 * the Kubernetes networks too, or pod traffic leaves by one path and returns by another (Talos
 * v1.13 KubeSpan guide, "Cilium compatibility limitations"; the required Cilium value is
 * bpf.hostLegacyRouting, src/catalog/cilium-on-talos.ts).
 */
export const kubespan: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const kubespanSpec = s.network.kubespan;
  if (kubespanSpec === undefined) return;
  if (s.talos?.discovery === false) {
    ctx.report({
      code: "spec/kubespan",
      message: "KubeSpan finds its peers through the discovery service, which talos.discovery: false turns off",
      path: specPath("talos", "discovery"),
      hint: "remove talos.discovery: false (an air gap needs a discovery service of its own), or remove network.kubespan",
    });
  }
  if (s.cni?.cilium?.values?.["routingMode"] === "native" && kubespanSpec.advertiseKubernetesNetworks !== true) {
    ctx.report({
      code: "spec/kubespan",
      message: "Cilium routes natively, so KubeSpan must carry the Kubernetes networks too, or pod traffic comes back by another path",
      path: specPath("network", "kubespan"),
      at: "key",
      hint: "set network.kubespan.advertiseKubernetesNetworks: true, or leave Cilium's routingMode at its tunnel default",
    });
  }
};
