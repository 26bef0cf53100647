import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { cidrContains, cidrContainsCidr, cidrsOverlap, formatNetwork, hasHostBits, parseCidr, type Cidr } from "../net/cidr.js";
import { parseIp } from "../net/ip.js";
import { displayPath, quote } from "../display-path.js";
import { ipFields } from "./ip-fields.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

interface Block {
  path: PathSegment[];
  text: string;
  cidr: Cidr;
}

function blocks(texts: readonly string[] | undefined, ...prefix: PathSegment[]): Block[] {
  return (texts ?? []).flatMap((text, i) => {
    const cidr = parseCidr(text);
    return cidr === undefined ? [] : [{ path: specPath(...prefix, i), text, cidr }];
  });
}

/**
 * Network blocks: no host bits, and pod, service and node networks disjoint. An overlap makes
 * traffic to a pod or service IP leave through the node network, or the reverse: the cluster
 * comes up and then silently drops packets. (Only blocks written in the spec are compared; the
 * Talos defaults 10.244.0.0/16 and 10.96.0.0/12 are the model's business.)
 */
export const subnets: Rule = (ctx) => {
  const { spec } = ctx;
  for (const field of ipFields(spec)) {
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
  const node: Block[] = nodeCidr === undefined ? [] : [{ path: specPath("network", "cidr"), text: spec.spec.network.cidr, cidr: nodeCidr }];
  const hcloudRange = spec.spec.platform.hcloud?.networkRange;
  const rangeCidr = hcloudRange === undefined ? undefined : parseCidr(hcloudRange);
  const pods = blocks(spec.spec.kubernetes?.podSubnets, "kubernetes", "podSubnets");
  const services = blocks(spec.spec.kubernetes?.serviceSubnets, "kubernetes", "serviceSubnets");

  // [reported, against]: the first block of each pair is the one the diagnostic points at.
  // Not the hcloud networkRange: pods must not overlap its subnet (network.cidr), but the
  // cloud controller manager's routes need the pod range *inside* the network range
  // (hcloud-cloud-controller-manager docs/deploy_with_networks.md), and service IPs are never
  // routed there (platform-nodes.ts checks the pod range against it).
  const pairs: Array<[Block[], Block[]]> = [
    [services, pods],
    [pods, node],
    [services, node],
  ];
  for (const [subjects, others] of pairs) {
    for (const subject of subjects) {
      const other = others.find((o) => cidrsOverlap(subject.cidr, o.cidr));
      if (other === undefined) continue;
      ctx.report({
        code: "spec/subnet-overlap",
        message: `${displayPath(subject.path)} ${subject.text} overlaps ${ctx.ref(other.path, other.text)}`,
        path: subject.path,
        hint: "pod, service and node networks must not share addresses",
      });
    }
  }

  if (nodeCidr !== undefined && rangeCidr !== undefined && hcloudRange !== undefined && !cidrContainsCidr(rangeCidr, nodeCidr)) {
    ctx.report({
      code: "spec/network-outside-range",
      message: `network.cidr ${spec.spec.network.cidr} is not inside platform.hcloud.networkRange ${hcloudRange}`,
      path: specPath("network", "cidr"),
      hint: "on hcloud the node network is a subnet of the private network",
    });
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
};
