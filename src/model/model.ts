/**
 * The normalized cluster: what the spec means once every default is applied and every
 * derived value computed. Plan and render read only this, never the raw spec. Arrays are
 * in a deterministic order (nodes in spec order, maps sorted by key).
 */
import type { NodeRole, TalosPatch } from "../spec/types.js";

export interface ClusterModel {
  /** The spec path as shown in headers (relative, POSIX). */
  specPath: string;
  name: string;
  talos: TalosModel;
  kubernetes: KubernetesModel;
  endpoint: EndpointModel;
  network: NetworkModel;
  registryMirrors: RegistryMirrorModel[];
  platform: PlatformModel;
  nodes: NodeModel[];
  patches: { common: TalosPatch[]; controlplane: TalosPatch[]; worker: TalosPatch[] };
  cni: CniModel;
  backend: BackendModel;
  providers: ProviderModel[];
  requiredVersion: string;
}

export interface TalosModel {
  version: string;
  /** Machine-config contract, vMAJOR.MINOR. */
  contract: string;
  factoryUrl: string;
  extensions: string[];
  extraKernelArgs: string[];
  installerMirror?: string;
  imageMirror?: string;
  installDisk: string;
}

export interface KubernetesModel {
  version: string;
  podSubnets: string[];
  serviceSubnets: string[];
  dnsDomain: string;
  allowSchedulingOnControlPlanes: boolean;
}

export interface EndpointModel {
  /** Host part of the API URL: the VIP, or the configured host name. */
  host: string;
  port: number;
  url: string;
  vip?: string;
}

export interface NetworkModel {
  cidr: string;
  prefixLength: number;
  gateway?: string;
  nameservers: string[];
  ntp: string[];
}

export interface RegistryMirrorModel {
  registry: string;
  endpoints: string[];
  overridePath: boolean;
  skipFallback: boolean;
}

export interface ProxmoxHostModel {
  name: string;
  datastore: string;
  address?: string;
}

export interface ProxmoxModel {
  kind: "proxmox";
  endpoint: string;
  insecure: boolean;
  imageDatastore: string;
  sshUsername: string;
  hosts: ProxmoxHostModel[];
  bridge: string;
  /** The qemu-guest-agent extension is in the schematic: the VM agent can be enabled. */
  guestAgent: boolean;
}

export interface HcloudModel {
  kind: "hcloud";
}

export interface MetalModel {
  kind: "metal";
}

export type PlatformModel = ProxmoxModel | HcloudModel | MetalModel;

export interface NicModel {
  bridge: string;
  vlan?: number;
  /** Address with prefix length; absent with DHCP. */
  address?: string;
  gateway?: string;
  mtu?: number;
  mac: string;
}

export interface NodeModel {
  name: string;
  role: NodeRole;
  /** The address Talos is applied to and the cluster knows the node by (no prefix). */
  ip: string;
  /** Address with prefix length. */
  address: string;
  cpu: number;
  cpuType: string;
  memory: number;
  osDisk: number;
  dataDisk?: number;
  uefi: boolean;
  host?: string;
  vmId?: number;
  datastore?: string;
  nics: NicModel[];
  pciPassthrough: string[];
  labels: Array<{ key: string; value: string }>;
  installDisk?: string;
  patches: TalosPatch[];
}

export type CniModel =
  | { kind: "flannel" }
  | { kind: "none" }
  | { kind: "cilium"; version: string; mode: "inline" | "helm-release"; values: Record<string, unknown> };

export interface S3BackendModel {
  kind: "s3";
  bucket: string;
  key: string;
  region: string;
  endpoints: Array<{ name: string; url: string }>;
  usePathStyle: boolean;
  skipChecks: boolean;
  encrypt: boolean;
  kmsKeyId?: string;
  useLockfile: boolean;
  workspaceKeyPrefix?: string;
}

export type BackendModel = S3BackendModel | { kind: "local"; path?: string };

export interface ProviderModel {
  /** Local name, e.g. talos. */
  name: string;
  source: string;
  version: string;
}
