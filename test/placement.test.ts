/**
 * Placement is stable across builds: a node placed once keeps its host whatever the next spec
 * edit does to the other nodes or to the host pool (a changed host replaces the VM), new nodes
 * spread by role, and a tree from before machines.lock.json keeps its old placements.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "../src/index.js";
import { MACHINES_LOCK, parseMachinesLock } from "../src/lock/machines-lock.js";

interface SpecNode {
  name: string;
  role: "controlplane" | "worker";
  host?: string;
}

function spec(nodes: readonly SpecNode[], hosts: readonly string[]): string {
  const lines = nodes.map(
    (node, i) => `    - { name: ${node.name}, role: ${node.role}, address: 10.0.0.${10 + i}/24${node.host === undefined ? "" : `, host: ${node.host}`} }`,
  );
  return `apiVersion: talos-hclgen/v1
kind: Cluster
metadata: { name: placement }
spec:
  endpoint: { vip: 10.0.0.5 }
  network: { cidr: 10.0.0.0/24, gateway: 10.0.0.1 }
  platform:
    proxmox:
      endpoint: https://pve.example.com:8006/
      hosts:
${hosts.map((h) => `        ${h}: {}`).join("\n")}
  nodes:
${lines.join("\n")}
`;
}

function build(nodes: readonly SpecNode[], hosts: readonly string[], previousLock?: string): { lock: string; hosts: Map<string, string> } {
  const result = compile(spec(nodes, hosts), { specPath: "spec.yaml", ...(previousLock === undefined ? {} : { previousLock }) });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const lock = result.files.find((f) => f.path === MACHINES_LOCK)?.contents ?? "";
  const parsed = parseMachinesLock(lock);
  return { lock, hosts: new Map(Object.entries(parsed?.nodes ?? {}).map(([name, node]) => [name, node.host ?? ""])) };
}

const HOSTS = ["alpha", "bravo", "charlie", "delta", "echo"];

/** A cluster of 1, 3 or 5 control planes and 0 to 6 workers on 1 to 5 hosts. */
const cluster = fc
  .record({
    controlPlanes: fc.constantFrom(1, 3, 5),
    workers: fc.integer({ min: 0, max: 6 }),
    hosts: fc.integer({ min: 1, max: 4 }),
  })
  .map(({ controlPlanes, workers, hosts }) => ({
    nodes: [
      ...Array.from({ length: controlPlanes }, (_, i): SpecNode => ({ name: `cp-${i + 1}`, role: "controlplane" })),
      ...Array.from({ length: workers }, (_, i): SpecNode => ({ name: `wk-${i + 1}`, role: "worker" })),
    ],
    hosts: HOSTS.slice(0, hosts),
  }));

type Edit = (c: { nodes: SpecNode[]; hosts: string[] }) => { nodes: SpecNode[]; hosts: string[] };

/** A node name the cluster does not use yet. */
function fresh(nodes: readonly SpecNode[], stem: string): string {
  for (let i = 1; ; i++) if (!nodes.some((n) => n.name === `${stem}-${i}`)) return `${stem}-${i}`;
}

const edits: fc.Arbitrary<Edit> = fc.oneof(
  fc.nat().map((at): Edit => (c) => {
    const nodes = [...c.nodes];
    nodes.splice(at % (nodes.length + 1), 0, { name: fresh(nodes, "new-wk"), role: "worker" });
    return { ...c, nodes };
  }),
  // Control planes come and go in pairs: an even count is refused (quorum).
  fc.nat().map((at): Edit => (c) => {
    const nodes = [...c.nodes];
    nodes.splice(at % (nodes.length + 1), 0, { name: fresh(nodes, "new-cp"), role: "controlplane" });
    nodes.splice((at * 7) % (nodes.length + 1), 0, { name: fresh(nodes, "new-cp"), role: "controlplane" });
    return { ...c, nodes };
  }),
  fc.nat().map((at): Edit => (c) => {
    const workers = c.nodes.filter((n) => n.role === "worker");
    const gone = workers[at % Math.max(workers.length, 1)];
    return { ...c, nodes: c.nodes.filter((n) => n !== gone) };
  }),
  fc.nat().map((at): Edit => (c) => {
    const planes = c.nodes.filter((n) => n.role === "controlplane");
    if (planes.length < 3) return c;
    const gone = new Set([planes[at % planes.length], planes[(at + 1) % planes.length]]);
    return { ...c, nodes: c.nodes.filter((n) => !gone.has(n)) };
  }),
  fc.constant<Edit>((c) => ({ ...c, nodes: [...c.nodes].reverse() })),
  fc.constant<Edit>((c) => {
    let host = 1;
    while (c.hosts.includes(`host${host}`)) host++;
    return { ...c, hosts: [...c.hosts, `host${host}`] };
  }),
  fc.constant<Edit>((c) => ({ ...c, hosts: [...c.hosts].reverse() })),
);

