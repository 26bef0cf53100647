/**
 * Moving a cluster made by a hand-written module like seed 004's into the generated tree, the
 * route docs/migrating.md gives: same state, `tofu state mv` of each resource to the tree's
 * address. The hand-written module is applied (the provider doubles, then reconciled with the
 * real providers: test/real/workspace.ts), the resources are moved, and the real plan of the
 * generated tree must replace and destroy nothing, create no VM, secrets or bootstrap, and keep
 * every VM's NIC (its MAC address: Talos finds the VIP's link by it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { compile } from "../../src/index.js";
import type { GeneratedFile } from "../../src/types.js";
import { describeWithTools } from "./tools.js";
import { changesOf, describeChanges, makeMirrors, Workspace, type Mirrors } from "./workspace.js";

/** Seed 004's module, reduced to what a cluster needs, with its resource names and choices. */
const HAND_WRITTEN = `terraform {
  required_providers {
    proxmox = { source = "bpg/proxmox", version = "~> 0.111.0" }
    talos   = { source = "siderolabs/talos", version = "~> 0.12.0" }
  }
}

variable "proxmox_api_token" {
  type      = string
  sensitive = true
}

provider "proxmox" {
  endpoint  = "https://pve-a.example.net:8006/"
  api_token = var.proxmox_api_token
}

locals {
  nodes = {
    "cp-1" = { host_node = "pve-a", machine_type = "controlplane", ip = "10.30.0.11", vm_id = 3011, cpu = 4, ram_dedicated = 8192, disk = 64, mac = "BC:24:11:AA:00:11" }
    "wk-1" = { host_node = "pve-b", machine_type = "worker", ip = "10.30.0.21", vm_id = 3021, cpu = 8, ram_dedicated = 16384, disk = 100, mac = "BC:24:11:AA:00:21" }
  }
}

resource "talos_image_factory_schematic" "this" {
  schematic = yamlencode({ customization = { systemExtensions = { officialExtensions = ["siderolabs/qemu-guest-agent"] } } })
}

resource "proxmox_virtual_environment_download_file" "this" {
  for_each                = toset([for node in local.nodes : node.host_node])
  node_name               = each.key
  content_type            = "iso"
  datastore_id            = "local"
  file_name               = "seed-\${talos_image_factory_schematic.this.id}-v1.13.9-nocloud-amd64.img"
  url                     = "https://factory.talos.dev/image/\${talos_image_factory_schematic.this.id}/v1.13.9/nocloud-amd64.raw.gz"
  decompression_algorithm = "gz"
  overwrite               = false
}

resource "proxmox_virtual_environment_vm" "this" {
  for_each      = local.nodes
  node_name     = each.value.host_node
  name          = each.key
  description   = each.value.machine_type == "controlplane" ? "Talos Control Plane" : "Talos Worker"
  tags          = each.value.machine_type == "controlplane" ? ["k8s", "control-plane"] : ["k8s", "worker"]
  on_boot       = true
  vm_id         = each.value.vm_id
  machine       = "q35"
  scsi_hardware = "virtio-scsi-single"
  bios          = "seabios"

  agent {
    enabled = true
  }
  cpu {
    cores = each.value.cpu
    type  = "host"
  }
  memory {
    dedicated = each.value.ram_dedicated
  }
  network_device {
    bridge      = "vmbr0"
    mac_address = each.value.mac
  }
  disk {
    datastore_id = "local-lvm"
    interface    = "scsi0"
    iothread     = true
    discard      = "on"
    ssd          = true
    file_format  = "raw"
    size         = each.value.disk
    file_id      = proxmox_virtual_environment_download_file.this[each.value.host_node].id
  }
  boot_order = ["scsi0"]
  operating_system {
    type = "l26"
  }
  initialization {
    datastore_id = "local-lvm"
    dns {
      servers = ["10.30.0.1"]
    }
    ip_config {
      ipv4 {
        address = "\${each.value.ip}/24"
        gateway = "10.30.0.1"
      }
    }
  }
}

resource "talos_machine_secrets" "this" {}

data "talos_machine_configuration" "this" {
  for_each         = local.nodes
  cluster_name     = "seed"
  cluster_endpoint = "https://10.30.0.10:6443"
  machine_type     = each.value.machine_type
  machine_secrets  = talos_machine_secrets.this.machine_secrets
  config_patches   = [yamlencode({ machine = { network = { hostname = each.key } } })]
}

resource "talos_machine_configuration_apply" "this" {
  depends_on                  = [proxmox_virtual_environment_vm.this]
  for_each                    = local.nodes
  node                        = each.value.ip
  client_configuration        = talos_machine_secrets.this.client_configuration
  machine_configuration_input = data.talos_machine_configuration.this[each.key].machine_configuration
}

resource "talos_machine_bootstrap" "this" {
  depends_on           = [talos_machine_configuration_apply.this]
  node                 = "10.30.0.11"
  client_configuration = talos_machine_secrets.this.client_configuration
}
`;

