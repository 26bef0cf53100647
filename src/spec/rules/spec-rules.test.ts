import { describe, expect, it } from "vitest";
import { check, checkMutated, sketch } from "../spec.test-helper.js";
import type { ClusterSpec, NodeSpec } from "../types.js";

const node = (s: ClusterSpec, i: number): NodeSpec => {
  const n = s.spec.nodes[i];
  if (n === undefined) throw new Error(`test setup: no node ${i}`);
  return n;
};

describe("references", () => {
  it("suggests the nearest host, or lists the pool", () => {
    expect(check(sketch())).toEqual([]);
    const typo = sketch();
    node(typo, 3).host = "alhpa";
    expect(check(typo).map((d) => [d.code, d.message, d.hint])).toEqual([
      ["spec/unknown-host", 'nodes[3].host "alhpa" is not in platform.proxmox.hosts', 'did you mean "alpha"?'],
    ]);
    const far = sketch();
    node(far, 3).host = "zulu";
    expect(check(far)[0]?.hint).toBe("defined hosts: alpha, charlie, foxtrot");
  });

  it("suggests the nearest class", () => {
    const s = sketch();
    node(s, 3).class = "wroker";
    expect(check(s).map((d) => [d.code, d.hint])).toEqual([["spec/unknown-class", 'did you mean "worker"?']]);
    delete s.spec.nodeClasses;
    node(s, 0).class = "x";
    expect(check(s).map((d) => d.hint)).toContain("no classes defined yet");
  });
});

describe("versions", () => {
  it("names the supported Kubernetes range and the Talos releases that would fit", () => {
    const s = sketch();
    s.spec.kubernetes = { ...s.spec.kubernetes, version: "v1.37.1" };
    expect(check(s).map((d) => [d.code, d.message, d.hint])).toEqual([
      [
        "spec/unsupported-kubernetes",
        "Kubernetes v1.37.1 is not supported by Talos v1.13.9 (it supports Kubernetes 1.31 to 1.36)",
        "use a Kubernetes 1.31 to 1.36 release, or a Talos release that supports 1.37 (v1.14)",
      ],
    ]);
  });

  it("checks an old Talos against the default Kubernetes version", () => {
    expect(
      checkMutated((s) => {
        s.spec.talos = { ...s.spec.talos, version: "v1.10.6", contract: "v1.10" };
        delete s.spec.kubernetes?.version;
      }),
    ).toEqual([
      "error spec/unsupported-kubernetes: Talos v1.10.6 does not support the default Kubernetes version v1.36.3 (it supports Kubernetes 1.28 to 1.33)",
    ]);
  });

  it("warns about an unknown Talos minor instead of guessing", () => {
    expect(checkMutated((s) => void (s.spec.talos = { ...s.spec.talos, version: "v1.15.0-alpha.1", contract: "v1.13" }))).toEqual([
      "warning spec/unknown-talos-version: Talos v1.15.0-alpha.1 is not in the support table (known: v1.10 to v1.14); Kubernetes compatibility is not checked",
    ]);
  });

  it("refuses a contract newer than the installed Talos", () => {
    expect(checkMutated((s) => void (s.spec.talos = { ...s.spec.talos, contract: "v1.14" }))).toEqual([
      "error spec/contract-too-new: talos.contract v1.14 is newer than Talos v1.13.9",
    ]);
  });

  it("refuses a contract newer than the newest the compiler emits, on a Talos that has it", () => {
    expect(checkMutated((s) => void (s.spec.talos = { ...s.spec.talos, version: "v1.14.0", contract: "v1.14" }))).toEqual([
      "error spec/contract-unsupported: talos.contract v1.14 is newer than the newest contract talos-hclgen emits (v1.13)",
    ]);
  });
});

