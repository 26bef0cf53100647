import type { NodeSpec } from "../spec/types.js";
import { compareStrings } from "./util.js";

/**
 * The host of every node: its own `host`, or the next host of the pool, round-robin, for
 * nodes without one (in spec order). The pool is walked in name order so that the YAML
 * order of the hosts map never moves a VM.
 */
export function placeNodes(nodes: readonly NodeSpec[], pool: readonly string[]): Array<string | undefined> {
  const hosts = [...pool].sort(compareStrings);
  let next = 0;
  return nodes.map((node) => {
    if (node.host !== undefined) return node.host;
    if (hosts.length === 0) return undefined;
    const host = hosts[next % hosts.length];
    next += 1;
    return host;
  });
}
