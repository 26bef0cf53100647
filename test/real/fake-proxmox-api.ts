/**
 * The Proxmox VE API calls a plan makes when it imports running VMs (fixture adopt-proxmox),
 * for the real bpg/proxmox provider: where each VM runs (GET /cluster/resources), its
 * configuration and status (GET /nodes/{node}/qemu/{vmid}/config, /status/current), the pools
 * that may hold it (GET /pools), its disks' format (GET /nodes/{node}/storage/{store}/content/{volume})
 * and the addresses its guest agent reports
 * (GET .../agent/network-get-interfaces); bpg/proxmox v0.111.1 proxmoxtf/resource/vm/vm.go
 * vmRead, vmReadCustom. The provider only speaks HTTPS (proxmox/api/client.go NewConnection),
 * so the fake serves a self-signed certificate made by openssl for the test, and the harness
 * points the provider at it with `insecure = true`. Anything else it asks is recorded and
 * answered 404, so a test sees a new API call instead of silently passing.
 */
import { execa } from "execa";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface FakeProxmoxApi {
  endpoint: string;
  unexpected: string[];
  close(): Promise<void>;
}

/**
 * The running VMs of the adopt-proxmox fixture, as a hand-made cluster left them: the sizes,
 * addresses and MAC addresses its spec gives, SeaBIOS, the guest agent on, a cloud-init drive,
 * and a name, description and tags of their own (which the tree then renames in place). Those
 * of the adopt-proxmox-iso fixture were installed from the metal ISO instead, as Talos's Proxmox
 * guide does it: no cloud-init drive, their addresses only in their Talos configuration, the
 * ISO still in the CD drive after the disk in the boot order.
 */
export interface RunningVm {
  node: string;
  vmid: number;
  name: string;
  cores: number;
  memory: number;
  disk: number;
  ip: string;
  mac: string;
  installedFrom: "nocloud" | "iso";
}

export const RUNNING_VMS: readonly RunningVm[] = [
  { node: "pve-a", vmid: 501, name: "talos-cp-1", cores: 2, memory: 4096, disk: 32, ip: "192.168.50.11", mac: "BC:24:11:5A:00:01", installedFrom: "nocloud" },
  { node: "pve-b", vmid: 502, name: "talos-cp-2", cores: 2, memory: 4096, disk: 32, ip: "192.168.50.12", mac: "BC:24:11:5A:00:02", installedFrom: "nocloud" },
  { node: "pve-a", vmid: 503, name: "talos-cp-3", cores: 2, memory: 4096, disk: 32, ip: "192.168.50.13", mac: "BC:24:11:5A:00:03", installedFrom: "nocloud" },
  { node: "pve-b", vmid: 511, name: "talos-wk-1", cores: 4, memory: 8192, disk: 64, ip: "192.168.50.21", mac: "BC:24:11:5A:00:11", installedFrom: "nocloud" },
  { node: "pve-a", vmid: 601, name: "talos-iso-cp-1", cores: 2, memory: 4096, disk: 32, ip: "192.168.60.11", mac: "BC:24:11:6B:00:01", installedFrom: "iso" },
  { node: "pve-b", vmid: 602, name: "talos-iso-cp-2", cores: 2, memory: 4096, disk: 32, ip: "192.168.60.12", mac: "BC:24:11:6B:00:02", installedFrom: "iso" },
  { node: "pve-a", vmid: 603, name: "talos-iso-cp-3", cores: 2, memory: 4096, disk: 32, ip: "192.168.60.13", mac: "BC:24:11:6B:00:03", installedFrom: "iso" },
  { node: "pve-b", vmid: 611, name: "talos-iso-wk-1", cores: 4, memory: 8192, disk: 64, ip: "192.168.60.21", mac: "BC:24:11:6B:00:11", installedFrom: "iso" },
];

/** The running VMs for the provider double, which imports them offline (TESTKIT_PROXMOX_VMS). */
export const RUNNING_VMS_ENV = JSON.stringify(
  Object.fromEntries(RUNNING_VMS.map((vm) => [`${vm.node}/${vm.vmid}`, { name: vm.name, mac: vm.mac, ip: vm.ip }])),
);

