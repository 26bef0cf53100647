import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { DEFAULT_POD_SUBNETS, DEFAULT_SERVICE_SUBNETS } from "../../catalog/defaults.js";
import { parseCidr, type Cidr } from "../../base/net/cidr.js";
import { FAMILY_BITS, type IpFamily } from "../../base/net/ip.js";
import { displayPath } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule, RuleContext } from "./rule.js";

/**
 * Pod and service subnets, one block per address family (single stack: one block; dual stack:
 * one IPv4 and one IPv6), the same families in both lists, and sizes Kubernetes accepts:
 * - kube-apiserver takes a service range of at most 20 host bits (/12 IPv4, /108 IPv6:
 *   cmd/kube-apiserver/app/options/validation.go validateMaxCIDRRange);
 * - kube-controller-manager carves each node's pod range out of the pod subnet, /24 (IPv4) and
 *   /64 (IPv6) unless --node-cidr-mask-size-ipv4/-ipv6 say otherwise, and refuses a subnet
 *   more than 16 bits wider than those ranges (nodeipam cidrset/cidr_set.go
 *   clusterSubnetMaxDiff); a subnet holds one range per node of the spec, or some nodes get
 *   no pod range. Talos passes the subnets as they are and sets only allocate-node-cidrs
 *   (machined controllers/k8s/control_plane_static_pod.go); its kubelets take node IPs of the
 *   service subnets' families (nodeip_config.go ipSubnetsFromServiceCIDRs), so a dual-stack
 *   cluster needs both lists dual-stack.
 */
export const clusterSubnetFamilies: Rule = (ctx) => {
  const kubernetes = ctx.spec.spec.kubernetes;
  const pods = blocks(kubernetes?.podSubnets, DEFAULT_POD_SUBNETS, "podSubnets");
  const services = blocks(kubernetes?.serviceSubnets, DEFAULT_SERVICE_SUBNETS, "serviceSubnets");
  oneBlockPerFamily(ctx, pods);
  oneBlockPerFamily(ctx, services);
  sameFamilies(ctx, pods, services);
  for (const block of services) {
    const hostBits = FAMILY_BITS[block.cidr.family] - block.cidr.prefix;
    if (block.isDefault || hostBits <= MAX_SERVICE_HOST_BITS) continue;
    ctx.report({
      code: "spec/service-subnet-size",
      message: `${displayPath(block.path)} ${block.text} is too large: kube-apiserver takes a service range of at most ${MAX_SERVICE_HOST_BITS} host bits`,
      path: block.path,
      hint: `use a /${FAMILY_BITS[block.cidr.family] - MAX_SERVICE_HOST_BITS} or smaller (e.g. ${block.cidr.family === 4 ? "10.96.0.0/12" : "fd00:10:96::/112"})`,
    });
  }
  const nodes = ctx.spec.spec.nodes.length;
  const extraArgs = kubernetes?.controllerManager?.extraArgs ?? {};
  for (const block of pods) {
    const family = block.cidr.family;
    const dualStack = new Set(pods.map((p) => p.cidr.family)).size > 1;
    const nodeMask = nodeMaskSize(extraArgs, family, dualStack);
    const bits = nodeMask - block.cidr.prefix;
    const problem =
      bits < 0
        ? `is smaller than one node's pod range (/${nodeMask})`
        : bits > MAX_NODE_RANGE_BITS
          ? `is more than ${MAX_NODE_RANGE_BITS} bits wider than the /${nodeMask} node ranges, which kube-controller-manager refuses`
          : 2 ** bits < nodes
            ? `has room for ${2 ** bits} node range${bits === 0 ? "" : "s"} of /${nodeMask}, and the spec has ${nodes} nodes`
            : undefined;
    if (problem === undefined) continue;
    const widest = nodeMask - MAX_NODE_RANGE_BITS;
    ctx.report({
      code: "spec/pod-subnet-size",
      // A default has no place in the file: the nodes are what outgrew it.
      message: `${block.isDefault ? `the default ${displayPath(block.path.slice(0, -1))}` : displayPath(block.path)} ${block.text} ${problem}`,
      path: block.isDefault ? specPath("nodes") : block.path,
      hint: `${block.isDefault ? "set kubernetes.podSubnets to a block" : "use a prefix"} between /${Math.max(widest, 0)} and /${nodeMask - Math.ceil(Math.log2(Math.max(nodes, 1)))} (each node takes a /${nodeMask}: kube-controller-manager --node-cidr-mask-size-ipv${family})`,
    });
  }
};

