/**
 * What Talos requires of Cilium's Helm values, as data: the spec rule that rejects a
 * contradicting user value and the model that merges user values over these both read it,
 * so the check and the output can never disagree.
 *
 * Source: the Talos "Deploying Cilium CNI" guide (https://www.talos.dev/v1.13/kubernetes-guides/network/deploying-cilium/),
 * repeated by every reference module (see shared/research/anchors-terraform.md, section 3.7).
 */
import { DEFAULT_POD_SUBNETS, KUBEPRISM_PORT } from "./defaults.js";
import { isPlainMap } from "../base/deep-merge.js";
import { cidrContainsCidr, parseCidr } from "../base/net/cidr.js";
import type { ClusterSpec } from "../spec/types.js";

/** Capabilities the agent needs; Talos forbids SYS_MODULE, which Cilium's default list holds. */
export const CILIUM_AGENT_CAPABILITIES = [
  "CHOWN",
  "KILL",
  "NET_ADMIN",
  "NET_RAW",
  "IPC_LOCK",
  "SYS_ADMIN",
  "SYS_RESOURCE",
  "DAC_OVERRIDE",
  "FOWNER",
  "SETGID",
  "SETUID",
] as const;

export const CLEAN_CILIUM_STATE_CAPABILITIES = ["NET_ADMIN", "SYS_ADMIN", "SYS_RESOURCE"] as const;

export interface CiliumRequirement {
  /** Path in the Helm values. */
  path: readonly string[];
  /** The value the generated values file carries. */
  value: unknown;
  /** Whether a user's value at this path keeps the requirement. */
  accepts(value: unknown): boolean;
  /** What is wrong with a value it does not accept, when "is <value>" would say too little. */
  fault?(value: unknown): string | undefined;
  /** Why Talos needs it: the end of "... because <why>". */
  why: string;
  /** What the user may write instead (for the hint). */
  expected: string;
  /** Whose requirement it is, when not Talos's ("this cluster"). */
  neededBy?: string;
}

const exactly =
  (...allowed: readonly unknown[]) =>
  (value: unknown): boolean =>
    allowed.includes(value);

/** A user list may add capabilities, never drop a required one (Helm replaces lists whole). */
const containsAll =
  (required: readonly string[]) =>
  (value: unknown): boolean =>
    Array.isArray(value) && required.every((item) => value.includes(item));

/** "lacks SYS_ADMIN, SETUID" for a list; undefined for anything else (reported as is). */
const missingFrom =
  (required: readonly string[]) =>
  (value: unknown): string | undefined => {
    if (!Array.isArray(value)) return undefined;
    return `lacks ${required.filter((item) => !value.includes(item)).join(", ")}`;
  };

/**
 * Rendered inline, the chart is templated by helm_template at every plan, with no cluster to
 * look existing certificates up in: the default "helm" method of generating TLS material
 * (templates/hubble/tls-helm/*.yaml, clustermesh-apiserver/tls-helm/*.yaml call genCA and
 * genSignedCert) makes a new CA and keys each time, so every control plane would show a
 * change on every plan and carry private keys in its machine configuration. cronJob
 * generates them in the cluster (certgen); cert-manager issues them there.
 * Source: cilium v1.20.0 install/kubernetes/cilium/values.yaml (hubble.tls.auto.method);
 * Documentation/observability/hubble/configuration/tls.rst ("re-generated every time Helm is used").
 */
const IN_CLUSTER_TLS = ["cronJob", "certmanager"] as const;

export interface CiliumRequirementOptions {
  l2Announcements: boolean;
  /** cni.cilium.mode is inline (the default): the chart is rendered client-side at plan time. */
  inline: boolean;
  /** KubeSpan beside Cilium's native routing: eBPF host routing would bypass KubeSpan's routes. */
  kubespanNativeRouting?: boolean;
  /** cni.cilium.loadBalancer.bgp: the agent runs the BGP control plane. */
  bgp?: boolean;
  /** Address families of kubernetes.podSubnets; absent: IPv4 only (the default subnet's). */
  podFamilies?: { ipv4: boolean; ipv6: boolean };
  /**
   * Native routing (values.routingMode native) with masquerading on: the pod subnet of each
   * family that Cilium must not masquerade, when there is one of that family.
   */
  nativeRouting?: { ipv4?: string; ipv6?: string };
}

