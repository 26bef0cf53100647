/**
 * "What this tree makes", first thing a reviewer reads in a pull request: the machines, where
 * they run, how the API is reached, and what runs on the cluster, in words and one table.
 */
import type { ClusterModel, NodeModel } from "../model/model.js";

const gib = (mib: number): string => `${Number.isInteger(mib / 1024) ? mib / 1024 : (mib / 1024).toFixed(1)} GiB`;

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function where(model: ClusterModel): string {
  const platform = model.platform;
  switch (platform.kind) {
    case "proxmox": {
      const hosts = [...new Set(model.nodes.map((n) => n.host ?? ""))].filter((h) => h !== "").sort();
      return `as Proxmox VE VMs on ${hosts.join(", ")}`;
    }
    case "hcloud":
      return `as Hetzner Cloud servers in ${platform.location}, in ${
        platform.networkId === undefined ? `a private network ${platform.networkRange}` : `the project's existing private network ${platform.networkId} (${platform.networkRange})`
      }${PUBLIC_NETWORK[platform.publicNetwork]}${platform.firewallIds === undefined ? "" : `, behind the tree's firewall and the project's firewall${platform.firewallIds.length > 1 ? "s" : ""} ${platform.firewallIds.join(", ")}`}`;
    case "metal":
      // An adopted cluster's machines run it already; a new one's wait in maintenance mode.
      return model.talos.secrets === "import" ? "on machines that already run this cluster" : "on machines that already run Talos in maintenance mode";
  }
}

/** Which of a Hetzner load balancer's addresses the API endpoint is. */
const LOAD_BALANCER_ADDRESS = { ipv4: "", "dual-stack": "", ipv6: " at its IPv6", none: " at its private address (its public interface off)" } as const;

/** What a Hetzner server has besides its private address (platform.hcloud.publicNetwork). */
const PUBLIC_NETWORK = {
  ipv4: "",
  "dual-stack": ", each with a public IPv4 and IPv6",
  ipv6: ", each with a public IPv6 and no IPv4",
  none: ", with no public address",
} as const;

function endpointLine(model: ClusterModel): string {
  const endpoint = model.endpoint;
  if (endpoint.created === "load-balancer") {
    const address = model.platform.kind === "hcloud" ? LOAD_BALANCER_ADDRESS[model.platform.publicNetwork] : "";
    return `The Kubernetes API is reached through a Hetzner load balancer${address} on port ${endpoint.port}.`;
  }
  if (endpoint.created === "floating-ip") {
    const existing = model.platform.kind === "hcloud" ? model.platform.floatingIpId : undefined;
    const ip = existing === undefined ? "a Hetzner floating IP" : `the project's Hetzner floating IP ${existing}`;
    return `The Kubernetes API is reached at ${ip} that Talos moves between control planes, port ${endpoint.port}.`;
  }
  if (endpoint.vip !== undefined) return `The Kubernetes API is ${endpoint.url}: a Layer 2 VIP that one control plane holds at a time.`;
  return `The Kubernetes API is ${endpoint.url}.`;
}

/** What the first apply of an adopted cluster takes over, and what it makes. */
function adoptionLine(model: ClusterModel): string {
  const adopted = model.nodes.filter((node) => node.adopt !== undefined).length;
  if (adopted === 0) {
    return "The first apply takes the cluster over: it imports its secrets (its secrets.yaml) and its bootstrap, and sends each node its configuration; nothing is bootstrapped again (see Adopting a running cluster).";
  }
  const created = model.nodes.length - adopted;
  const machines =
    model.platform.kind === "proxmox"
      ? count(adopted, "running VM", "running VMs")
      : `${count(adopted, "running server", "running servers")} with ${adopted === 1 ? "its" : "their"} primary ${model.platform.kind === "hcloud" && model.platform.publicNetwork === "ipv6" ? "IPv6" : "IPv4"} and the node subnet`;
  const made = model.platform.kind === "proxmox" ? count(created, "new VM", "new VMs") : count(created, "new server", "new servers");
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

function size(model: ClusterModel, node: NodeModel): string {
  switch (model.platform.kind) {
    case "proxmox":
      return `${node.cpu} vCPU, ${gib(node.memory)}, ${node.osDisk} GB${node.dataDisk === undefined ? "" : ` + ${node.dataDisk} GB data`}${
        model.platform.secureBoot ? ", UEFI Secure Boot, vTPM" : node.uefi ? ", UEFI" : ""
      }`;
    case "hcloud":
      return node.serverType ?? "";
    case "metal":
      if (node.installDiskSelector !== undefined)
        return `installs to the disk with ${Object.entries(node.installDiskSelector).map(([k, v]) => `${k} ${v}`).join(", ")}`;
      return `installs to ${node.installDisk ?? model.talos.installDisk}`;
  }
}

function place(model: ClusterModel, node: NodeModel): string {
  switch (model.platform.kind) {
    case "proxmox":
      return `${node.host ?? ""}${node.vmId === undefined ? "" : ` (VM ${node.vmId}${node.adopt === true ? ", running" : ""})`}`;
    case "hcloud":
      return typeof node.adopt === "object" ? `${model.platform.location} (server ${node.adopt.serverId})` : model.platform.location;
    case "metal":
      return node.nics[0]?.mac ?? node.nics[0]?.link ?? "";
  }
}

export function machinesView(model: ClusterModel) {
  const planes = model.nodes.filter((n) => n.role === "controlplane").length;
  const workers = model.nodes.length - planes;
  return {
    lines: [
      `${count(planes, "control plane", "control planes")} and ${count(workers, "worker", "workers")} ${where(model)}, running Talos ${model.talos.version} and Kubernetes ${model.kubernetes.version}.`,
      endpointLine(model),
      ...(model.talos.secrets === "import" ? [adoptionLine(model)] : []),
      ...workloads(model),
    ],
    placeHeader: { proxmox: "host", hcloud: "location", metal: "link" }[model.platform.kind],
    rows: model.nodes.map((node) => ({
      name: node.name,
      role: node.role === "controlplane" ? "control plane" : "worker",
      place: place(model, node),
      address: node.ip ?? "DHCP",
      size: size(model, node),
    })),
  };
}
