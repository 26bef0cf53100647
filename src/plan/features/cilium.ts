/**
 * Cilium, configured the way Talos needs it. inline: helm_template renders the chart and the
 * manifest goes into every control plane's inline manifests (the 000 and 003 seeds); helm-release:
 * a helm_release once the Kubernetes API answers (the 002 seed). Values and load-balancer
 * objects are files of the tree (values/cilium.yaml, manifests/cilium-lb.yaml), never HCL literals.
 */
import type { CiliumModel } from "../../model/cilium.js";
import type { ClusterModel } from "../../model/model.js";
import { expr } from "../../render/hcl-value.js";
import type { Feature } from "../feature.js";
import { CHART_CALLS, waitForExpr } from "../helm-releases.js";
import { planModuleFiles, renderSection } from "../module-files.js";
import { ciliumLbFile, CILIUM_LB_PATH } from "./cilium-lb.js";
import { valuesFile } from "./values-file.js";

const FOLDER = "cilium";
const VALUES_PATH = "values/cilium.yaml";
const CALL = CHART_CALLS.cilium;

function ciliumOf(model: ClusterModel): CiliumModel {
  if (model.cni.kind !== "cilium") throw new Error("plan bug: cilium feature without cni.cilium");
  return model.cni;
}

const fileExpr = (path: string) => expr(`file("\${path.module}/${path}")`);

export const cilium: Feature = {
  id: FOLDER,
  enabled: (model) => model.cni.kind === "cilium",
  module: (model) => {
    const release = ciliumOf(model).mode === "helm-release";
    return {
      folder: FOLDER,
      call: CALL,
      description: release
        ? "Cilium installed by a helm_release once the Kubernetes API answers, with the values Talos requires (values/cilium.yaml)."
        : "Cilium rendered client-side by helm_template with the values Talos requires (values/cilium.yaml), as one inline manifest of every control plane.",
      diagram: release ? [`cluster -- "kubeconfig" --> ${CALL}`] : [`${CALL} -- "inline manifest" --> cluster`],
    };
  },
  files: (model) => {
    const c = ciliumOf(model);
    const lb = ciliumLbFile(model, c);
    return [
      ...planModuleFiles(model, FOLDER, { release: c.mode === "helm-release" }),
      valuesFile(model, VALUES_PATH, c.values, [
        "Helm values of the cilium chart: what Talos requires (ipam.mode kubernetes, kube-proxy",
        "replacement, the API through KubePrism on localhost, cgroup, capabilities) with",
        "cni.cilium.values from the spec merged over it; the spec cannot drop a required value.",
      ]),
      ...(lb === undefined ? [] : [lb]),
    ];
  },
  // In helm-release mode the load-balancer objects still come with the cluster: Talos retries
  // creating them until the Cilium operator has registered their CRDs.
  inlineManifests: (model) => {
    const c = ciliumOf(model);
    if (c.mode === "inline") return [`module.${CALL}.inline_manifests`];
    if (c.loadBalancer === undefined) return [];
    return [`[{ name = "cilium-lb", contents = file("\${path.module}/${CILIUM_LB_PATH}") }]`];
  },
  root: (model) => {
    const c = ciliumOf(model);
    const release = c.mode === "helm-release";
    return {
      calls: [
        renderSection(FOLDER, "call", {
          release,
          version: c.version,
          kubernetesVersion: model.kubernetes.version,
          values: fileExpr(VALUES_PATH),
          extraManifests: !release && c.loadBalancer !== undefined ? [fileExpr(CILIUM_LB_PATH)] : null,
          waitFor: release ? expr(waitForExpr(model, CALL)) : null,
        }),
      ],
    };
  },
};