/** The options the spec implies: the model's values and the values rule must agree. */
export function ciliumRequirementOptions(spec: ClusterSpec): CiliumRequirementOptions {
  const cilium = spec.spec.cni?.cilium;
  const families = new Set((spec.spec.kubernetes?.podSubnets ?? DEFAULT_POD_SUBNETS).map((text) => parseCidr(text)?.family));
  return {
    l2Announcements: cilium?.loadBalancer?.l2 !== undefined,
    inline: (cilium?.mode ?? "inline") === "inline",
    ...(cilium?.loadBalancer?.bgp !== undefined ? { bgp: true } : {}),
    ...(spec.spec.network.kubespan !== undefined && cilium?.values?.["routingMode"] === "native" ? { kubespanNativeRouting: true } : {}),
    // Only an IPv6 pod subnet adds requirements, so IPv4 clusters keep the values they had.
    ...(families.has(6) ? { podFamilies: { ipv4: families.has(4), ipv6: true } } : {}),
    ...nativeRoutingOption(spec),
  };
}

/**
 * With routingMode native, Cilium sends traffic to ipv4NativeRoutingCIDR (ipv6NativeRoutingCIDR)
 * as it is and masquerades the rest (cilium v1.20.0 chart values.yaml: "Allows to explicitly
 * specify the IPv4 CIDR for native routing ... without applying any SNAT"); the chart refuses
 * native routing without it while masquerading (templates/cilium-configmap.yaml, "must be set
 * when routingMode is native"), and so does the agent. The pod subnet is the CIDR: pod-to-pod
 * traffic then keeps its addresses. A family with masquerading off (enableIPv4Masquerade:
 * false, or the ip-masq-agent deciding) needs none; several pod subnets of one family, no
 * single default.
 */
function nativeRoutingOption(spec: ClusterSpec): Pick<CiliumRequirementOptions, "nativeRouting"> {
  const values = spec.spec.cni?.cilium?.values ?? {};
  if (values["routingMode"] !== "native") return {};
  const masqAgent = isPlainMap(values["ipMasqAgent"]) && values["ipMasqAgent"]["enabled"] === true;
  const subnets = spec.spec.kubernetes?.podSubnets ?? DEFAULT_POD_SUBNETS;
  const only = (family: 4 | 6): string | undefined => {
    const ofFamily = subnets.filter((text) => parseCidr(text)?.family === family);
    return ofFamily.length === 1 ? ofFamily[0] : undefined;
  };
  const option: { ipv4?: string; ipv6?: string } = {};
  const ipv4 = only(4);
  const ipv6 = only(6);
  if (ipv4 !== undefined && values["enableIPv4Masquerade"] !== false && !masqAgent) option.ipv4 = ipv4;
  if (ipv6 !== undefined && values["enableIPv6Masquerade"] !== false && !masqAgent) option.ipv6 = ipv6;
  return Object.keys(option).length === 0 ? {} : { nativeRouting: option };
}

/** A CIDR string that holds `subnet`. */
const holds =
  (subnet: string) =>
  (value: unknown): boolean => {
    const inner = parseCidr(subnet);
    const outer = typeof value === "string" ? parseCidr(value) : undefined;
    return inner !== undefined && outer !== undefined && outer.family === inner.family && cidrContainsCidr(outer, inner);
  };

