import { describe, expect, it } from "vitest";
import type { LockedNode, MachinesLock } from "../../lock/machines-lock.js";
import type { NodeSpec } from "../../spec/types.js";
import { placementGroups } from "./placement.js";

const workers = (from: number, to: number): NodeSpec[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ name: `wk-${from + i}`, role: "worker", address: `10.0.1.${from + i}/24` }));
const cp: NodeSpec = { name: "cp-1", role: "controlplane", address: "10.0.1.250/24" };

function lockOf(nodes: readonly NodeSpec[], groups: readonly string[]): MachinesLock {
  const locked: Record<string, LockedNode> = {};
  nodes.forEach((node, i) => {
    const group = groups[i];
    locked[node.name] = { role: node.role, configuration: "c", ...(group === undefined || group === node.role ? {} : { placementGroup: group }) };
  });
  return { platform: "hcloud", talos: "v1.13.9", kubernetes: "v1.36.3", nodes: locked };
}

describe("hcloud spread placement groups", () => {
  it("puts up to 10 servers of a role in its first group, named after the role, then opens the next", () => {
    const nodes = [cp, ...workers(1, 23)];
    const groups = placementGroups(nodes, undefined);
    expect(groups[0]).toBe("controlplane");
    expect(groups.slice(1, 11)).toEqual(Array(10).fill("worker"));
    expect(groups.slice(11, 21)).toEqual(Array(10).fill("worker-2"));
    expect(groups.slice(21)).toEqual(["worker-3", "worker-3", "worker-3"]);
  });

  it("never moves a placed server: a new one fills the first group with room", () => {
    const before = workers(1, 12);
    const lock = lockOf(before, placementGroups(before, undefined));
    // Two workers of the first group removed, three added at the front of the spec.
    const after = [...workers(20, 22), ...before.filter((n) => n.name !== "wk-2" && n.name !== "wk-5")];
    const groups = placementGroups(after, lock);
    const byName = new Map(after.map((n, i) => [n.name, groups[i]]));
    expect(byName.get("wk-11")).toBe("worker-2");
    expect(byName.get("wk-12")).toBe("worker-2");
    expect(byName.get("wk-1")).toBe("worker");
    expect([byName.get("wk-20"), byName.get("wk-21"), byName.get("wk-22")]).toEqual(["worker", "worker", "worker-2"]);
  });

  it("ignores a lock of another platform, or a group that is not one of the role's", () => {
    const nodes = workers(1, 2);
    expect(placementGroups(nodes, { ...lockOf(nodes, ["worker-9", "worker-9"]), platform: "proxmox" })).toEqual(["worker", "worker"]);
    expect(placementGroups(nodes, lockOf(nodes, ["controlplane-2", "worker-9"]))).toEqual(["worker", "worker-9"]);
  });
});