describe("placement", () => {
  it("never moves a placed node when nodes or hosts are added, removed or reordered", () => {
    fc.assert(
      fc.property(cluster, fc.array(edits, { minLength: 1, maxLength: 4 }), (start, steps) => {
        let current = { nodes: [...start.nodes], hosts: [...start.hosts] };
        let built = build(current.nodes, current.hosts);
        for (const step of steps) {
          current = step(current);
          const next = build(current.nodes, current.hosts, built.lock);
          for (const [name, host] of next.hosts) {
            const before = built.hosts.get(name);
            if (before !== undefined) expect(host, `${name} moved`).toBe(before);
          }
          built = next;
        }
      }),
      { numRuns: 150 },
    );
  });

  it("spreads control planes over the hosts, counting nodes with an explicit host", () => {
    const placed = build(
      [
        { name: "wk-1", role: "worker", host: "alpha" },
        { name: "cp-1", role: "controlplane" },
        { name: "cp-2", role: "controlplane" },
        { name: "cp-3", role: "controlplane" },
        { name: "wk-2", role: "worker" },
        { name: "wk-3", role: "worker" },
      ],
      ["alpha", "bravo", "charlie"],
    ).hosts;
    expect(Object.fromEntries(placed)).toEqual({
      "wk-1": "alpha",
      // One control plane per host; alpha, which already runs wk-1, gets the last one.
      "cp-1": "bravo",
      "cp-2": "charlie",
      "cp-3": "alpha",
      // Workers then go where there are fewest workers, then fewest nodes.
      "wk-2": "bravo",
      "wk-3": "charlie",
    });
  });

  it("places a node again when its host leaves the pool, and only that node", () => {
    const nodes: SpecNode[] = [
      { name: "cp-1", role: "controlplane" },
      { name: "cp-2", role: "controlplane" },
      { name: "cp-3", role: "controlplane" },
    ];
    const first = build(nodes, ["alpha", "bravo", "charlie"]);
    const gone = first.hosts.get("cp-2") ?? "";
    const second = build(
      nodes,
      ["alpha", "bravo", "charlie", "delta"].filter((h) => h !== gone),
      first.lock,
    );
    expect(second.hosts.get("cp-1")).toBe(first.hosts.get("cp-1"));
    expect(second.hosts.get("cp-3")).toBe(first.hosts.get("cp-3"));
    expect(second.hosts.get("cp-2")).toBe("delta");
  });

  it("keeps the round-robin placement of a tree built before machines.lock.json", () => {
    const nodes: SpecNode[] = [
      { name: "cp-1", role: "controlplane" },
      { name: "cp-2", role: "controlplane" },
      { name: "wk-1", role: "worker", host: "alpha" },
      { name: "wk-2", role: "worker" },
    ];
    const result = compile(spec(nodes, ["charlie", "alpha", "bravo"]), { specPath: "spec.yaml", treeWithoutLock: true });
    const lock = parseMachinesLock(result.files.find((f) => f.path === MACHINES_LOCK)?.contents);
    // Earlier versions: host-less nodes take the pool in name order, in spec order.
    expect(Object.fromEntries(Object.entries(lock?.nodes ?? {}).map(([n, node]) => [n, node.host]))).toEqual({
      "cp-1": "alpha",
      "cp-2": "bravo",
      "wk-1": "alpha",
      "wk-2": "charlie",
    });
  });
});
