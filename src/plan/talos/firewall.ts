/**
 * The nodes' ingress firewall (Talos v1.13 NetworkDefaultActionConfig and NetworkRuleConfig;
 * docs talos/v1.13 networking/ingress-firewall.mdx). With `block`, nftables drops whatever no
 * rule accepts, so the tree adds the rules the cluster itself needs, after Talos's recommended
 * rules: apid on every node (the tree applies each node's configuration there, from where
 * `tofu` runs, and control planes proxy talosctl to workers), trustd, etcd and the Kubernetes
 * API on control planes, the kubelet everywhere (metrics-server reaches it from a pod), the
 * CNI's encapsulation and health ports between nodes, WireGuard listen ports, and KubeSpan's
 * WireGuard port. Loopback, what arrives on the kubespan link, established connections,
 * rate-limited ICMP and pod-to-pod traffic stay allowed by Talos itself in block mode (v1.13.9
 * nftables_chain_config.go trusts the lo, siderolink and kubespan links): KubeSpan's encrypted
 * UDP arrives on the node's own links, which block drops, so a peer that must initiate (one
 * behind NAT) could never join without its rule.
 */
import { WIREGUARD_RULE_PREFIX } from "../../catalog/firewall-rule-names.js";
import type { ClusterModel, FirewallModel, NodeModel } from "../../model/model.js";
import type { FirewallRuleSpec, NodeRole } from "../../spec/types.js";

type Document = Record<string, unknown>;

const ANYWHERE = ["0.0.0.0/0", "::/0"];

/** Talos's own service ports (docs talos/v1.13 learn-more/talos-network-connectivity.mdx). */
const APID_PORT = 50000;
const TRUSTD_PORT = 50001;
const ETCD_PORTS = "2379-2380";
const KUBELET_PORT = 10250;
/**
 * Cilium's defaults (cilium v1.20.0 pkg/defaults/defaults.go TunnelPortVXLAN, TunnelPortGeneve,
 * ClusterHealthPort; pkg/hubble/defaults ServerPort); the chart's routingMode "" is tunnel and
 * tunnelProtocol "" is vxlan. Flannel's VXLAN on Linux uses the kernel's 8472/udp too.
 */
const VXLAN_PORT = 8472;
const GENEVE_PORT = 6081;
const CILIUM_HEALTH_PORT = 4240;
const HUBBLE_PORT = 4244;
/** KubeSpan's WireGuard listen port (talos v1.13.9 pkg/machinery/constants KubeSpanDefaultPort); Talos offers no setting for it. */
const KUBESPAN_PORT = 51820;

interface Rule {
  name: string;
  ports: Array<number | string>;
  protocol: "tcp" | "udp";
  from: readonly string[];
}

function ruleConfig(rule: Rule): Document {
  return {
    apiVersion: "v1alpha1",
    kind: "NetworkRuleConfig",
    name: rule.name,
    portSelector: { ports: [...rule.ports], protocol: rule.protocol },
    ingress: [...new Set(rule.from)].map((subnet) => ({ subnet })),
  };
}

function specRules(firewall: FirewallModel, applies: (roles: readonly NodeRole[]) => boolean): Document[] {
  return firewall.rules.filter((rule: FirewallRuleSpec) => applies(rule.roles ?? ["controlplane", "worker"])).map((rule) => ruleConfig(rule));
}

