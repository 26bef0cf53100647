/**
 * The spec `talos-hclgen init` writes: the smallest useful cluster (one Proxmox VM that is
 * control plane and worker), every line commented, versions pinned to the defaults this
 * release was tested with (data/versions.json) and marked for Renovate (docs/workflow.md).
 */

export interface StarterValues {
  /** What goes after `$schema=` in the yaml-language-server modeline. */
  schemaRef: string;
  name: string;
  versions: { talos: string; kubernetes: string; cilium: string };
  /** The spec's path as the user will type it, for the "next" hint in the header. */
  specPath: string;
}

export type StarterPlatform = "proxmox" | "hcloud" | "metal";

const INTRO: Record<StarterPlatform, string> = {
  proxmox: `# This starter is a single-node Proxmox cluster. Change the addresses and the Proxmox
# endpoint to match your network, then build.`,
  hcloud: `# This starter is a single-node Hetzner Cloud cluster behind a load balancer. Set
# adminCidrs to the networks you run tofu from, then build; the tree's README says how to
# make the Talos snapshot the server boots.`,
  metal: `# This starter is a single machine you already have, booted from the Talos ISO into
# maintenance mode. Change its address, link and install disk, then build.`,
};

const SECRETS: Record<StarterPlatform, string> = {
  proxmox:
    "the Proxmox API token is read from the environment\n# (PROXMOX_VE_API_TOKEN=user@realm!id=secret) when you run tofu. Its user needs a role\n# that creates, configures and powers VMs, allocates disks and downloads images: the\n# `pveum role add` example of the bpg/proxmox provider's docs, trimmed to the VM.*,\n# Datastore.*, SDN.Use, Sys.Audit and Sys.Modify privileges.",
  hcloud: "the Hetzner Cloud token is read from the environment\n# (HCLOUD_TOKEN) when you run tofu.",
  metal: "the tree generates the cluster's secrets and keeps them\n# in the OpenTofu state.",
};

function platformSection(platform: StarterPlatform): string {
  switch (platform) {
    case "proxmox":
      return `  endpoint:
    # With one control plane, the Kubernetes API is that node's address. With three,
    # use a Layer 2 VIP the control planes share instead, e.g. vip: 192.168.1.20
    host: 192.168.1.21
  network:                         # the network the nodes live on
    cidr: 192.168.1.0/24
    gateway: 192.168.1.1
    nameservers: [192.168.1.1]
  platform:
    proxmox:
      endpoint: https://pve.example.com:8006/   # the Proxmox VE API
      # insecure: true             # only while the API has Proxmox's self-signed certificate
      hosts:                       # Proxmox node name -> settings
        pve:
          datastore: local-lvm     # where the VM disks go
  nodeClasses:                     # sizes nodes refer to by name
    small: { cpu: 4, memory: 8192, osDisk: 64 }   # memory in MiB, disk in GiB
  nodes:
    - name: cp-1
      role: controlplane
      class: small
      address: 192.168.1.21/24     # static, inside network.cidr
`;
    case "hcloud":
      return `  endpoint: {}                     # the API behind a Hetzner load balancer the tree creates
  network:                         # the servers' private network (a subnet of networkRange)
    cidr: 10.0.1.0/24
  platform:
    hcloud:
      location: nbg1
      adminCidrs: [203.0.113.0/24] # who may reach the Talos and Kubernetes APIs: your networks
      # publicNetwork: ipv6        # IPv6-only servers, no IPv4 to pay for (or none: nothing public)
  nodeClasses:
    small: { serverType: cx33 }    # Hetzner server types: hcloud server-type list
  nodes:
    - name: cp-1
      role: controlplane
      class: small
      address: 10.0.1.11/24        # the server's private address, inside network.cidr
`;
    case "metal":
      return `  endpoint:
    # With one control plane, the Kubernetes API is that node's address. With three,
    # use a Layer 2 VIP the control planes share instead, e.g. vip: 192.168.1.20
    host: 192.168.1.21
  network:                         # the network the machines live on
    cidr: 192.168.1.0/24
    gateway: 192.168.1.1
    nameservers: [192.168.1.1]
  platform:
    metal:
      interface: enp1s0            # the link that carries the node network (talosctl get links)
  nodes:
    - name: cp-1
      role: controlplane
      address: 192.168.1.21/24     # where the machine waits in maintenance mode, and keeps
      installDisk: /dev/nvme0n1    # the disk Talos installs to (talosctl get disks --insecure)
`;
  }
}

export function starterSpec(v: StarterValues & { platform: StarterPlatform }): string {
  return `# yaml-language-server: $schema=${v.schemaRef}
#
# A talos-hclgen cluster spec: this one file describes the whole cluster, and
#   npx talos-hclgen build ${v.specPath} -o infra
# turns it into a plain OpenTofu/Terraform tree in infra/. Run that again after every edit.
#
${INTRO[v.platform]} Document any field with
#   npx talos-hclgen explain <field>    e.g. npx talos-hclgen explain 'nodes[].role'
#
# Secrets never go in this file: ${SECRETS[v.platform]}
apiVersion: talos-hclgen/v1
kind: Cluster
metadata:
  name: ${v.name}                 # used in resource names, file paths and tags: a DNS label
spec:
  talos:
    # renovate: datasource=github-releases depName=siderolabs/talos
    version: ${v.versions.talos}
  kubernetes:
    # Must be a release this Talos version supports; build checks it.
    # renovate: datasource=github-releases depName=kubernetes/kubernetes
    version: ${v.versions.kubernetes}
    # One node does everything, so workloads may run on the control plane.
    allowSchedulingOnControlPlanes: true
${platformSection(v.platform)}  # Where OpenTofu keeps its state, which holds the cluster's machine secrets: keep it in an
  # encrypted remote backend, not in a local file. Its access keys come from the environment
  # (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), never from this file.
  # backend:
  #   s3:
  #     bucket: my-tofu-state
  #     key: talos/${v.name}.tfstate
  #     region: eu-central-1
  cni:
    cilium:                        # kube-proxy replacement, configured the way Talos needs it
      # renovate: datasource=helm depName=cilium registryUrl=https://helm.cilium.io
      version: ${v.versions.cilium}
`;
}
