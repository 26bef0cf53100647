/**
 * Names of the ingress rules the tree writes (plan/talos/firewall.ts), and the prefix of the
 * per-tunnel ones: Talos wants every NetworkRuleConfig of a node named apart, so a spec rule
 * may not take one (spec/rules/firewall.ts).
 */
export const TREE_FIREWALL_RULES: ReadonlySet<string> = new Set([
  "talos-apid",
  "talos-trustd",
  "kubernetes-api",
  "etcd",
  "kubelet",
  "cni-vxlan",
  "cni-geneve",
  "cilium-health",
  "hubble-peer",
  "kubespan",
]);

export const WIREGUARD_RULE_PREFIX = "wireguard-";