function vmConfig(vm: RunningVm): Record<string, unknown> {
  const drives =
    vm.installedFrom === "nocloud"
      ? { boot: "order=scsi0", ide2: `local-lvm:vm-${vm.vmid}-cloudinit,media=cdrom`, ipconfig0: `ip=${vm.ip}/24,gw=192.168.50.1`, nameserver: "192.168.50.1" }
      : { boot: "order=scsi0;ide2;net0", ide2: "local:iso/metal-amd64.iso,media=cdrom" };
  return {
    name: vm.name,
    description: "talos node",
    tags: "talos",
    onboot: 1,
    machine: "q35",
    scsihw: "virtio-scsi-pci",
    agent: "1",
    cores: vm.cores,
    sockets: 1,
    cpu: "host",
    memory: String(vm.memory),
    ostype: "l26",
    scsi0: `local-lvm:vm-${vm.vmid}-disk-0,discard=on,size=${vm.disk}G,ssd=1`,
    ...drives,
    net0: `virtio=${vm.mac},bridge=vmbr0`,
    smbios1: `uuid=00000000-0000-4000-8000-000000000${vm.vmid}`,
    vmgenid: `00000000-0000-4000-8000-000000001${vm.vmid}`,
    digest: "0000000000000000000000000000000000000000",
  };
}

function agentInterfaces(vm: RunningVm): unknown {
  return {
    result: [
      { name: "lo", "hardware-address": "00:00:00:00:00:00", "ip-addresses": [{ "ip-address": "127.0.0.1", "ip-address-type": "ipv4", prefix: 8 }] },
      { name: "eth0", "hardware-address": vm.mac.toLowerCase(), "ip-addresses": [{ "ip-address": vm.ip, "ip-address-type": "ipv4", prefix: 24 }] },
    ],
  };
}

/** A self-signed certificate for 127.0.0.1, made for this run only. */
async function certificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = mkdtempSync(join(tmpdir(), "talos-hclgen-fake-pve-"));
  try {
    await execa("openssl", [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ]);
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The API token the harness gives bpg/proxmox (TF_VAR_proxmox_api_token). */
export const FAKE_PROXMOX_TOKEN = "root@pam!ci=00000000-0000-0000-0000-000000000000";

export async function startFakeProxmoxApi(): Promise<FakeProxmoxApi> {
  const unexpected: string[] = [];
  const reply = (data: unknown): string => JSON.stringify({ data });
  const server: Server = createServer(await certificate(), (request, response) => {
    const url = new URL(request.url ?? "/", "https://localhost");
    const path = url.pathname.replace(/^\/api2\/json/, "");
    response.setHeader("content-type", "application/json");
    // Every call carries the API token as PVE wants it (bpg v0.111 proxmox/api/token_auth.go:
    // `Authorization: PVEAPIToken=<user@realm!id=secret>`); one without it gets PVE's 401.
    if (request.headers.authorization !== `PVEAPIToken=${FAKE_PROXMOX_TOKEN}`) {
      unexpected.push(`unauthenticated ${request.method ?? "?"} ${path}${url.search}`);
      response.statusCode = 401;
      response.statusMessage = "No ticket";
      response.end();
      return;
    }
    if (request.method === "GET" && path === "/cluster/resources") {
      response.end(
        reply(RUNNING_VMS.map((vm) => ({ id: `qemu/${vm.vmid}`, type: "qemu", vmid: vm.vmid, node: vm.node, name: vm.name, status: "running", template: 0 }))),
      );
      return;
    }
    if (request.method === "GET" && path === "/pools") {
      response.end(reply([]));
      return;
    }
    // A disk's format, when its configuration line leaves it out (bpg reads it from the storage:
    // proxmoxtf/resource/vm/disk GetDatastoreFile); LVM-thin volumes are raw.
    const volume = /^\/nodes\/([^/]+)\/storage\/local-lvm\/content\/(local-lvm:vm-(\d+)-disk-\d+)$/.exec(path);
    const disk = RUNNING_VMS.find((v) => v.node === volume?.[1] && String(v.vmid) === volume?.[3]);
    if (request.method === "GET" && volume !== null && disk !== undefined) {
      const size = disk.disk * 1024 * 1024 * 1024;
      response.end(reply({ path: `/dev/pve/vm-${disk.vmid}-disk-0`, format: "raw", size, used: size }));
      return;
    }
    const match = /^\/nodes\/([^/]+)\/qemu\/(\d+)\/(config|status\/current|agent\/network-get-interfaces)$/.exec(path);
    const vm = RUNNING_VMS.find((v) => v.node === match?.[1] && String(v.vmid) === match?.[2]);
    if (request.method === "GET" && match !== null && vm !== undefined) {
      const what = match[3];
      if (what === "config") response.end(reply(vmConfig(vm)));
      else if (what === "status/current")
        response.end(
          reply({
            vmid: vm.vmid,
            name: vm.name,
            status: "running",
            qmpstatus: "running",
            agent: 1,
            cpus: vm.cores,
            maxmem: vm.memory * 1024 * 1024,
            uptime: 86400,
          }),
        );
      else response.end(reply(agentInterfaces(vm)));
      return;
    }
    unexpected.push(`${request.method ?? "?"} ${path}${url.search}`);
    response.statusCode = 404;
    response.end(JSON.stringify({ data: null, errors: { path: "not served by the test's fake API" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `https://127.0.0.1:${port}/`,
    unexpected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
