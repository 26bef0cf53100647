import { describe, expect, it } from "vitest";
import { normalize } from "../model/normalize.js";
import type { AddonsSpec, CiliumSpec, ClusterSpec } from "../spec/types.js";
import { bootReleases, kubernetesReadyAtBoot, usesHelmRelease, waitForExpr } from "./helm-releases.js";
import { PLATFORMS } from "../platforms/index.js";

function model(cni: { cilium?: CiliumSpec; none?: Record<string, never> } | undefined, addons?: AddonsSpec) {
  const spec: ClusterSpec = {
    apiVersion: "talos-hclgen/v1",
    kind: "Cluster",
    metadata: { name: "t" },
    spec: {
      endpoint: { host: "10.0.1.11" },
      network: { cidr: "10.0.1.0/24" },
      platform: { hcloud: { location: "fsn1", adminCidrs: ["203.0.113.0/24"] } },
      nodeClasses: { cp: { cpu: 2, memory: 4096, osDisk: 40, serverType: "cx33" } },
      nodes: [{ name: "cp-1", role: "controlplane", class: "cp", address: "10.0.1.11/24" }],
      ...(cni === undefined ? {} : { cni }),
      ...(addons === undefined ? {} : { addons }),
    },
  };
  return normalize(spec, "spec.yaml", PLATFORMS.hcloud);
}

describe("what the health check and the releases wait for", () => {
  it("flannel or inline Cilium: Kubernetes is ready at boot, nothing is released", () => {
    for (const m of [model(undefined), model({ cilium: {} })]) {
      expect(kubernetesReadyAtBoot(m)).toBe(true);
      expect(usesHelmRelease(m)).toBe(false);
    }
  });

  it("no CNI: the health check cannot see Ready nodes", () => {
    expect(kubernetesReadyAtBoot(model({ none: {} }))).toBe(false);
  });

  it("Cilium by Helm: the health check skips Kubernetes, add-on releases wait for Cilium", () => {
    const m = model({ cilium: { mode: "helm-release" } }, { metricsServer: {} });
    expect(kubernetesReadyAtBoot(m)).toBe(false);
    expect(bootReleases(m)).toEqual(["cilium"]);
    expect(waitForExpr(m, "cilium")).toBe("[module.cluster.healthy]");
    expect(waitForExpr(m, "metrics_server")).toBe("[module.cluster.healthy, module.cilium.release]");
  });

  it("the cloud controller manager by Helm lifts the uninitialized taint before the others run", () => {
    const m = model({ cilium: {} }, { certManager: {}, hcloudCcm: { mode: "helm-release" } });
    expect(kubernetesReadyAtBoot(m)).toBe(false);
    expect(waitForExpr(m, "hcloud_ccm")).toBe("[module.cluster.healthy]");
    expect(waitForExpr(m, "cert_manager")).toBe("[module.cluster.healthy, module.hcloud_ccm.release]");
  });

  it("the cloud controller manager inline (its default) keeps the full health check", () => {
    const m = model({ cilium: {} }, { hcloudCcm: {} });
    expect(m.addons.map((a) => [a.id, a.mode])).toEqual([["hcloud-ccm", "inline"]]);
    expect(kubernetesReadyAtBoot(m)).toBe(true);
  });
});

describe("add-on defaults", () => {
  it("installs cert-manager and metrics-server by Helm, merges user values over the defaults", () => {
    const m = model({ cilium: {} }, { metricsServer: { values: { replicas: 2 } }, certManager: { values: { crds: { keep: true } } } });
    expect(m.addons.map((a) => [a.id, a.mode, a.values])).toEqual([
      ["cert-manager", "helm-release", { crds: { enabled: true, keep: true } }],
      // kubeletTls verify (the default): the kubelets' certificates are verified, no flag.
      ["metrics-server", "helm-release", { replicas: 2 }],
    ]);
    expect(m.kubeletServingCerts?.approverManifest).toMatch(/kubelet-serving-cert-approver\/v0\.11\.0\//);
  });
  it("skips the kubelets' certificate check only when told (kubeletTls insecure)", () => {
    const m = model({ cilium: {} }, { metricsServer: { kubeletTls: "insecure" } });
    expect(m.addons.map((a) => a.values)).toEqual([{ args: ["--kubelet-insecure-tls"] }]);
    expect(m.kubeletServingCerts).toBeUndefined();
  });
});
