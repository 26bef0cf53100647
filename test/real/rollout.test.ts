/**
 * The rollout with the real OpenTofu: what an apply does to each running node, and in which
 * order. The talos provider's double plays talos_machine and talos_cluster against a fake
 * cluster ($TESTKIT_TALOS_STATE, tools/testkit/talos_machine.go: every operation on a node is
 * logged, a node reboots for a while, etcd loses quorum when a majority of its members is down),
 * and kubectl and talosctl are doubles too (test/real/bin). A cluster is applied once from spec
 * A; each scenario builds spec B with A's machines.lock.json, as `build` does, checks that
 * `build` would let it through, applies it and reads the log: control planes one at a time,
 * workers in waves, Kubernetes after the last node, a removed node reset and its Node deleted,
 * a dead one forgotten before the rollout starts. The order the log shows is the order the
 * build's impact report announced.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { compile } from "../../src/index.js";
import { impactRefusals } from "../../src/lock/impact-guards.js";
import { rolloutImpact } from "../../src/lock/impact.js";
import { MACHINES_LOCK, parseMachinesLock } from "../../src/lock/machines-lock.js";
import { PLATFORMS } from "../../src/platforms/index.js";
import type { GeneratedFile } from "../../src/types.js";
import { describeWithTools } from "./tools.js";
import { makeMirrors, Workspace, type Mirrors } from "./workspace.js";

const SPEC = `apiVersion: talos-hclgen/v1
kind: Cluster
metadata:
  name: rollout
spec:
  talos:
    version: v1.13.8
    schematic:
      extensions: [siderolabs/qemu-guest-agent]
  kubernetes:
    version: v1.36.2
  endpoint:
    vip: 10.40.0.10
  network:
    cidr: 10.40.0.0/24
    gateway: 10.40.0.1
  platform:
    proxmox:
      endpoint: https://pve-a.example.net:8006/
      hosts:
        pve-a: {}
        pve-b: {}
        pve-c: {}
  rollout: { parallelWorkers: 2 }
  nodeClasses:
    control_plane: { cpu: 4, memory: 8192, osDisk: 64 }
    worker: { cpu: 8, memory: 16384, osDisk: 100 }
    gpu: { cpu: 8, memory: 16384, osDisk: 100, schematic: { extensions: [siderolabs/qemu-guest-agent] } }
  nodes:
    - { name: cp-1, role: controlplane, class: control_plane, address: 10.40.0.11/24, vmId: 4011 }
    - { name: cp-2, role: controlplane, class: control_plane, address: 10.40.0.12/24, vmId: 4012 }
    - { name: cp-3, role: controlplane, class: control_plane, address: 10.40.0.13/24, vmId: 4013 }
    - { name: wk-1, role: worker, class: worker, address: 10.40.0.21/24, vmId: 4021 }
    - { name: wk-2, role: worker, class: worker, address: 10.40.0.22/24, vmId: 4022 }
    - { name: wk-3, role: worker, class: worker, address: 10.40.0.23/24, vmId: 4023 }
    - { name: gpu-1, role: worker, class: gpu, address: 10.40.0.31/24, vmId: 4031 }
`;

/** The old tree's cluster, as a spec: three control planes and a worker, nothing else. */
const OLD_SPEC = SPEC.replace(/    - \{ name: (?:wk-[23]|gpu-1),[^\n]*\n/g, "").replace(/    gpu: \{[^\n]*\n/, "");

/**
 * A tree of talos-hclgen before the rollout (its talos-cluster module's shape at 0.11): one
 * talos_machine_configuration_apply per node, which resets its node when destroyed, and
 * talos_machine_bootstrap.
 */
const OLD_TREE: GeneratedFile[] = [
  {
    path: "main.tf",
    kind: "hcl",
    contents: `terraform {
  required_providers {
    talos = { source = "siderolabs/talos", version = "~> 0.12.0" }
  }
}

module "cluster" {
  source = "./modules/talos-cluster"
}
`,
  } as GeneratedFile,
  {
    path: "modules/talos-cluster/main.tf",
    kind: "hcl",
    contents: `terraform {
  required_providers {
    talos = { source = "siderolabs/talos" }
  }
}

locals {
  nodes = {
    "cp-1" = { role = "controlplane", address = "10.40.0.11" }
    "cp-2" = { role = "controlplane", address = "10.40.0.12" }
    "cp-3" = { role = "controlplane", address = "10.40.0.13" }
    "wk-1" = { role = "worker", address = "10.40.0.21" }
  }
}

resource "talos_machine_secrets" "this" {
  talos_version = "v1.13"
}

data "talos_machine_configuration" "node" {
  for_each         = local.nodes
  cluster_name     = "rollout"
  cluster_endpoint = "https://10.40.0.10:6443"
  machine_type     = each.value.role
  machine_secrets  = talos_machine_secrets.this.machine_secrets
  talos_version    = "v1.13"
}

resource "talos_machine_configuration_apply" "controlplane" {
  for_each                    = { for name, node in local.nodes : name => node if node.role == "controlplane" }
  node                        = each.value.address
  client_configuration        = talos_machine_secrets.this.client_configuration
  machine_configuration_input = data.talos_machine_configuration.node[each.key].machine_configuration
  on_destroy = {
    reset    = true
    graceful = true
    reboot   = false
  }
}

resource "talos_machine_configuration_apply" "worker" {
  for_each                    = { for name, node in local.nodes : name => node if node.role == "worker" }
  node                        = each.value.address
  client_configuration        = talos_machine_secrets.this.client_configuration
  machine_configuration_input = data.talos_machine_configuration.node[each.key].machine_configuration
  on_destroy = {
    reset    = true
    graceful = true
    reboot   = false
  }
}

resource "talos_machine_bootstrap" "this" {
  depends_on           = [talos_machine_configuration_apply.controlplane]
  node                 = "10.40.0.11"
  client_configuration = talos_machine_secrets.this.client_configuration
}
`,
  } as GeneratedFile,
];

/** Node names by address: the base spec's, and the control plane a scenario adds. */
const NAMES: Record<string, string> = Object.fromEntries([
  ...[...SPEC.matchAll(/name: ([a-z0-9-]+), role: \w+, class: \w+, address: ([0-9.]+)\//g)].map((m) => [m[2] ?? "", m[1] ?? ""]),
  ["10.40.0.14", "cp-4"],
]);
const PLANES = ["cp-1", "cp-2", "cp-3"];

interface LogEntry {
  node: string;
  op: string;
  detail?: string;
}

const edit =
  (from: string, to: string) =>
  (spec: string): string => {
    if (!spec.includes(from)) throw new Error(`the spec has no ${JSON.stringify(from)}`);
    return spec.replace(from, to);
  };

function build(spec: string, previousLock?: string): GeneratedFile[] {
  const result = compile(spec, { specPath: "spec.yaml", ...(previousLock === undefined ? {} : { previousLock }) });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((d) => d.message).join("\n"));
  return result.files;
}

const lockOf = (files: readonly GeneratedFile[]): string => files.find((f) => f.path === MACHINES_LOCK)?.contents ?? "";

/** The fake cluster's log, node addresses as names. */
function readLog(dir: string): LogEntry[] {
  const file = join(dir, "log.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as LogEntry)
    .map((entry) => ({ ...entry, node: NAMES[entry.node] ?? entry.node }));
}

/** Each node's [first, last] position in the log, from its talos_machine's begin to its end. */
function spans(log: readonly LogEntry[]): Map<string, [number, number]> {
  const result = new Map<string, [number, number]>();
  log.forEach((entry, i) => {
    if (entry.op !== "begin" && entry.op !== "end") return;
    const span = result.get(entry.node);
    if (span === undefined) result.set(entry.node, [i, i]);
    else span[1] = i;
  });
  return result;
}

/** The nodes the apply went through, by the order each one began. */
const order = (log: readonly LogEntry[]): string[] => log.filter((e) => e.op === "begin").map((e) => e.node);

/** Fails unless each control plane ends before the next one begins, and no wave overlaps the next. */
function expectOneAtATime(log: readonly LogEntry[], waves: readonly (readonly string[])[]): void {
  const span = spans(log);
  for (let i = 1; i < waves.length; i++) {
    const previous = waves[i - 1] ?? [];
    for (const node of waves[i] ?? []) {
      for (const before of previous) {
        const a = span.get(before);
        const b = span.get(node);
        if (a === undefined || b === undefined) continue;
        expect(a[1] < b[0], `${node} began before ${before} ended`).toBe(true);
      }
    }
  }
  expect(log.filter((e) => e.op === "etcd-quorum-lost")).toEqual([]);
}

/** The rollout's waves of the base spec: control planes alone, workers two at a time, in spec order. */
const WAVES = [["cp-1"], ["cp-2"], ["cp-3"], ["wk-1", "wk-2"], ["wk-3", "gpu-1"]];

describeWithTools("the rollout: what an apply does to each running node, in order", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-rollout-"));
  let mirrors: Mirrors;
  let base: { files: GeneratedFile[]; state: string; talos: string };

  const workspace = (name: string, talos: string) =>
    new Workspace(tools, mirrors, join(work, name), { TESTKIT_DHCP_CIDR: "10.40.0.0/24", TESTKIT_TALOS_STATE: talos });

  beforeAll(async () => {
    mirrors = makeMirrors(tools, join(work, "mirrors"));
    const talos = join(work, "base-talos");
    const files = build(SPEC);
    const day0 = workspace("base", talos);
    await day0.write(files);
    await day0.apply();
    base = { files, state: day0.state, talos };
  }, 300_000);
  afterAll(() => {
    if (process.env["TALOS_HCLGEN_KEEP_ROLLOUT"] === undefined) rmSync(work, { recursive: true, force: true });
  });

  /** Spec B applied over a copy of the base cluster; the log holds this apply only. */
  async function rollout(name: string, change: (spec: string) => string, prepare?: (nodes: Record<string, Record<string, unknown>>) => void) {
    const talos = join(work, `${name}-talos`);
    cpSync(base.talos, talos, { recursive: true });
    rmSync(join(talos, "log.jsonl"), { force: true });
    if (prepare !== undefined) {
      const file = join(talos, "nodes.json");
      const nodes = JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, unknown>>;
      const byName = Object.fromEntries(Object.entries(nodes).map(([address, node]) => [NAMES[address] ?? address, node]));
      prepare(byName);
      writeFileSync(file, JSON.stringify(nodes, null, 2));
    }
    const space = workspace(name, talos);
    cpSync(base.state, space.state);
    const next = build(change(SPEC), lockOf(base.files));
    const previous = parseMachinesLock(lockOf(base.files));
    const locked = parseMachinesLock(lockOf(next));
    if (previous === undefined || locked === undefined) throw new Error("unreadable lock");
    const impact = rolloutImpact(previous, locked, PLATFORMS.proxmox.lock);
    await space.write(next);
    await space.applyWithDoubles();
    return { log: readLog(talos), impact, refusals: impactRefusals(impact, PLATFORMS.proxmox.lock), space };
  }

  it("day 0: configures the nodes in rollout order, then bootstraps", () => {
    const log = readLog(base.talos);
    expect([...order(log)].sort()).toEqual(WAVES.flat().sort());
    expectOneAtATime(log, WAVES);
    const lastEnd = Math.max(...[...spans(log).values()].map((s) => s[1]));
    expect(log.findIndex((e) => e.op === "bootstrap")).toBeGreaterThan(lastEnd);
  });

  it("a Talos patch release: every node upgraded one at a time, drained and waited for, in the order the build announced", async () => {
    const { log, impact, refusals } = await rollout("talos-patch", edit("version: v1.13.8", "version: v1.13.9"));
    expect(refusals).toEqual([]);
    expectOneAtATime(log, WAVES);
    const planes = order(log).filter((n) => PLANES.includes(n));
    expect(planes).toEqual(impact.nodes.map((n) => n.node).filter((n) => PLANES.includes(n)));
    for (const node of WAVES.flat()) {
      expect(
        log.filter((e) => e.node === node).map((e) => e.op),
        node,
      ).toEqual(["begin", "pull", "install", "cordon-drain", "reboot", "machine-ready", "uncordon", "apply-config", "wait-boot", "end"]);
    }
    expect(log.some((e) => e.op === "upgrade-k8s")).toBe(false);
  }, 300_000);

  it("Talos and Kubernetes together: Kubernetes only after the last node, no node reconfigured for it", async () => {
    const { log, refusals } = await rollout("both", (spec) => edit("version: v1.36.2", "version: v1.36.3")(edit("version: v1.13.8", "version: v1.13.9")(spec)));
    expect(refusals).toEqual([]);
    const lastEnd = Math.max(...[...spans(log).values()].map((s) => s[1]));
    const k8s = log.findIndex((e) => e.op === "upgrade-k8s");
    expect(k8s, "upgrade-k8s ran").toBeGreaterThan(-1);
    expect(k8s).toBeGreaterThan(lastEnd);
    expect(log[k8s]?.detail).toBe("1.36.2->1.36.3");
  }, 300_000);

  it("a Kubernetes patch release alone: upgrade-k8s, and no node touched", async () => {
    const { log } = await rollout("kubernetes", edit("version: v1.36.2", "version: v1.36.3"));
    expect(log.map((e) => e.op)).toEqual(["upgrade-k8s"]);
  }, 300_000);

  it("a class's new image: only its nodes upgraded", async () => {
    const { log, impact } = await rollout(
      "class-image",
      edit(
        "schematic: { extensions: [siderolabs/qemu-guest-agent] } }",
        "schematic: { extensions: [siderolabs/qemu-guest-agent, siderolabs/nvidia-open-gpu-kernel-modules-production] } }",
      ),
    );
    expect(impact.nodes.map((n) => [n.node, n.effects.map((e) => e.kind)])).toEqual([["gpu-1", ["upgrade", "configure"]]]);
    expect(order(log)).toEqual(["gpu-1"]);
    expect(log.filter((e) => e.op === "install").map((e) => e.node)).toEqual(["gpu-1"]);
  }, 300_000);

  it("a worker removed: drained and reset, then its Node deleted, then its VM destroyed", async () => {
    const { log, impact } = await rollout("remove", edit("    - { name: wk-3, role: worker, class: worker, address: 10.40.0.23/24, vmId: 4023 }\n", ""));
    expect(impact.nodes.map((n) => [n.node, n.effects.map((e) => e.kind)])).toEqual([["wk-3", ["remove"]]]);
    expect(log.map((e) => [e.node, e.op])).toEqual([
      ["wk-3", "reset"],
      ["wk-3", "kubectl-delete-node"],
    ]);
    expect(log[0]?.detail).toBe("graceful=true reboot=false");
  }, 300_000);

  it("a dead control plane marked gone: its etcd member and Node removed before the rollout, no reset, a new one joins", async () => {
    const { log, impact, refusals, space } = await rollout(
      "gone",
      (spec) =>
        edit(
          "    - { name: cp-3, role: controlplane, class: control_plane, address: 10.40.0.13/24, vmId: 4013 }",
          "    - { name: cp-3, role: controlplane, class: control_plane, address: 10.40.0.13/24, vmId: 4013, gone: true }\n    - { name: cp-4, role: controlplane, class: control_plane, address: 10.40.0.14/24, vmId: 4014 }",
        )(spec),
      (nodes) => {
        const dead = nodes["cp-3"];
        if (dead !== undefined) dead["dead"] = true;
      },
    );
    expect(refusals).toEqual([]);
    expect(impact.nodes.map((n) => [n.node, n.effects.map((e) => e.kind)])).toEqual([
      ["cp-4", ["create"]],
      ["cp-3", ["gone"]],
    ]);
    const ops = log.map((e) => `${e.node} ${e.op}`);
    // Its member goes before the rollout begins; its Node object is deleted (by the gone
    // step, and by its node tracker's destroy, whichever runs first); it is never reset.
    const removed = ops.indexOf("cp-3 etcd-remove-member");
    expect(removed, "the etcd member was removed").toBeGreaterThan(-1);
    expect(removed).toBeLessThan(ops.indexOf("cp-4 begin"));
    expect(new Set(ops.filter((op) => op.startsWith("cp-3 ")))).toEqual(new Set(["cp-3 etcd-remove-member", "cp-3 kubectl-delete-node"]));
    expect(order(log)).toEqual(["cp-4"]);
    expect(log.filter((e) => e.op === "etcd-quorum-lost")).toEqual([]);
    // The dead VM goes with its entry; nothing was reset.
    const state = JSON.parse(readFileSync(space.state, "utf8")) as { resources: Array<{ type: string; instances: Array<{ index_key?: string }> }> };
    const vms = state.resources.find((r) => r.type === "proxmox_virtual_environment_vm")?.instances.map((i) => i.index_key);
    expect(vms).not.toContain("cp-3");
    expect(vms).toContain("cp-4");
  }, 300_000);

  it("a tree from before the rollout moves over: the old applies and bootstrap forgotten, no node reset, no second bootstrap", async () => {
    // The old tree applied into a scratch fake cluster; its state is what the user has.
    const space = workspace("migration-old", join(work, "migration-old-talos"));
    await space.write(OLD_TREE);
    await space.applyWithDoubles();
    // The running cluster: the base one (its nodes configured and etcd bootstrapped).
    const talos = join(work, "migration-talos");
    cpSync(base.talos, talos, { recursive: true });
    rmSync(join(talos, "log.jsonl"), { force: true });
    const moved = workspace("migration", talos);
    cpSync(space.state, moved.state);
    await moved.write(build(OLD_SPEC));
    await moved.applyWithDoubles();
    const log = readLog(talos);
    expect(log.filter((e) => e.op === "reset" || e.op === "etcd-leave")).toEqual([]);
    expect(log.filter((e) => e.op === "bootstrap").map((e) => e.detail)).toEqual(["AlreadyExists"]);
    // Each node taken over by its talos_machine: its configuration applied, nothing installed.
    expect([...order(log)].sort()).toEqual(["cp-1", "cp-2", "cp-3", "wk-1"]);
    expect(log.filter((e) => e.op === "install")).toEqual([]);
    const state = JSON.parse(readFileSync(moved.state, "utf8")) as { resources: Array<{ type: string }> };
    expect(state.resources.map((r) => r.type).filter((t) => t === "talos_machine_configuration_apply" || t === "talos_machine_bootstrap")).toEqual([]);
  }, 300_000);
});
