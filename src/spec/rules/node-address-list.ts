import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { Cidr } from "../../base/net/cidr.js";
import type { ClusterSpec } from "../types.js";
import { specPath } from "./paths.js";

/** One static address of a node, parsed. */
export interface NodeAddress {
  nodeIndex: number;
  path: PathSegment[];
  text: string;
  cidr: Cidr;
  /** On the node network: node.address, or networks[0] when address is not set. */
  primary: boolean;
}

/**
 * Every static address of every node. The first NIC's address may be written as node.address
 * or as networks[0].address (the sketch does both); when both are set and equal, it is one
 * address, listed once.
 */
export function nodeAddresses(spec: ClusterSpec, cidrOf: (text: string) => Cidr | undefined): NodeAddress[] {
  const out: NodeAddress[] = [];
  spec.spec.nodes.forEach((node, i) => {
    const push = (text: string, path: PathSegment[], primary: boolean): void => {
      const cidr = cidrOf(text);
      if (cidr !== undefined) out.push({ nodeIndex: i, path, text, cidr, primary });
    };
    if (node.address !== undefined) push(node.address, specPath("nodes", i, "address"), true);
    node.networks?.forEach((nic, k) => {
      nic.additionalAddresses?.forEach((extra, a) => push(extra, specPath("nodes", i, "networks", k, "additionalAddresses", a), false));
      if (nic.address === "dhcp") return;
      if (k === 0 && node.address !== undefined) return; // same NIC; ambiguous-address compares them
      push(nic.address, specPath("nodes", i, "networks", k, "address"), k === 0);
    });
  });
  return out;
}
