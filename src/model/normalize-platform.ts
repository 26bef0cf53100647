import { parseCidr } from "../base/net/cidr.js";
import { formatIPv4 } from "../base/net/ipv4.js";
import type { ClusterSpec } from "../spec/types.js";
import type { HcloudModel, PlatformModel, TalosModel } from "./model.js";
import { HCLOUD_DEFAULTS, PROXMOX_DEFAULTS } from "../catalog/defaults.js";
import { byKey } from "../base/compare.js";

export function normalizePlatform(spec: ClusterSpec, talos: TalosModel): PlatformModel {
  const platform = spec.spec.platform;
  if (platform.proxmox !== undefined) {
    const proxmox = platform.proxmox;
    return {
      kind: "proxmox",
      endpoint: proxmox.endpoint,
      insecure: proxmox.insecure ?? false,
      imageDatastore: proxmox.imageDatastore ?? PROXMOX_DEFAULTS.imageDatastore,
      imageDatastoreShared: proxmox.imageDatastoreShared ?? false,
      sshUsername: proxmox.sshUsername ?? PROXMOX_DEFAULTS.sshUsername,
      bridge: proxmox.bridge ?? PROXMOX_DEFAULTS.bridge,
      hosts: byKey(proxmox.hosts).map(([name, host]) => {
        const model: { name: string; datastore: string; address?: string } = {
          name,
          datastore: host.datastore ?? PROXMOX_DEFAULTS.vmDatastore,
        };
        if (host.address !== undefined) model.address = host.address;
        return model;
      }),
      guestAgent: talos.extensions.includes("siderolabs/qemu-guest-agent"),
      secureBoot: proxmox.secureBoot ?? false,
    };
  }
  if (platform.hcloud !== undefined) return normalizeHcloud(platform.hcloud);
  const boot = platform.metal?.boot;
  const arm64Classes = Object.entries(spec.spec.nodeClasses ?? {})
    .filter(([, cls]) => cls.arch === "arm64")
    .map(([name]) => name)
    .sort();
  return { kind: "metal", bootMedia: boot?.media ?? "iso", secureBoot: boot?.secureBoot ?? false, arm64: arm64Classes.length > 0, arm64Classes };
}

function normalizeHcloud(hcloud: NonNullable<ClusterSpec["spec"]["platform"]["hcloud"]>): HcloudModel {
  const id = hcloud.image?.id;
  const networkRange = hcloud.networkRange ?? HCLOUD_DEFAULTS.networkRange;
  const model: HcloudModel = {
    kind: "hcloud",
    location: hcloud.location,
    networkZone: hcloud.networkZone ?? HCLOUD_DEFAULTS.networkZone,
    networkRange,
    privateGateway: privateGateway(networkRange),
    image: id !== undefined ? { id } : { selector: hcloud.image?.selector ?? HCLOUD_DEFAULTS.imageSelector },
    adminCidrs: hcloud.adminCidrs,
    firewallRules: hcloud.firewallRules ?? [],
    apiEndpoint: hcloud.apiEndpoint ?? HCLOUD_DEFAULTS.apiEndpoint,
    loadBalancerType: hcloud.loadBalancerType ?? HCLOUD_DEFAULTS.loadBalancerType,
    publicNetwork: hcloud.publicNetwork ?? HCLOUD_DEFAULTS.publicNetwork,
  };
  if (hcloud.networkId !== undefined) model.networkId = hcloud.networkId;
  if (hcloud.floatingIpId !== undefined) model.floatingIpId = hcloud.floatingIpId;
  if (hcloud.firewallIds !== undefined) model.firewallIds = hcloud.firewallIds;
  if (hcloud.natGateway !== undefined) model.natGateway = hcloud.natGateway;
  return model;
}

/**
 * The private network's first address, where Hetzner's router answers (the Cloud API's
 * subnet `gateway`). Flannel's --iface-can-reach only asks the kernel which interface routes
 * to it (`ip route get`), so any address of the range picks the private NIC. The schema
 * guarantees an IPv4 CIDR.
 */
function privateGateway(networkRange: string): string {
  const cidr = parseCidr(networkRange);
  if (cidr === undefined || cidr.family !== 4) throw new Error(`model bug: network range ${networkRange} is not IPv4`);
  return formatIPv4(cidr.first + 1n);
}