/** Every value Talos requires, in the order the guide lists them. */
export function talosCiliumRequirements(options: CiliumRequirementOptions): CiliumRequirement[] {
  const requirements: CiliumRequirement[] = [
    {
      path: ["ipam", "mode"],
      value: "kubernetes",
      accepts: exactly("kubernetes"),
      why: "Talos hands out pod CIDRs through Kubernetes (kube-controller-manager allocates them from kubernetes.podSubnets), so Cilium must take them from the Node objects",
      expected: '"kubernetes"',
    },
    {
      path: ["kubeProxyReplacement"],
      value: true,
      accepts: exactly(true, "true"),
      why: "the generated Talos configuration disables kube-proxy (cluster.proxy.disabled), so without the replacement no Service would work",
      expected: "true",
    },
    {
      path: ["k8sServiceHost"],
      value: "localhost",
      accepts: exactly("localhost", "127.0.0.1"),
      why: "Cilium starts before any Service works and reaches the API through KubePrism, which listens on every node's loopback",
      expected: '"localhost"',
    },
    {
      path: ["k8sServicePort"],
      value: KUBEPRISM_PORT,
      accepts: exactly(KUBEPRISM_PORT, String(KUBEPRISM_PORT)),
      why: `KubePrism listens on port ${KUBEPRISM_PORT} (machine.features.kubePrism in the generated patches)`,
      expected: String(KUBEPRISM_PORT),
    },
    {
      path: ["cgroup", "autoMount", "enabled"],
      value: false,
      accepts: exactly(false),
      why: "Talos already mounts cgroup v2 and its root filesystem is read-only",
      expected: "false",
    },
    {
      path: ["cgroup", "hostRoot"],
      value: "/sys/fs/cgroup",
      accepts: exactly("/sys/fs/cgroup"),
      why: "that is where Talos mounts cgroup v2",
      expected: '"/sys/fs/cgroup"',
    },
    {
      path: ["securityContext", "capabilities", "ciliumAgent"],
      value: [...CILIUM_AGENT_CAPABILITIES],
      accepts: containsAll(CILIUM_AGENT_CAPABILITIES),
      fault: missingFrom(CILIUM_AGENT_CAPABILITIES),
      why: "Helm replaces a list whole, and the agent needs every one of these on Talos",
      expected: `a list holding ${CILIUM_AGENT_CAPABILITIES.join(", ")}`,
    },
    {
      path: ["securityContext", "capabilities", "cleanCiliumState"],
      value: [...CLEAN_CILIUM_STATE_CAPABILITIES],
      accepts: containsAll(CLEAN_CILIUM_STATE_CAPABILITIES),
      fault: missingFrom(CLEAN_CILIUM_STATE_CAPABILITIES),
      why: "Helm replaces a list whole and the clean-state init container needs every one of these",
      expected: `a list holding ${CLEAN_CILIUM_STATE_CAPABILITIES.join(", ")}`,
    },
  ];
  if (options.inline) {
    for (const path of [
      ["hubble", "tls", "auto", "method"],
      ["clustermesh", "apiserver", "tls", "auto", "method"],
    ]) {
      requirements.push({
        path,
        value: "cronJob",
        accepts: exactly(...IN_CLUSTER_TLS),
        why: "inline manifests are rendered by helm_template at every plan, and the chart's default method (helm) generates a new CA and keys each time: every control plane would change on every plan and hold private keys in its configuration",
        expected: '"cronJob" or "certmanager"',
      });
    }
  }
  // The agent hands out pod addresses of a family only when it is enabled (values.yaml ipv4.enabled
  // true, ipv6.enabled false by default; IPAM "kubernetes" reads each family's range from the
  // Node's podCIDRs).
  if (options.podFamilies?.ipv6 === true) {
    requirements.push({
      path: ["ipv6", "enabled"],
      value: true,
      accepts: exactly(true),
      why: "kubernetes.podSubnets has an IPv6 block, and Cilium gives pods IPv6 addresses only with IPv6 enabled",
      expected: "true",
    });
  }
  if (options.podFamilies !== undefined && !options.podFamilies.ipv4) {
    requirements.push({
      path: ["ipv4", "enabled"],
      value: false,
      accepts: exactly(false),
      why: "kubernetes.podSubnets has no IPv4 block, so Kubernetes gives the nodes no IPv4 pod range for Cilium to hand out",
      expected: "false",
    });
  }
  for (const [family, subnet] of [
    ["ipv4", options.nativeRouting?.ipv4],
    ["ipv6", options.nativeRouting?.ipv6],
  ] as const) {
    if (subnet === undefined) continue;
    requirements.push({
      path: [`${family}NativeRoutingCIDR`],
      value: subnet,
      accepts: holds(subnet),
      fault: (value) => (typeof value === "string" ? `does not hold the pod subnet ${subnet}` : undefined),
      why: `with routingMode native Cilium masquerades every ${family === "ipv4" ? "IPv4" : "IPv6"} destination outside it, pods included, and the chart and the agent refuse native routing without it`,
      expected: `"${subnet}" (kubernetes.podSubnets), or a CIDR that holds it`,
      neededBy: "native routing",
    });
  }
  if (options.kubespanNativeRouting === true) {
    requirements.push({
      path: ["bpf", "hostLegacyRouting"],
      value: true,
      accepts: exactly(true),
      why: "with KubeSpan, Cilium's native routing needs the kernel's routing table, which eBPF host routing bypasses (Talos v1.13 KubeSpan guide, Cilium compatibility)",
      expected: "true",
    });
  }
  if (options.bgp === true) {
    requirements.push({
      path: ["bgpControlPlane", "enabled"],
      value: true,
      accepts: exactly(true),
      why: "cni.cilium.loadBalancer.bgp asks for BGP announcements, which only the agent's BGP control plane makes (Documentation/network/bgp-control-plane/bgp-control-plane.rst)",
      expected: "true",
    });
  }
  if (options.l2Announcements) {
    requirements.push({
      path: ["l2announcements", "enabled"],
      value: true,
      accepts: exactly(true),
      why: "cni.cilium.loadBalancer.l2 asks for L2 announcements, which the agent only makes when the feature is on (https://docs.cilium.io/en/stable/network/l2-announcements/)",
      expected: "true",
    });
  }
  return requirements;
}

/** A nested map of every required value, the base the user's values are merged over. */
export function requiredCiliumValues(requirements: readonly CiliumRequirement[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const requirement of requirements) {
    let node = root;
    const parents = requirement.path.slice(0, -1);
    for (const key of parents) {
      const next = node[key];
      if (isPlainMap(next)) node = next;
      else {
        const created: Record<string, unknown> = {};
        node[key] = created;
        node = created;
      }
    }
    const last = requirement.path[requirement.path.length - 1];
    if (last !== undefined) node[last] = requirement.value;
  }
  return root;
}
