import type { MachinesLock } from "../../lock/machines-lock.js";
import type { NodeSpec } from "../../spec/types.js";

/**
 * The spread placement group of every server. Hetzner holds at most 10 servers in a spread
 * group and 50 groups in a project (docs.hetzner.com cloud/placement-groups/overview), so a role
 * of more than 10 servers takes several groups: "<role>", then "<role>-2", "<role>-3"... (the
 * first keeps the role's name, the one group every tree had before). A running server cannot
 * leave its group (hcloud v1.68.0 internal/server/resource.go: "removing a running server from a
 * placement group is currently not supported"), so a server placed once keeps its group
 * (machines.lock.json), and a new one goes into the first group of its role with room.
 */
export const SPREAD_GROUP_LIMIT = 10;

/** Names of the groups of a role, first to last. */
function groupName(role: NodeSpec["role"], index: number): string {
  return index === 0 ? role : `${role}-${index + 1}`;
}

function groupIndex(role: NodeSpec["role"], name: string): number | undefined {
  if (name === role) return 0;
  const match = new RegExp(`^${role}-([0-9]+)$`).exec(name);
  const n = match === null ? NaN : Number(match[1]);
  return Number.isInteger(n) && n >= 2 ? n - 1 : undefined;
}

/** Each node's group, in spec order; the nodes that run (not gone). */
export function placementGroups(nodes: readonly NodeSpec[], previous: MachinesLock | "round-robin" | undefined): string[] {
  const locked = previous !== undefined && previous !== "round-robin" && previous.platform === "hcloud" ? previous.nodes : {};
  const groups: Array<string | undefined> = nodes.map(() => undefined);
  const load = new Map<string, number>();
  // Locked servers first, wherever they are in the spec: their groups are full as they are.
  nodes.forEach((node, i) => {
    const earlier = locked[node.name];
    if (earlier === undefined || earlier.role !== node.role) return;
    const name = earlier.placementGroup ?? node.role;
    if (groupIndex(node.role, name) === undefined) return;
    groups[i] = name;
    load.set(name, (load.get(name) ?? 0) + 1);
  });
  nodes.forEach((node, i) => {
    if (groups[i] !== undefined) return;
    let index = 0;
    while ((load.get(groupName(node.role, index)) ?? 0) >= SPREAD_GROUP_LIMIT) index++;
    const name = groupName(node.role, index);
    groups[i] = name;
    load.set(name, (load.get(name) ?? 0) + 1);
  });
  return groups.map((g, i) => g ?? nodes[i]?.role ?? "worker");
}