const MAX_SERVICE_HOST_BITS = 20;
const MAX_NODE_RANGE_BITS = 16;
/** kube-controller-manager's defaults for --node-cidr-mask-size-ipv4 and -ipv6. */
const DEFAULT_NODE_MASK: Readonly<Record<IpFamily, number>> = { 4: 24, 6: 64 };

interface Block {
  path: PathSegment[];
  text: string;
  cidr: Cidr;
  isDefault: boolean;
}

function blocks(texts: readonly string[] | undefined, defaults: readonly string[], field: string): Block[] {
  const isDefault = texts === undefined;
  return (texts ?? defaults).flatMap((text, i) => {
    const cidr = parseCidr(text);
    return cidr === undefined ? [] : [{ path: specPath("kubernetes", field, i), text, cidr, isDefault }];
  });
}

function nodeMaskSize(extraArgs: Readonly<Record<string, string>>, family: IpFamily, dualStack: boolean): number {
  const flag = extraArgs[`node-cidr-mask-size-ipv${family}`] ?? (dualStack ? undefined : extraArgs["node-cidr-mask-size"]);
  const value = flag === undefined ? NaN : Number(flag);
  return Number.isInteger(value) && value > 0 && value <= FAMILY_BITS[family] ? value : DEFAULT_NODE_MASK[family];
}

function familyName(family: IpFamily): string {
  return `IPv${family}`;
}

function oneBlockPerFamily(ctx: RuleContext, list: readonly Block[]): void {
  const seen = new Map<IpFamily, Block>();
  for (const block of list) {
    const first = seen.get(block.cidr.family);
    if (first === undefined) {
      seen.set(block.cidr.family, block);
      continue;
    }
    ctx.report({
      code: "spec/subnet-family",
      message: `${displayPath(block.path)} ${block.text} is a second ${familyName(block.cidr.family)} block beside ${ctx.ref(first.path, first.text)}: Kubernetes takes one block per address family`,
      path: block.path,
      hint: "keep one block of each family (dual stack: one IPv4 and one IPv6)",
    });
  }
}

function sameFamilies(ctx: RuleContext, pods: readonly Block[], services: readonly Block[]): void {
  const families = (list: readonly Block[]) => [...new Set(list.map((b) => b.cidr.family))].sort();
  const podFamilies = families(pods);
  const serviceFamilies = families(services);
  if (podFamilies.join() === serviceFamilies.join() || pods.length === 0 || services.length === 0) return;
  const words = (list: readonly IpFamily[]) => list.map(familyName).join(" and ");
  // Point at what the user wrote (the list with more families when both are written).
  const [at, other] =
    services.every((s) => s.isDefault) || (!pods.every((p) => p.isDefault) && podFamilies.length > serviceFamilies.length)
      ? [pods, services]
      : [services, pods];
  const atFamilies = at === pods ? podFamilies : serviceFamilies;
  const otherFamilies = at === pods ? serviceFamilies : podFamilies;
  const path = (at[0]?.path ?? specPath("kubernetes")).slice(0, -1);
  const otherPath = (other[0]?.path ?? specPath("kubernetes")).slice(0, -1);
  const otherDefault = other.every((b) => b.isDefault);
  ctx.report({
    code: "spec/subnet-family",
    message: `${displayPath(path)} ${atFamilies.length > 1 ? "are" : "is"} ${words(atFamilies)}, but ${otherDefault ? `the default ${displayPath(otherPath)}` : displayPath(otherPath)} ${otherFamilies.length > 1 ? "are" : "is"} ${words(otherFamilies)}${otherFamilies.length === 1 ? " only" : ""}: pods and services need the same address families`,
    path: at[0]?.path ?? path,
    hint: `give ${displayPath(otherPath)} one block of each family of ${displayPath(path)}`,
  });
}