/** The same cluster as a spec: the VMs as they are (ids, hosts, sizes, MAC addresses). */
const SPEC = `apiVersion: talos-hclgen/v1
kind: Cluster
metadata:
  name: seed
spec:
  talos:
    version: v1.13.9
  kubernetes:
    version: v1.36.3
  endpoint:
    vip: 10.30.0.10
  network:
    cidr: 10.30.0.0/24
    gateway: 10.30.0.1
    nameservers: [10.30.0.1]
  platform:
    proxmox:
      endpoint: https://pve-a.example.net:8006/
      hosts:
        pve-a: {}
        pve-b: {}
  nodeClasses:
    cp: { cpu: 4, memory: 8192, osDisk: 64 }
    wk: { cpu: 8, memory: 16384, osDisk: 100 }
  nodes:
    - name: cp-1
      role: controlplane
      class: cp
      host: pve-a
      vmId: 3011
      networks: [{ address: 10.30.0.11/24, mac: "BC:24:11:AA:00:11" }]
    - name: wk-1
      role: worker
      class: wk
      host: pve-b
      vmId: 3021
      networks: [{ address: 10.30.0.21/24, mac: "BC:24:11:AA:00:21" }]
`;

/** docs/migrating.md step 3 for this module: its addresses, then the tree's. */
const MOVES: Array<[string, string]> = [
  ["talos_machine_secrets.this", "module.cluster.talos_machine_secrets.this"],
  ['proxmox_virtual_environment_vm.this["cp-1"]', 'module.nodes.proxmox_virtual_environment_vm.this["cp-1"]'],
  ['proxmox_virtual_environment_vm.this["wk-1"]', 'module.nodes.proxmox_virtual_environment_vm.this["wk-1"]'],
  ["talos_image_factory_schematic.this", "module.nodes.talos_image_factory_schematic.this"],
];

describeWithTools("moving a hand-written module's state into the tree", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-state-move-"));
  let mirrors: Mirrors;
  beforeAll(() => {
    mirrors = makeMirrors(tools, join(work, "mirrors"));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("plans no replaced, destroyed or new machine or secrets, and keeps every NIC", async () => {
    const workspace = new Workspace(tools, mirrors, join(work, "seed"), { TESTKIT_DHCP_CIDR: "10.30.0.0/24" });
    await workspace.write([{ path: "main.tf", kind: "hcl", contents: HAND_WRITTEN } as GeneratedFile]);
    await workspace.apply();

    const result = compile(SPEC, { specPath: "spec.yaml" });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    await workspace.write(result.files);
    for (const [from, to] of MOVES) await workspace.tofu("real", ["state", "mv", "-no-color", from, to], true);
    // Forgotten, never destroyed: a destroyed configuration apply would reset its node.
    await workspace.tofu("real", ["state", "rm", "-no-color", "talos_machine_bootstrap.this", "talos_machine_configuration_apply.this"], true);
    // The old image downloads have no place in the tree: forgotten, not destroyed (the tree
    // downloads its own; the VMs ignore their boot image after creation).
    await workspace.tofu("real", ["state", "rm", "-no-color", "proxmox_virtual_environment_download_file.this"], true);

    const { plan, run } = await workspace.planReal();
    expect(run.exitCode, run.stderr).toBe(0);
    const changes = describeChanges(changesOf(plan));
    // One talos_machine per node takes it over (its configuration is the tree's: its patches are
    // not the module's), talos_cluster finds etcd bootstrapped, the VMs' names, tags and
    // descriptions are updated in place, and the schematic is the tree's own YAML.
    const made = [
      "create module.cluster.talos_cluster.this",
      "create module.cluster.talos_cluster_kubeconfig.this",
      "create module.cluster.talos_machine.cp-1",
      "create module.cluster.talos_machine.wk-1",
      'create module.cluster.terraform_data.node["cp-1"]',
      'create module.cluster.terraform_data.node["wk-1"]',
      "create module.cluster.tls_cert_request.rollout",
      "create module.cluster.tls_locally_signed_cert.rollout",
      "create module.cluster.tls_private_key.rollout",
      'create module.nodes.proxmox_download_file.talos["pve-a"]',
      'create module.nodes.proxmox_download_file.talos["pve-b"]',
    ];
    expect(changes).toEqual([
      ...made,
      'update module.nodes.proxmox_virtual_environment_vm.this["cp-1"]',
      'update module.nodes.proxmox_virtual_environment_vm.this["wk-1"]',
      "update module.nodes.talos_image_factory_schematic.this",
    ]);
    expect(changes.filter((c) => /^(replace|destroy) /.test(c))).toEqual([]);
    expect(changes.filter((c) => c.startsWith("create ") && /_vm\.|_secrets\./.test(c))).toEqual([]);
    for (const change of changesOf(plan).filter((c) => c.type === "proxmox_virtual_environment_vm")) {
      const before = (change.change.before as { network_device: Array<{ mac_address: string }> }).network_device.map((n) => n.mac_address);
      const after = (change.change.after as { network_device: Array<{ mac_address: string }> }).network_device.map((n) => n.mac_address);
      expect(after, change.address).toEqual(before);
    }
  }, 300_000);
});
