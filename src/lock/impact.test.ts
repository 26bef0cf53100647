import { describe, expect, it } from "vitest";
import { describeImpact, foldImpacts, machineImpact } from "./impact.js";
import type { MachinesLock } from "./machines-lock.js";
import { PLATFORMS } from "../platforms/index.js";

const lock = (nodes: MachinesLock["nodes"], kubernetes = "v1.36.3"): MachinesLock => ({ platform: "proxmox", talos: "v1.13.9", kubernetes, nodes });
const cp = (host: string, configuration = "a") => ({
  role: "controlplane" as const,
  host,
  vmId: 1,
  cpu: 4,
  memory: 8192,
  osDisk: 64,
  uefi: false,
  configuration,
});
const wk = (host: string, configuration = "b") => ({ role: "worker" as const, host, vmId: 2, cpu: 8, memory: 16384, osDisk: 100, uefi: false, configuration });

describe("machineImpact", () => {
  it("says nothing when nothing changes", () => {
    const same = lock({ "cp-1": cp("a"), "wk-1": wk("b") });
    expect(machineImpact(same, same, PLATFORMS[same.platform].lock)).toEqual([]);
  });

  it("reports a removed node's reset and the Node object to delete", () => {
    const next = lock({ "cp-1": cp("a") });
    expect(describeImpact(machineImpact(lock({ "cp-1": cp("a"), "wk-1": wk("b") }), next, PLATFORMS.proxmox.lock), next)).toEqual([
      "wk-1: destroyed (reset first (leaves etcd, wiped); then `kubectl delete node wk-1`)",
    ]);
  });

  it("names every node of a Kubernetes bump and says to run upgrade-k8s first", () => {
    const before = lock({ "cp-1": cp("a"), "cp-2": cp("b"), "cp-3": cp("c"), "wk-1": wk("a") });
    const next = lock({ "cp-1": cp("a", "x"), "cp-2": cp("b", "x"), "cp-3": cp("c", "x"), "wk-1": wk("a", "y") }, "v1.36.4");
    expect(describeImpact(foldImpacts(machineImpact(before, next, PLATFORMS[next.platform].lock)), next)).toEqual([
      "every node: reconfigured (configuration (Kubernetes v1.36.3 -> v1.36.4)); run `talosctl upgrade-k8s` first, or every node restarts its Kubernetes components at once",
    ]);
  });

  it("marks a control plane replaced by a host change and folds reboots of a role", () => {
    const before = lock({ "cp-1": cp("a"), "cp-2": cp("b"), "cp-3": cp("c") });
    const next = lock({ "cp-1": { ...cp("a"), memory: 16384 }, "cp-2": { ...cp("d"), memory: 16384 }, "cp-3": { ...cp("c"), memory: 16384 } });
    const impacts = foldImpacts(machineImpact(before, next, PLATFORMS[next.platform].lock));
    expect(impacts.map((i) => [i.kind, i.nodes, i.controlPlane])).toEqual([
      ["reboot", ["cp-1", "cp-3"], true],
      ["replace", ["cp-2"], true],
    ]);
  });

  it("calls a changed VM id a replacement: bpg/proxmox creates the VM anew", () => {
    const before = lock({ "cp-1": cp("a"), "wk-1": wk("b") });
    const next = lock({ "cp-1": cp("a"), "wk-1": { ...wk("b"), vmId: 9 } });
    expect(machineImpact(before, next, PLATFORMS.proxmox.lock).map((i) => [i.kind, i.nodes, i.detail, i.controlPlane])).toEqual([
      ["replace", ["wk-1"], "VM id 2 -> 9", false],
    ]);
  });

  it("calls a role change a replacement that concerns a control plane, either way", () => {
    const before = lock({ "cp-1": cp("a"), "wk-1": wk("b") });
    const swapped = lock({ "cp-1": { ...cp("a"), role: "worker" }, "wk-1": { ...wk("b"), role: "controlplane" } });
    // A control plane turned worker leaves etcd, a worker turned control plane joins it: the
    // build refuses both without --allow-replace (src/cli/commands/build-impact.ts).
    expect(machineImpact(before, swapped, PLATFORMS.proxmox.lock).map((i) => [i.kind, i.nodes, i.controlPlane])).toEqual([
      ["replace", ["cp-1"], true],
      ["replace", ["wk-1"], true],
    ]);
  });

  it("calls Secure Boot turned on a replacement of every VM: an installed node cannot move to it", () => {
    const before = lock({ "cp-1": cp("a"), "wk-1": wk("b") });
    const next = lock({ "cp-1": { ...cp("a"), uefi: true, secureBoot: true }, "wk-1": { ...wk("b"), uefi: true, secureBoot: true } });
    expect(describeImpact(foldImpacts(machineImpact(before, next, PLATFORMS[next.platform].lock)), next)).toEqual([
      "cp-1: replaced (Secure Boot on: Talos cannot move an installed node, reinstall it (talosctl reset, then -replace its VM))",
      "wk-1: replaced (Secure Boot on: Talos cannot move an installed node, reinstall it (talosctl reset, then -replace its VM))",
    ]);
    expect(machineImpact(next, next, PLATFORMS[next.platform].lock)).toEqual([]);
  });

  it("calls a Hetzner server's public network changed a replacement: the tree never changes it on a running server", () => {
    const server = (role: "controlplane" | "worker", publicNetwork?: "ipv6" | "dual-stack") => ({
      role,
      serverType: "cx23",
      configuration: "c",
      ...(publicNetwork === undefined ? {} : { publicNetwork }),
    });
    const hcloud = (nodes: MachinesLock["nodes"]): MachinesLock => ({ ...lock(nodes), platform: "hcloud" });
    const before = hcloud({ "cp-1": server("controlplane"), "wk-1": server("worker") });
    const next = hcloud({ "cp-1": server("controlplane", "ipv6"), "wk-1": server("worker", "ipv6") });
    const impacts = machineImpact(before, next, PLATFORMS[next.platform].lock);
    expect(impacts.map((i) => [i.kind, i.nodes, i.controlPlane])).toEqual([
      ["replace", ["cp-1"], true],
      ["replace", ["wk-1"], false],
    ]);
    expect(describeImpact(impacts, next)[0]).toBe(
      "cp-1: replaced (public network ipv4 -> ipv6: a running server keeps the public addresses it has, or is powered off to lose one; recreate it (-replace its server))",
    );
    expect(machineImpact(next, next, PLATFORMS[next.platform].lock)).toEqual([]);
  });

  it("calls an edit of machine files a reboot of every node it reaches", () => {
    const before = lock({ "cp-1": cp("a"), "cp-2": { ...cp("b"), files: "f1" }, "wk-1": wk("c") });
    const next = lock({ "cp-1": { ...cp("a", "x"), files: "f2" }, "cp-2": { ...cp("b", "x"), files: "f2" }, "wk-1": wk("c") });
    expect(describeImpact(foldImpacts(machineImpact(before, next, PLATFORMS[next.platform].lock)), next)).toEqual([
      "every control plane: rebooted (machine files), all at once: apply one at a time (-parallelism=1)",
      "every control plane: reconfigured (configuration)",
    ]);
  });

  it("says that installed nodes keep their volumes when STATE or EPHEMERAL settings change", () => {
    const before = lock({ "cp-1": cp("a"), "wk-1": wk("b"), "wk-2": { ...wk("c"), volumes: "v1" } });
    const next = lock({
      "cp-1": cp("a", "x"),
      "wk-1": { ...wk("b", "y"), volumes: "v2" },
      "wk-2": { ...wk("c", "y"), volumes: "v2" },
      "wk-3": { ...wk("a"), volumes: "v2" },
    });
    expect(describeImpact(foldImpacts(machineImpact(before, next, PLATFORMS[next.platform].lock)), next)).toEqual([
      "wk-1, wk-2: reconfigured (system volumes: kept as installed until wiped, `talosctl reset --system-labels-to-wipe EPHEMERAL --reboot` (STATE: reinstall))",
      "wk-3: created (new worker)",
      "cp-1, wk-1, wk-2: reconfigured (configuration)",
    ]);
  });
});