/** Every node's: the default action, the rules of every role, the spec's rules for every node. */
export function commonFirewallDocuments(model: ClusterModel): Document[] {
  const firewall = model.network.firewall;
  if (firewall === undefined) return [];
  const documents: Document[] = [{ apiVersion: "v1alpha1", kind: "NetworkDefaultActionConfig", ingress: firewall.ingress }];
  if (firewall.ingress === "block") {
    const cluster = [model.network.cidr];
    const pods = model.kubernetes.podSubnets;
    documents.push(ruleConfig({ name: "talos-apid", ports: [APID_PORT], protocol: "tcp", from: [...cluster, ...firewall.adminCidrs] }));
    documents.push(ruleConfig({ name: "kubelet", ports: [KUBELET_PORT], protocol: "tcp", from: [...cluster, ...pods] }));
    for (const rule of cniRules(model)) documents.push(ruleConfig(rule));
    // From anywhere, like a WireGuard tunnel's: a peer's public address behind NAT is not known
    // in advance (docs talos/v1.13 networking/kubespan.mdx: allow UDP 51820 inbound).
    if (model.network.kubespan !== undefined) documents.push(ruleConfig({ name: "kubespan", ports: [KUBESPAN_PORT], protocol: "udp", from: ANYWHERE }));
  }
  documents.push(...specRules(firewall, (roles) => roles.length === 2));
  return documents;
}

/** A role's: the control planes' services, and the spec's rules for that role alone. */
export function roleFirewallDocuments(model: ClusterModel, role: NodeRole): Document[] {
  const firewall = model.network.firewall;
  if (firewall === undefined) return [];
  const documents: Document[] = [];
  if (firewall.ingress === "block" && role === "controlplane") {
    const cluster = [model.network.cidr];
    documents.push(ruleConfig({ name: "talos-trustd", ports: [TRUSTD_PORT], protocol: "tcp", from: cluster }));
    // Pods reach the API server through the kubernetes Service, which lands on a node address.
    const api = [...cluster, ...model.kubernetes.podSubnets, ...firewall.adminCidrs];
    documents.push(ruleConfig({ name: "kubernetes-api", ports: [model.endpoint.apiServerPort], protocol: "tcp", from: api }));
    documents.push(ruleConfig({ name: "etcd", ports: [ETCD_PORTS], protocol: "tcp", from: etcdPeers(model) }));
  }
  documents.push(...specRules(firewall, (roles) => roles.length === 1 && roles[0] === role));
  return documents;
}

/** A node's: the listen port of each of its WireGuard tunnels, open to its peers wherever they are. */
export function nodeFirewallDocuments(model: ClusterModel, node: NodeModel): Document[] {
  if (model.network.firewall?.ingress !== "block") return [];
  return node.wireguard
    .filter((tunnel) => tunnel.listenPort !== undefined)
    .map((tunnel) => ruleConfig({ name: `${WIREGUARD_RULE_PREFIX}${tunnel.name}`, ports: [tunnel.listenPort ?? 0], protocol: "udp", from: ANYWHERE }));
}

/** The control planes' own addresses when all are known (Talos's recommended rule), else the node network. */
function etcdPeers(model: ClusterModel): string[] {
  const controlPlanes = model.nodes.filter((node) => node.role === "controlplane");
  const addresses = controlPlanes.map((node) => node.ip);
  if (addresses.some((ip) => ip === undefined)) return [model.network.cidr];
  return addresses.map((ip) => (ip?.includes(":") ? `${ip}/128` : `${ip}/32`));
}

/** The CNI's traffic between nodes: its tunnel (none with Cilium's native routing) and health checks. */
function cniRules(model: ClusterModel): Rule[] {
  const cluster = [model.network.cidr];
  const cni = model.cni;
  if (cni.kind === "flannel") return [{ name: "cni-vxlan", ports: [VXLAN_PORT], protocol: "udp", from: cluster }];
  if (cni.kind !== "cilium") return []; // a CNI the user installs brings its own rules
  const rules: Rule[] = [];
  const values = cni.values;
  if (values["routingMode"] !== "native") {
    rules.push(
      values["tunnelProtocol"] === "geneve"
        ? { name: "cni-geneve", ports: [GENEVE_PORT], protocol: "udp", from: cluster }
        : { name: "cni-vxlan", ports: [VXLAN_PORT], protocol: "udp", from: cluster },
    );
  }
  rules.push({ name: "cilium-health", ports: [CILIUM_HEALTH_PORT], protocol: "tcp", from: cluster });
  rules.push({ name: "hubble-peer", ports: [HUBBLE_PORT], protocol: "tcp", from: [...cluster, ...model.kubernetes.podSubnets] });
  return rules;
}
