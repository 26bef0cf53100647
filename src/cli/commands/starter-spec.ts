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

export function starterSpec(v: StarterValues): string {
  return `# yaml-language-server: $schema=${v.schemaRef}
#
# A talos-hclgen cluster spec: this one file describes the whole cluster, and
#   talos-hclgen build ${v.specPath} -o infra
# turns it into a plain OpenTofu/Terraform tree in infra/. Run that again after every edit.
#
# This starter is a single-node Proxmox cluster. Change the addresses and the Proxmox
# endpoint to match your network, then build. Document any field with
#   talos-hclgen explain <field>        e.g. talos-hclgen explain nodes[].role
#
# Secrets never go in this file: the Proxmox API token is read from the environment
# (PROXMOX_VE_API_TOKEN) when you run tofu.
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
  endpoint:
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
  cni:
    cilium:                        # kube-proxy replacement, configured the way Talos needs it
      # renovate: datasource=helm depName=cilium registryUrl=https://helm.cilium.io
      version: ${v.versions.cilium}
`;
}
