import { describe, expect, it } from "vitest";
import { checkMutated, plain } from "../spec.test-helper.js";
import type { ClusterSpec } from "../types.js";

/** The sketch (Cilium with L2 announcements) with these Cilium values. */
function withValues(values: Record<string, unknown>, mutate?: (spec: ClusterSpec) => void): string[] {
  return checkMutated((s) => {
    const cilium = s.spec.cni?.cilium;
    if (cilium === undefined) throw new Error("test setup: the sketch has no cni.cilium");
    cilium.values = values;
    mutate?.(s);
  });
}

const codes = (lines: readonly string[]): string[] => lines.map((l) => l.split(":")[0] ?? l);

describe("Cilium values that contradict what Talos requires", () => {
  it("accepts values that add to the requirements or repeat them", () => {
    expect(
      withValues({
        hubble: { relay: { enabled: true } },
        ipam: { mode: "kubernetes", operator: { clusterPoolIPv4MaskSize: 24 } },
        kubeProxyReplacement: "true",
        k8sServicePort: "7445",
        k8sServiceHost: "127.0.0.1",
        cgroup: { autoMount: { enabled: false, resources: {} } },
        securityContext: {
          privileged: false,
          capabilities: {
            ciliumAgent: [
              "CHOWN",
              "KILL",
              "NET_ADMIN",
              "NET_RAW",
              "IPC_LOCK",
              "SYS_ADMIN",
              "SYS_RESOURCE",
              "DAC_OVERRIDE",
              "FOWNER",
              "SETGID",
              "SETUID",
              "PERFMON",
            ],
          },
        },
        l2announcements: { enabled: true, leaseDuration: "3s" },
      }),
    ).toEqual([]);
  });

  it("rejects kube-proxy replacement off, since kube-proxy is disabled", () => {
    expect(withValues({ kubeProxyReplacement: false })).toEqual([
      "error spec/cilium-value-conflict: cni.cilium.values.kubeProxyReplacement is false, but Talos needs true: the generated Talos configuration disables kube-proxy (cluster.proxy.disabled), so without the replacement no Service would work",
    ]);
  });

  it("rejects another IPAM mode and another API port than KubePrism's", () => {
    const lines = withValues({ ipam: { mode: "cluster-pool" }, k8sServicePort: 6443 });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^error spec\/cilium-value-conflict: cni\.cilium\.values\.ipam\.mode is "cluster-pool", but Talos needs "kubernetes": /);
    expect(lines[1]).toMatch(
      /^error spec\/cilium-value-conflict: cni\.cilium\.values\.k8sServicePort is 6443, but Talos needs 7445: KubePrism listens on port 7445/,
    );
  });

  it("rejects a capability list that drops a required capability (lists replace whole)", () => {
    const lines = withValues({ securityContext: { capabilities: { cleanCiliumState: ["NET_ADMIN"] } } });
    expect(lines).toEqual([
      expect.stringMatching(
        /cni\.cilium\.values\.securityContext\.capabilities\.cleanCiliumState lacks SYS_ADMIN, SYS_RESOURCE, but Talos needs a list holding NET_ADMIN, SYS_ADMIN, SYS_RESOURCE/,
      ),
    ]);
  });

  it("rejects a scalar where a map holds a requirement", () => {
    expect(withValues({ cgroup: false })).toEqual([
      'error spec/cilium-value-conflict: cni.cilium.values.cgroup must be a map: it replaces values Talos needs (autoMount.enabled false, hostRoot "/sys/fs/cgroup")',
    ]);
  });

  it("rejects l2announcements off only when loadBalancer.l2 asks for announcements", () => {
    expect(codes(withValues({ l2announcements: { enabled: false } }))).toEqual(["error spec/cilium-value-conflict"]);
    const withoutL2 = withValues({ l2announcements: { enabled: false } }, (s) => {
      const lb = s.spec.cni?.cilium?.loadBalancer;
      if (lb !== undefined) delete lb.l2;
    });
    expect(withoutL2).toEqual([]);
  });

  it("points at the user's value", () => {
    const text = [
      "apiVersion: talos-hclgen/v1",
      "kind: Cluster",
      "metadata: { name: lab }",
      "spec:",
      "  endpoint: { vip: 192.168.62.20 }",
      "  network: { cidr: 192.168.62.0/24 }",
      "  platform:",
      "    proxmox:",
      "      endpoint: https://pve.example.com:8006/",
      "      hosts: { pve: {} }",
      "  nodes:",
      "    - { name: cp-1, role: controlplane, address: 192.168.62.21/24 }",
      "  cni:",
      "    cilium:",
      "      values:",
      "        kubeProxyReplacement: false",
      "",
    ].join("\n");
    expect(plain(text)).toEqual([expect.stringMatching(/^spec\.yaml:16:31: error\[spec\/cilium-value-conflict\]/)]);
  });
});