describe("platform fit", () => {
  function onHcloud(mutate: (s: ClusterSpec) => void = () => undefined): string[] {
    return checkMutated((s) => {
      s.spec.platform = { hcloud: { location: "fsn1", adminCidrs: ["203.0.113.0/24"], networkRange: "192.168.0.0/16" } };
      s.spec.nodeClasses = { control_plane: { serverType: "cx33" } as never, worker: { serverType: "cx43" } as never };
      delete s.spec.endpoint.vip;
      delete s.spec.network.gateway; // Hetzner's private network brings its own
      delete s.spec.cni;
      s.spec.nodes = s.spec.nodes.slice(0, 3);
      mutate(s);
    });
  }

  it("accepts a clean hcloud spec", () => {
    expect(onHcloud()).toEqual([]);
  });

  it("refuses Proxmox node fields, the VIP and L2 pools on hcloud", () => {
    expect(
      onHcloud((s) => {
        node(s, 0).vmId = 100;
        node(s, 1).networks = [{ address: "192.168.62.22/24" }];
        s.spec.endpoint.vip = "192.168.62.20";
      }),
    ).toEqual([
      "error spec/platform-mismatch: endpoint.vip does not apply to the hcloud platform: a Layer 2 VIP needs a shared layer 2 network, which Hetzner Cloud does not have (see platform.hcloud.apiEndpoint)",
      "error spec/platform-mismatch: nodes[0].vmId does not apply to the hcloud platform: it configures a Proxmox VM",
      "error spec/platform-mismatch: nodes[1].networks does not apply to the hcloud platform: server NICs come from the private network",
    ]);
  });

  it("needs serverType on hcloud classes and cpu/memory/osDisk on proxmox classes", () => {
    expect(onHcloud((s) => void (s.spec.nodeClasses = { control_plane: { serverType: "cx33" } as never, worker: { cpu: 2 } as never }))).toEqual([
      'error spec/missing-class-field: nodeClasses.worker needs "serverType" on hcloud',
      "error spec/platform-mismatch: nodeClasses.worker.cpu does not apply to the hcloud platform: the server type decides the machine (its size and architecture)",
    ]);
    expect(checkMutated((s) => void (s.spec.nodeClasses = { ...s.spec.nodeClasses, worker: { cpu: 2 } as never }))).toEqual([
      'error spec/missing-class-field: nodeClasses.worker needs "memory" and "osDisk" on proxmox',
    ]);
  });

  it("keeps the hcloud node network inside its private range", () => {
    expect(onHcloud((s) => void ((s.spec.platform.hcloud ?? { networkRange: "" }).networkRange = "10.0.0.0/16"))).toEqual([
      "error spec/network-outside-range: network.cidr 192.168.62.0/24 is not inside platform.hcloud.networkRange 10.0.0.0/16",
    ]);
    // The default range (10.0.0.0/16) is held to the same: Hetzner refuses a subnet outside it.
    expect(onHcloud((s) => void delete (s.spec.platform.hcloud ?? {}).networkRange)).toEqual([
      "error spec/network-outside-range: network.cidr 192.168.62.0/24 is not inside the default platform.hcloud.networkRange 10.0.0.0/16",
    ]);
  });

  it("on metal, refuses class sizing and Proxmox NIC fields and needs addresses", () => {
    expect(
      checkMutated((s) => {
        s.spec.platform = { metal: { interface: "enp1s0" } };
        s.spec.nodeClasses = { control_plane: { memory: 8192, labels: { rack: "r1" } } };
        s.spec.nodes = [
          { name: "cp-1", role: "controlplane", address: "192.168.62.21/24", class: "control_plane" },
          { name: "wk-1", role: "worker", networks: [{ bridge: "vmbr0", address: "dhcp" }] },
        ];
      }),
    ).toEqual([
      // A class may still carry node settings (the labels) to its nodes.
      "error spec/platform-mismatch: nodeClasses.control_plane.memory does not apply to the metal platform: the machines already exist",
      'error spec/missing-address: nodes[1] ("wk-1") has no static address',
      "error spec/platform-mismatch: nodes[1].networks[0].bridge does not apply to the metal platform: a bridge name configures a Proxmox VM; a bridge the machine makes is bridge: { members: [...] }",
      // The base spec's Cilium L2 announcement names eth0, which a metal machine does not have.
      'warning spec/interface-name: cni.cilium.loadBalancer.l2.interfaces names "eth0", but metal machines name their links predictably (enp1s0, eno1) unless the kernel has net.ifnames=0, which the cluster\'s image lacks: no link would announce the service IPs',
    ]);
  });

  it("keeps the Hetzner CCM on hcloud", () => {
    expect(checkMutated((s) => void (s.spec.addons = { hcloudCcm: {} }))).toEqual([
      "error spec/platform-mismatch: addons.hcloudCcm does not apply to the proxmox platform: the Hetzner Cloud controller manager only runs on hcloud",
    ]);
  });
});

describe("gitops", () => {
  it("refuses flux with argocd, pointing at the later one", () => {
    expect(
      checkMutated((s) => {
        s.spec.gitops = { argocd: { repository: "https://github.com/example/apps.git", path: "apps" }, ...s.spec.gitops };
      }),
    ).toEqual(["error spec/gitops-conflict: gitops.flux cannot be combined with gitops.argocd (line N)"]);
  });

  it("lets tofuController combine with either", () => {
    expect(
      checkMutated(
        (s) =>
          void (s.spec.gitops = {
            ...s.spec.gitops,
            tofuController: { repository: "ssh://git@github.com/example/infra.git", path: "infra", runnerImage: "ghcr.io/flux-iac/tf-runner:v0.16.5" },
          }),
      ),
    ).toEqual([]);
  });
});

describe("URLs", () => {
  it("parses URL fields for real", () => {
    expect(
      checkMutated((s) => {
        s.spec.registryMirrors = { "docker.io": { endpoints: ["https://harbor.example.com:70000/v2"] } };
        s.spec.gitops = { argocd: { repository: "http://:80/apps.git", path: "apps" } };
      }),
    ).toEqual([
      'error spec/invalid-url: registryMirrors["docker.io"].endpoints[0] "https://harbor.example.com:70000/v2" is not a valid URL',
      'error spec/invalid-url: gitops.argocd.repository "http://:80/apps.git" is not a valid URL',
    ]);
  });
});
