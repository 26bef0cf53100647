import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { cidrContains, cidrsOverlap, formatNetwork, hasHostBits, isNetworkOrBroadcast, parseCidr, type Cidr } from "../../base/net/cidr.js";
import { parseIp } from "../../base/net/ip.js";
import { displayPath, quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";
// The defaults are the model's (every default lives there); the rule checks what they imply.
import { DEFAULT_POD_SUBNETS, DEFAULT_SERVICE_SUBNETS } from "../../catalog/defaults.js";

interface Block {
  path: PathSegment[];
  text: string;
  cidr: Cidr;
  /** Not written in the spec: the default the model will use. */
  isDefault: boolean;
}

/** The blocks written in the spec, or the defaults the cluster gets when none are. */
function blocks(texts: readonly string[] | undefined, defaults: readonly string[], ...prefix: PathSegment[]): Block[] {
  const isDefault = texts === undefined;
  return (texts ?? defaults).flatMap((text, i) => {
    const cidr = parseCidr(text);
    return cidr === undefined ? [] : [{ path: specPath(...prefix, i), text, cidr, isDefault }];
  });
}

/**
 * Network blocks: no host bits, and pod, service and node networks disjoint. An overlap makes
 * traffic to a pod or service IP leave through the node network, or the reverse: the cluster
 * comes up and then silently drops packets. Pod and service subnets left out are compared as
 * the defaults the cluster will get (10.244.0.0/16 and 10.96.0.0/12): a node network inside
 * 10.244.0.0/16 needs explicit pod subnets.
 */
export const subnets: Rule = (ctx) => {
  const { spec } = ctx;
  for (const field of ctx.facts.ipFields) {
    if (field.kind !== "cidr") continue;
    const cidr = parseCidr(field.text);
    if (cidr === undefined || !hasHostBits(cidr)) continue;
    ctx.report({
      code: "spec/cidr-host-bits",
      message: `${displayPath(field.path)} ${field.text} has host bits set`,
      path: field.path,
      hint: `did you mean ${quote(formatNetwork(cidr))}?`,
    });
  }

  const nodeCidr = parseCidr(spec.spec.network.cidr);
  const node: Block[] = nodeCidr === undefined ? [] : [{ path: specPath("network", "cidr"), text: spec.spec.network.cidr, cidr: nodeCidr, isDefault: false }];
  const pods = blocks(spec.spec.kubernetes?.podSubnets, DEFAULT_POD_SUBNETS, "kubernetes", "podSubnets");
  const services = blocks(spec.spec.kubernetes?.serviceSubnets, DEFAULT_SERVICE_SUBNETS, "kubernetes", "serviceSubnets");

  // [reported, against]: the first block of each pair is the one the diagnostic points at.
  // Not the hcloud networkRange: pods must not overlap its subnet (network.cidr), but the
  // cloud controller manager's routes need the pod range *inside* the network range
  // (hcloud-cloud-controller-manager docs/deploy_with_networks.md), and service IPs are never
  // routed there (src/platforms/hcloud/rules/nodes.ts checks the pod range against it).
  const pairs: Array<[Block[], Block[]]> = [
    [services, pods],
    [pods, node],
    [services, node],
  ];
  for (const [subjects, others] of pairs) {
    for (const subject of subjects) {
      const other = others.find((o) => cidrsOverlap(subject.cidr, o.cidr));
      if (other === undefined || (subject.isDefault && other.isDefault)) continue;
      // Point at what the user wrote; a default has no place in the file.
      const [at, against] = subject.isDefault ? [other, subject] : [subject, other];
      const name = (block: Block) => (block.isDefault ? `the default ${displayPath(block.path.slice(0, -1))} ${block.text}` : ctx.ref(block.path, block.text));
      ctx.report({
        code: "spec/subnet-overlap",
        message: `${displayPath(at.path)} ${at.text} overlaps ${name(against)}`,
        path: at.path,
        hint: against.isDefault
          ? `set ${displayPath(against.path.slice(0, -1))} to a range outside ${at.text}`
          : "pod, service and node networks must not share addresses",
      });
    }
  }

  const gatewayText = spec.spec.network.gateway;
  const gateway = gatewayText === undefined ? undefined : parseIp(gatewayText);
  if (gateway !== undefined && nodeCidr !== undefined && !cidrContains(nodeCidr, gateway)) {
    ctx.report({
      code: "spec/gateway-outside-network",
      message: `network.gateway ${gatewayText ?? ""} is outside network.cidr ${spec.spec.network.cidr}`,
      path: specPath("network", "gateway"),
    });
  }
  // A router answers on a host address: the network and broadcast addresses are not one.
  const reserved = gateway !== undefined && nodeCidr !== undefined ? isNetworkOrBroadcast(nodeCidr, gateway) : undefined;
  if (reserved !== undefined) {
    ctx.report({
      code: "spec/reserved-address",
      message: `network.gateway ${gatewayText ?? ""} is the ${reserved} address of ${spec.spec.network.cidr}`,
      path: specPath("network", "gateway"),
    });
  }
};
