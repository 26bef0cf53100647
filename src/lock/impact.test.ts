import { describe, expect, it } from "vitest";
import { PLATFORMS } from "../platforms/index.js";
import { impactRefusals } from "./impact-guards.js";
import { describeRollout } from "./impact-text.js";
import { rolloutImpact } from "./impact.js";
import { DIGESTS, type LockedNode, type MachinesLock } from "./machines-lock.js";

const lock = (nodes: MachinesLock["nodes"], versions: Partial<MachinesLock> = {}): MachinesLock => ({
  platform: "proxmox",
  talos: "v1.13.9",
  kubernetes: "v1.36.3",
  digests: DIGESTS,
  nodes,
  ...versions,
});
const cp = (step: number, host: string, configuration = "a"): LockedNode => ({
  role: "controlplane",
  step,
  host,
  vmId: 100 + step,
  cpu: 4,
  memory: 8192,
  osDisk: 64,
  uefi: false,
  configuration,
  schematic: "s0",
});
const wk = (step: number, host: string, configuration = "b"): LockedNode => ({
  role: "worker",
  step,
  host,
  vmId: 200 + step,
  cpu: 8,
  memory: 16384,
  osDisk: 100,
  uefi: false,
  configuration,
  schematic: "s0",
});
const cluster = (configuration = "a", worker = "b") => ({
  "cp-1": cp(1, "a", configuration),
  "cp-2": cp(2, "b", configuration),
  "cp-3": cp(3, "c", configuration),
  "wk-1": wk(4, "a", worker),
  "wk-2": wk(4, "b", worker),
  "wk-3": wk(5, "c", worker),
});

const proxmox = PLATFORMS.proxmox.lock;
const report = (before: MachinesLock, after: MachinesLock) => describeRollout(rolloutImpact(before, after, proxmox), proxmox);
const refused = (before: MachinesLock, after: MachinesLock) =>
  impactRefusals(rolloutImpact(before, after, proxmox), proxmox).map((r) => [r.code, r.unless ?? "always"]);

