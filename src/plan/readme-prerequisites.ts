/**
 * What must exist before the first `tofu apply`: the generated README lists it. The platform's
 * own come first (src/platforms/<kind>/readme.ts: Proxmox VMs boot an image the tree downloads
 * itself; Hetzner servers need a Talos snapshot; existing machines must already run Talos in
 * maintenance mode at their address).
 */
import type { ClusterModel } from "../model/model.js";
import type { PlatformReadme } from "./platform-part.js";

export function prerequisites(model: ClusterModel, readme: PlatformReadme): string[] {
  const notes = [...readme.prerequisites, ...airGapPrerequisites(model), ...firewallPrerequisites(model), ...rolloutTools()];
  if (model.kubeletServingCerts !== undefined) {
    notes.push(
      `metrics-server verifies the kubelets' serving certificates: the control planes fetch the Kubelet Serving Certificate Approver from ${model.kubeletServingCerts.approverManifest} (\`cluster.extraManifests\`), which must be reachable from them.`,
    );
  }
  return notes;
}

/**
 * What the rollout runs beside the providers (templates/talos-cluster/main.tf.hbs): Talos keeps
 * a removed node's Kubernetes Node object (docs talos/v1.13 scaling-down.mdx), so the tree
 * deletes it with kubectl; a dead control plane's etcd member is removed with talosctl.
 */
function rolloutTools(): string[] {
  return [
    "`kubectl` where `tofu` runs: removing a node from the spec deletes its Kubernetes Node object with it (without kubectl the apply says what to run by hand). Marking a control plane `gone` also needs `talosctl`, which removes its etcd member.",
  ];
}

/**
 * With a blocking ingress firewall, every apply after the first (maintenance mode has no
 * firewall) reaches each node's Talos API through the rules the tree writes (plan/talos/
 * firewall.ts): from the admin networks or the node network only.
 */
function firewallPrerequisites(model: ClusterModel): string[] {
  const firewall = model.network.firewall;
  if (firewall?.ingress !== "block") return [];
  return [
    `The nodes' ingress firewall blocks what no rule opens: \`tofu\`, \`talosctl\` and \`kubectl\` must run from the node network (${model.network.cidr}) or from \`network.firewall.adminCidrs\` (${firewall.adminCidrs.join(", ")}), or the applies after the first cannot reach the nodes. Services on the host network (hostNetwork pods, NodePorts outside Cilium) need a rule of their own in \`network.firewall.rules\`.`,
  ];
}

/**
 * An air-gapped cluster's nodes reach only the mirrors, but the machine that runs `tofu` still
 * talks to the image factory (the talos provider creates the schematic there and lists the
 * extensions: talos_image_factory_schematic, talos_image_factory_extensions_versions) and to
 * the chart repositories that helm_template renders from at every plan.
 */
function airGapPrerequisites(model: ClusterModel): string[] {
  if (model.talos.installerMirror === undefined && model.talos.imageMirror === undefined) return [];
  const inlineCharts = model.cni.kind === "cilium" && model.cni.mode === "inline" ? ["https://helm.cilium.io"] : [];
  for (const addon of model.addons) if (addon.mode === "inline") inlineCharts.push(addon.repository);
  const reach = [`the image factory (${model.talos.factoryUrl}; \`talos.factoryUrl\` can name a self-hosted one)`];
  if (inlineCharts.length > 0) reach.push(`the chart repositories rendered into inline manifests (${[...new Set(inlineCharts)].join(", ")})`);
  return [`Air-gapped nodes pull only through the registry mirrors, but the machine that runs \`tofu\` must reach ${reach.join(" and ")}.`];
}
