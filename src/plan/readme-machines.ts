/**
 * "What this tree makes", first thing a reviewer reads in a pull request: the machines, where
 * they run, how the API is reached, and what runs on the cluster, in words and one table.
 */
import type { ClusterModel } from "../model/model.js";
import type { PlatformReadme } from "./platform-part.js";

/** "no workers", "1 worker", "3 workers". */
export function count(n: number, one: string, many: string): string {
  return n === 0 ? `no ${many}` : `${n} ${n === 1 ? one : many}`;
}

function endpointLine(model: ClusterModel, readme: PlatformReadme): string {
  const endpoint = model.endpoint;
  if (readme.createdEndpoint !== undefined) return readme.createdEndpoint.line;
  if (endpoint.vip !== undefined) return `The Kubernetes API is ${endpoint.url}: a Layer 2 VIP that one control plane holds at a time.`;
  return `The Kubernetes API is ${endpoint.url}.`;
}

/** What the first apply of an adopted cluster takes over, and what it makes. */
function adoptionLine(model: ClusterModel, readme: PlatformReadme): string {
  const adopted = model.nodes.filter((node) => node.adopt !== undefined).length;
  if (adopted === 0) {
    return "The first apply takes the cluster over: it imports its secrets (its secrets.yaml) and its bootstrap, and sends each node its configuration; nothing is bootstrapped again (see Adopting a running cluster).";
  }
  const created = model.nodes.length - adopted;
  const { machines, made } = readme.adoption(adopted, created);
  return `The first apply takes the cluster over: it imports its secrets (its secrets.yaml), its bootstrap, ${machines}${
    created === 0 ? "" : `, creates ${made}`
  }, and sends each node its configuration; nothing is bootstrapped again (see Adopting a running cluster).`;
}

function workloads(model: ClusterModel): string[] {
  const lines: string[] = [];
  const cni = model.cni;
  if (cni.kind === "cilium") {
    lines.push(
      `Cilium ${cni.version} is the CNI and replaces kube-proxy, ${cni.mode === "inline" ? "created by the control planes at bootstrap (an inline manifest)" : "installed by Helm after the health check"}.`,
    );
  } else if (cni.kind === "flannel") lines.push("Flannel, Talos's default CNI, comes up with the cluster.");
  else lines.push("No CNI is installed: bring your own.");
  for (const addon of model.addons) {
    lines.push(`${addon.chart} ${addon.version} runs in ${addon.namespace} (${addon.mode === "inline" ? "an inline manifest" : "a Helm release"}).`);
  }
  const { flux, argocd, tofuController } = model.gitops;
  if (flux !== undefined) lines.push(`Flux syncs ${flux.url} (branch ${flux.branch}, path ${flux.path}) from day 0.`);
  if (argocd !== undefined) lines.push("Argo CD runs from day 0, with a root Application.");
  if (tofuController !== undefined) lines.push("tofu-controller objects let a fleet cluster apply this tree (tofu-controller/).");
  return lines;
}

export function machinesView(model: ClusterModel, readme: PlatformReadme) {
  const planes = model.nodes.filter((n) => n.role === "controlplane").length;
  const workers = model.nodes.length - planes;
  return {
    lines: [
      `${count(planes, "control plane", "control planes")} and ${count(workers, "worker", "workers")} ${readme.where}, running Talos ${model.talos.version} and Kubernetes ${model.kubernetes.version}.`,
      endpointLine(model, readme),
      ...(model.talos.secrets === "import" ? [adoptionLine(model, readme)] : []),
      ...workloads(model),
    ],
    placeHeader: readme.placeHeader,
    rows: model.nodes.map((node) => ({
      name: node.name,
      role: node.role === "controlplane" ? "control plane" : "worker",
      place: readme.place(node),
      address: node.ip ?? "DHCP",
      size: readme.size(node),
    })),
  };
}
