import type { NodeSpec } from "../../spec/types.js";
import { compareStrings } from "../../base/compare.js";

/**
 * The host of every node. A node placed once stays where it is: a changed `node_name` replaces
 * the VM (bpg/proxmox v0.111.1 proxmoxtf/resource/vm/vm.go:1781-1789, ForceNew unless
 * `migrate`), so adding, removing or reordering nodes or hosts must never move one. Hence:
 *
 * 1. a node's own `host`;
 * 2. else the host an earlier build placed it on (machines.lock.json), while that host is
 *    still in the pool;
 * 3. else, for a new node, the pool host with the fewest nodes of its role, then the fewest
 *    nodes, then the first by name: control planes spread over the hosts first. Every node
 *    already placed counts, explicit hosts included. New nodes are placed in spec order.
 */
export function placeNodes(
  nodes: readonly NodeSpec[],
  pool: readonly string[],
  previous: ReadonlyMap<string, string> | "round-robin" = new Map(),
): Array<string | undefined> {
  if (previous === "round-robin") return roundRobin(nodes, pool);
  const hosts = [...pool].sort(compareStrings);
  const inPool = new Set(hosts);
  const placement: Array<string | undefined> = nodes.map((node) => {
    if (node.host !== undefined) return node.host;
    const earlier = previous.get(node.name);
    return earlier !== undefined && inPool.has(earlier) ? earlier : undefined;
  });
  const load = new Map(hosts.map((host) => [host, { controlplane: 0, worker: 0 }]));
  placement.forEach((host, i) => {
    const counts = host === undefined ? undefined : load.get(host);
    const node = nodes[i];
    if (counts !== undefined && node !== undefined) counts[node.role] += 1;
  });
  nodes.forEach((node, i) => {
    if (placement[i] !== undefined || hosts.length === 0) return;
    let best: string | undefined;
    let bestKey: [number, number] | undefined;
    for (const host of hosts) {
      const counts = load.get(host) ?? { controlplane: 0, worker: 0 };
      const key: [number, number] = [counts[node.role], counts.controlplane + counts.worker];
      if (bestKey === undefined || key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
        best = host;
        bestKey = key;
      }
    }
    placement[i] = best;
    const counts = best === undefined ? undefined : load.get(best);
    if (counts !== undefined) counts[node.role] += 1;
  });
  return placement;
}

/**
 * How trees were placed before machines.lock.json existed: nodes without `host` round-robin
 * over the pool in name order, in spec order. A tree built that way and rebuilt for the first
 * time keeps its placements through this; its lock then holds them.
 */
function roundRobin(nodes: readonly NodeSpec[], pool: readonly string[]): Array<string | undefined> {
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