describe("the rollout impact", () => {
  it("says nothing when nothing changes", () => {
    const same = lock(cluster());
    expect(rolloutImpact(same, same, proxmox).nodes).toEqual([]);
    expect(report(same, same)).toEqual([]);
  });

  it("announces a Talos upgrade node by node in rollout order, workers of a wave under one step", () => {
    const before = lock(cluster(), { talos: "v1.13.8" });
    const after = lock(cluster());
    const upgraded = (name: string, role: string, step: number, healthy: string) =>
      `${step}. ${name} (${role}): upgraded (Talos v1.13.8 -> v1.13.9): cordoned, drained, rebooted, waited for until ${healthy}, uncordoned`;
    expect(report(before, after)).toEqual([
      upgraded("cp-1", "control plane", 1, "etcd is healthy and the Node Ready"),
      upgraded("cp-2", "control plane", 2, "etcd is healthy and the Node Ready"),
      upgraded("cp-3", "control plane", 3, "etcd is healthy and the Node Ready"),
      upgraded("wk-1", "worker", 4, "Ready"),
      upgraded("wk-2", "worker", 4, "Ready"),
      upgraded("wk-3", "worker", 5, "Ready"),
    ]);
    expect(refused(before, after)).toEqual([]);
  });

  it("calls an older Talos a downgrade", () => {
    expect(report(lock(cluster()), lock(cluster(), { talos: "v1.13.8" }))[0]).toMatch(
      /^1\. cp-1 \(control plane\): downgraded \(Talos v1\.13\.9 -> v1\.13\.8\)/,
    );
  });

  it("upgrades only the nodes of a class whose image changes, naming the class", () => {
    const before = lock(cluster());
    const after = lock({ ...cluster(), "wk-3": { ...wk(5, "c"), schematic: "s1", installer: "gpu" } });
    expect(report(before, after)).toEqual([
      "5. wk-3 (worker): upgraded (new gpu image (extensions, kernel arguments or overlay)): cordoned, drained, rebooted, waited for until Ready, uncordoned",
    ]);
  });

  it("puts a Kubernetes bump after the last node and never reconfigures a node for it", () => {
    const before = lock(cluster());
    const after = lock(cluster(), { kubernetes: "v1.36.4" });
    expect(report(before, after)).toEqual([
      "then Kubernetes v1.36.3 -> v1.36.4: talos_cluster runs upgrade-k8s after the last node, one control plane's API server, controller manager and scheduler at a time, then each kubelet",
    ]);
  });

  it("refuses a Kubernetes minor skipped or gone back to, and a Talos the old Kubernetes cannot run on", () => {
    const before = lock(cluster(), { talos: "v1.13.9", kubernetes: "v1.34.2" });
    expect(refused(before, lock(cluster(), { kubernetes: "v1.36.3" }))).toEqual([["cli/kubernetes-upgrade-path", "always"]]);
    expect(refused(before, lock(cluster(), { kubernetes: "v1.33.9" }))).toEqual([["cli/kubernetes-upgrade-path", "always"]]);
    expect(refused(before, lock(cluster(), { kubernetes: "v1.35.0" }))).toEqual([]);
    const old = lock(cluster(), { talos: "v1.13.9", kubernetes: "v1.31.4" });
    // Talos 1.14 runs Kubernetes 1.32 to 1.37 (pkg/machinery/compatibility/talos114).
    expect(refused(old, lock(cluster(), { talos: "v1.14.0", kubernetes: "v1.32.0" }))).toEqual([["cli/kubernetes-upgrade-path", "always"]]);
  });

  it("refuses a Talos upgrade the installer refuses, and warns of a skipped minor", () => {
    const from = (talos: string) => lock(cluster(), { talos, kubernetes: "v1.33.1" });
    expect(refused(from("v1.11.6"), lock(cluster(), { talos: "v1.14.0", kubernetes: "v1.33.1" }))).toEqual([["cli/talos-upgrade-path", "always"]]);
    const skipped = impactRefusals(rolloutImpact(from("v1.12.4"), lock(cluster(), { talos: "v1.14.0", kubernetes: "v1.33.1" }), proxmox), proxmox);
    expect(skipped.map((r) => [r.code, r.warning])).toEqual([["cli/talos-upgrade-path", true]]);
    expect(refused(from("v1.13.9"), lock(cluster(), { talos: "v1.14.0", kubernetes: "v1.33.1" }))).toEqual([]);
  });

  it("applies a configuration change in place, and says what a boot-only change does on each Talos", () => {
    const before = lock({ ...cluster(), "wk-1": { ...wk(4, "a"), boot: "f1" } });
    const after = lock({ ...cluster(), "wk-1": { ...wk(4, "a", "x"), boot: "f2" }, "wk-2": wk(4, "b", "x") });
    expect(report(before, after)).toEqual([
      "4. wk-1 (worker): configuration applied; Talos reboots the node for its boot-only settings (machine files, env...), not drained, and the rollout goes on without waiting",
      "4. wk-2 (worker): configuration applied in place",
    ]);
    const on114 = (l: MachinesLock) => ({ ...l, talos: "v1.14.0" });
    expect(report(on114(before), on114(after))[0]).toBe(
      "4. wk-1 (worker): configuration applied in place; its boot-only settings (machine files, env...) take effect at its next reboot",
    );
  });

  it("refuses boot-only changes that reboot several Talos 1.13 nodes at once, not on 1.14", () => {
    const before = lock(cluster());
    const files = (l: LockedNode): LockedNode => ({ ...l, configuration: "x", boot: "f" });
    const after = lock({ ...cluster(), "cp-1": files(cp(1, "a")), "cp-2": files(cp(2, "b")) });
    expect(refused(before, after)).toEqual([["cli/restarts-at-once", "allow-restart"]]);
    expect(refused({ ...before, talos: "v1.14.0" }, { ...after, talos: "v1.14.0" })).toEqual([]);
  });

  it("calls a resized class restarts outside the rollout and refuses them at once", () => {
    const before = lock(cluster());
    const bigger = (l: LockedNode): LockedNode => ({ ...l, memory: 32768 });
    const after = lock({ ...cluster(), "wk-1": bigger(wk(4, "a")), "wk-2": bigger(wk(4, "b")) });
    expect(report(before, after)).toEqual([
      "4. wk-1 (worker): its VM restarts (memory 16384 -> 32768) when the provider updates it, not drained, outside the rollout",
      "4. wk-2 (worker): its VM restarts (memory 16384 -> 32768) when the provider updates it, not drained, outside the rollout",
    ]);
    expect(refused(before, after)).toEqual([["cli/restarts-at-once", "allow-restart"]]);
    // One machine alone is fine, unless it is a control plane restarting while another upgrades.
    expect(refused(before, lock({ ...cluster(), "wk-1": bigger(wk(4, "a")) }))).toEqual([]);
    const upgrade = lock({ ...cluster(), "cp-1": bigger(cp(1, "a")), "cp-2": { ...cp(2, "b"), schematic: "s9" } });
    expect(refused(before, upgrade)).toEqual([["cli/restarts-at-once", "allow-restart"]]);
  });

  it("reports a new node, a removed one (reset, Node deleted) and a gone one (no reset), leaving ones last", () => {
    const before = lock(cluster());
    const { "wk-2": _removed, "cp-3": _dead, ...rest } = cluster();
    const after = lock({ ...rest, "wk-4": wk(6, "a") }, { gone: { "cp-3": "controlplane" } });
    expect(report(before, after)).toEqual([
      "6. wk-4 (worker): created, configured, joins the cluster",
      "wk-2 (worker): removed: drained and reset (disk wiped), its Node deleted, its VM destroyed",
      "cp-3 (control plane): gone: forgotten without a reset (it is dead), its etcd member removed, its Node deleted, its VM destroyed",
    ]);
    expect(refused(before, after)).toEqual([]);
    // Marked gone once: the next build has nothing more to say about it.
    expect(report(after, after)).toEqual([]);
  });

  it("keeps etcd's quorum: one control plane leaves per apply, a dead one only while a majority lives", () => {
    const before = lock(cluster());
    const { "cp-2": _a, "cp-3": _b, ...rest } = cluster();
    expect(refused(before, lock(rest))).toEqual([["cli/control-planes-at-once", "always"]]);
    const two = lock({ "cp-1": cp(1, "a"), "cp-2": cp(2, "b") });
    expect(refused(two, lock({ "cp-1": cp(1, "a") }, { gone: { "cp-2": "controlplane" } }))).toEqual([["cli/etcd-quorum", "always"]]);
    expect(refused(two, lock({ "cp-1": cp(1, "a") }))).toEqual([]);
  });

  it("refuses a control plane replaced unless allowed, and a role change always", () => {
    const before = lock(cluster());
    expect(refused(before, lock({ ...cluster(), "cp-2": { ...cp(2, "d") } }))).toEqual([["cli/replaces-control-plane", "allow-replace"]]);
    expect(refused(before, lock({ ...cluster(), "cp-2": { ...cp(2, "b"), vmId: 999 }, "cp-3": cp(3, "d") }))).toEqual([
      ["cli/control-planes-at-once", "always"],
    ]);
    const swapped = lock({ ...cluster(), "cp-3": { ...cp(3, "c"), role: "worker" } });
    expect(refused(before, swapped)).toEqual([["cli/role-change", "always"]]);
    expect(report(before, swapped)).toEqual(["3. cp-3 (worker): replaced (role controlplane -> worker): a new machine, installed from an empty disk"]);
  });

  it("refuses a node's address changed: its talos_machine would reset it", () => {
    const before = lock({ ...cluster(), "wk-1": { ...wk(4, "a"), address: "10.0.0.21" } });
    const after = lock({ ...cluster(), "wk-1": { ...wk(4, "a"), address: "10.0.0.29" } });
    expect(refused(before, after)).toEqual([["cli/address-change", "always"]]);
  });

  it("refuses a renamed node that keeps the removed one's VM id or address in the same apply", () => {
    const { "wk-3": old, ...rest } = cluster();
    const before = lock({ ...rest, "wk-3": { ...old, address: "10.0.0.33" } });
    const renamed = lock({ ...rest, "wk-9": { ...old, address: "10.0.0.33" } });
    expect(refused(before, renamed)).toEqual([["cli/identity-reuse", "always"]]);
    expect(impactRefusals(rolloutImpact(before, renamed, proxmox), proxmox)[0]?.message).toBe(
      "wk-9 takes wk-3's address 10.0.0.33 and VM id 205 in the apply that removes wk-3: nothing orders wk-3's reset and removal before wk-9's creation",
    );
    // A new VM id and address of its own: a removal and a creation that do not meet.
    expect(refused(before, lock({ ...rest, "wk-9": { ...old, vmId: 209, address: "10.0.0.39" } }))).toEqual([]);
    // The old node marked gone (its machine dead) frees its address, nothing of it is reset; its
    // VM is still destroyed, so its VM id is not free yet.
    const gone = { gone: { "wk-3": "worker" as const } };
    expect(refused(before, lock({ ...rest, "wk-9": { ...old, vmId: 209, address: "10.0.0.33" } }, gone))).toEqual([]);
    expect(refused(before, lock({ ...rest, "wk-9": { ...old, address: "10.0.0.39" } }, gone))).toEqual([["cli/identity-reuse", "always"]]);
  });

  it("refuses a cluster renamed unless allowed, naming the VMs' new MAC addresses on Proxmox", () => {
    const before = lock(cluster(), { cluster: "lab" });
    const after = lock(cluster(), { cluster: "prod" });
    expect(refused(before, after)).toEqual([["cli/cluster-rename", "allow-replace"]]);
    expect(impactRefusals(rolloutImpact(before, after, proxmox), proxmox)[0]?.message).toContain("new MAC addresses");
    // Locks written before the name was recorded say nothing about it.
    const { cluster: _name, ...unnamed } = before;
    expect(refused(unnamed, after)).toEqual([]);
  });

  it("calls Secure Boot turned on a replacement: an installed node cannot move to it", () => {
    const before = lock(cluster());
    const after = lock({ ...cluster(), "wk-3": { ...wk(5, "c"), uefi: true, secureBoot: true } });
    expect(report(before, after)).toEqual([
      "5. wk-3 (worker): replaced (Secure Boot on: Talos cannot move an installed node, reinstall it (talosctl reset, then -replace its VM)): a new machine, installed from an empty disk",
    ]);
  });

  it("calls a Hetzner server's public network or location changed a replacement", () => {
    const server = (step: number, role: LockedNode["role"], extra: Partial<LockedNode> = {}): LockedNode => ({
      role,
      step,
      serverType: "cx23",
      location: "fsn1",
      configuration: "c",
      ...extra,
    });
    const hcloud = (nodes: MachinesLock["nodes"]): MachinesLock => ({ ...lock(nodes), platform: "hcloud" });
    const before = hcloud({ "cp-1": server(1, "controlplane"), "wk-1": server(2, "worker") });
    const platform = PLATFORMS.hcloud.lock;
    const moved = hcloud({ "cp-1": server(1, "controlplane", { publicNetwork: "ipv6" }), "wk-1": server(2, "worker", { location: "nbg1" }) });
    expect(describeRollout(rolloutImpact(before, moved, platform), platform)).toEqual([
      "1. cp-1 (control plane): replaced (public network ipv4 -> ipv6: a running server keeps the public addresses it has, or is powered off to lose one; recreate it (-replace its server)): a new machine, installed from an empty disk",
      "2. wk-1 (worker): replaced (location fsn1 -> nbg1: a server cannot move; every server would be created again): a new machine, installed from an empty disk",
    ]);
  });

  it("says that installed nodes keep their volumes when STATE or EPHEMERAL settings change", () => {
    const before = lock({ ...cluster(), "wk-2": { ...wk(4, "b"), volumes: "v1" } });
    const after = lock({ ...cluster(), "wk-2": { ...wk(4, "b", "y"), volumes: "v2" } });
    expect(report(before, after)).toEqual([
      "4. wk-2 (worker): configuration applied in place; system volumes kept as installed until wiped (`talosctl reset --system-labels-to-wipe EPHEMERAL --reboot`; STATE: reinstall)",
    ]);
  });

  it("hands every node of a tree from an earlier talos-hclgen to its talos_machine, and compares no digests of another kind", () => {
    const { digests: _d, ...older } = lock(cluster("old", "old"));
    const after = lock(cluster());
    expect(report(older, after)[0]).toBe(
      "1. cp-1 (control plane): taken over by its talos_machine (the rollout of this talos-hclgen): its configuration applied again, reboots only for a change",
    );
    expect(report({ ...after, digests: DIGESTS + 1 }, lock(cluster("x", "y")))).toEqual([
      "configurations not compared: machines.lock.json was written by another talos-hclgen; a changed configuration is applied in place",
    ]);
  });
});
