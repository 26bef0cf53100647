/**
 * The normalized cluster: what the spec means once every default is applied and every
 * derived value computed. Plan and render read only this, never the raw spec. Arrays are
 * in a deterministic order (nodes in spec order, maps sorted by key).
 */
import type {
  AdoptedServerSpec,
  FirewallRuleSpec,
  HcloudFirewallRuleSpec,
  HcloudPublicNetwork,
  KubeSpanSpec,
  WireguardSpec,
  BondSpec,
  ExtensionServiceSpec,
  InlineManifestSpec,
  MachineFileSpec,
  MetaValueSpec,
  MetalBridgeSpec,
  OverlaySpec,
  LinkSelectorSpec,
  RoutingRuleSpec,
  StaticRouteSpec,
  NodeRole,
  SystemVolumes,
  TalosPatch,
  UserVolumeSpec,
} from "../spec/types.js";
import type { GitopsModel } from "./gitops.js";
import type { CiliumModel } from "./cilium.js";
import type { AddonModel, UserChartModel } from "./addons.js";

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
  /** The nodes that run (every node of the spec but the gone ones), in spec order. */
  nodes: NodeModel[];
  /** Nodes whose machines are dead (nodes[].gone), in spec order: forgotten, their etcd member and Kubernetes Node removed. */
  goneNodes: Array<{ name: string; role: NodeRole }>;
  /** How a change reaches running machines (spec.rollout). */
  rollout: RolloutModel;
  patches: { common: TalosPatch[]; controlplane: TalosPatch[]; worker: TalosPatch[] };
  cni: CniModel;
  /** Helm-packaged add-ons, in a fixed order (src/model/addon-charts.ts). */
  addons: AddonModel[];
  /** The spec's own Helm charts (addons.charts), in spec order. */
  charts: UserChartModel[];
  /** Kubelets rotate serving certificates signed by the cluster CA, approved by this manifest's controller. */
  kubeletServingCerts?: { approverManifest: string };
  gitops: GitopsModel;
  backend: BackendModel;
  providers: ProviderModel[];
  requiredVersion: string;
}

export interface RolloutModel {
  /** Workers that take a change at once; control planes take it one at a time. */
  parallelWorkers: number;
}

export interface ClassSchematicModel {
  /** The first node class (by name) with this schematic: names its module call, image and installer. */
  name: string;
  /** Every class with this schematic. */
  classes: string[];
  extensions: string[];
  extraKernelArgs: string[];
  /** metal: the board overlay (the class's, else the cluster's). */
  overlay?: OverlaySpec;
  /** metal: META values by key (the class's over the cluster's); absent when none. */
  meta?: MetaValueSpec[];
}

export interface TalosModel {
  version: string;
  /** Machine-config contract, vMAJOR.MINOR. */
  contract: string;
  /**
   * import: the cluster already runs; the tree imports its secrets and bootstrap instead of
   * creating them (plan/features/talos-cluster.ts).
   */
  secrets: "generate" | "import";
  factoryUrl: string;
  extensions: string[];
  extraKernelArgs: string[];
  /** metal: the board overlay of the cluster's image (absent, not null, when none: lock digests). */
  overlay?: OverlaySpec;
  /** metal: META values of the cluster's image, by key; absent when none. */
  meta?: MetaValueSpec[];
  /**
   * Node classes with a schematic of their own: the cluster's extensions and kernel arguments
   * with the class's added, by class name, in name order.
   */
  classSchematics: ClassSchematicModel[];
  installerMirror?: string;
  imageMirror?: string;
  installDisk: string;
  /** cluster.discovery.enabled. */
  discovery: boolean;
}

export interface KubernetesModel {
  version: string;
  podSubnets: string[];
  serviceSubnets: string[];
  dnsDomain: string;
  allowSchedulingOnControlPlanes: boolean;
  apiServer: { certSANs: string[]; extraArgs: ExtraArgsModel };
  controllerManager: { extraArgs: ExtraArgsModel };
  scheduler: { extraArgs: ExtraArgsModel };
  /** cluster.extraManifests the spec lists (the kubelet serving certificate approver's is added at plan). */
  extraManifests: string[];
  inlineManifests: InlineManifestSpec[];
}

/** Flags by name, in name order (sorted at normalize, so the output does not follow spec order). */
export type ExtraArgsModel = Array<{ name: string; value: string }>;

export interface KernelModuleModel {
  name: string;
  parameters: string[];
}

export interface KeyValue {
  key: string;
  value: string;
}

export interface EndpointModel {
  /** Host part of the API URL: the VIP, or the configured host name; "" when `created` is set. */
  host: string;
  port: number;
  /** "" when `created` is set: the platform module gives the URL once the address exists. */
  url: string;
  vip?: string;
  /** The platform creates the endpoint's address (hcloud), known only at apply time. */
  created?: "load-balancer" | "floating-ip";
  /**
   * The port kube-apiserver listens on (cluster.controlPlane.localAPIServerPort): the endpoint
   * port when the endpoint lands on a control plane itself (VIP, floating IP, node address),
   * else Talos's default 6443 behind a load balancer or an external host.
   */
  apiServerPort: number;
}

export interface NetworkModel {
  cidr: string;
  prefixLength: number;
  gateway?: string;
  nameservers: string[];
  searchDomains: string[];
  /** Talos searches the domain of the node's FQDN unless told not to. */
  disableDefaultSearchDomain: boolean;
  ntp: string[];
  /** PTP clock devices (TimeSyncConfig ptp). */
  ptp: string[];
  /** The nodes' ingress firewall, when the spec sets one. */
  firewall?: FirewallModel;
  /** KubeSpan, when the spec turns it on (its settings as given). */
  kubespan?: KubeSpanSpec;
}

export interface FirewallModel {
  ingress: "accept" | "block";
  /** Where the Talos and Kubernetes APIs are reached from, besides the node network. */
  adminCidrs: string[];
  rules: FirewallRuleSpec[];
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
  /** The image datastore is shared by every host: one download serves them all. */
  imageDatastoreShared: boolean;
  sshUsername: string;
  hosts: ProxmoxHostModel[];
  bridge: string;
  /** The qemu-guest-agent extension is in the schematic: the VM agent can be enabled. */
  guestAgent: boolean;
  /** UEFI Secure Boot with a virtual TPM for every VM (the nodes are all UEFI then). */
  secureBoot: boolean;
  /**
   * The Talos platform of the VMs: nocloud (addresses from the cloud-init drive) or metal
   * (VMs installed from the ISO: addresses in the configuration, no cloud-init drive).
   */
  talosPlatform: "nocloud" | "metal";
}

export interface HcloudModel {
  kind: "hcloud";
  location: string;
  networkZone: string;
  /** Range of the private network; network.cidr is its (only) subnet. */
  networkRange: string;
  /** Hetzner's gateway in the private network (the range's first address). */
  privateGateway: string;
  /** The Talos snapshot: found by label selector, or given by id. */
  image: { selector: string } | { id: number };
  adminCidrs: string[];
  /** The spec's own inbound rules, as it gives them. */
  firewallRules: HcloudFirewallRuleSpec[];
  /** An existing floating IP the API endpoint uses, instead of creating one. */
  floatingIpId?: number;
  /** Existing firewalls every server gets beside the tree's own (platform.hcloud.firewallIds). */
  firewallIds?: number[];
  /** An existing private network the tree adds its subnet to, instead of creating one. */
  networkId?: number;
  apiEndpoint: "load-balancer" | "floating-ip";
  loadBalancerType: string;
  /** The servers' public addresses (platform.hcloud.publicNetwork). */
  publicNetwork: HcloudPublicNetwork;
  /** Private-only servers: the NAT gateway the network's 0.0.0.0/0 route leads to. */
  natGateway?: string;
}

export interface MetalModel {
  kind: "metal";
  /** What the machines boot first (the image factory's media). */
  bootMedia: "iso" | "disk-image" | "uki" | "pxe";
  /** UEFI Secure Boot: signed boot media and the Secure Boot installer. */
  secureBoot: boolean;
  /** Some node class is arm64: its machines boot arm64 media. */
  arm64: boolean;
  /** The arm64 node classes, by name. */
  arm64Classes: string[];
}

export type PlatformModel = ProxmoxModel | HcloudModel | MetalModel;

export interface NicModel {
  /** Proxmox bridge (proxmox only). */
  bridge?: string;
  vlan?: number;
  /** Proxmox: VLAN tags passed through tagged, and the NIC model (virtio unless told). */
  trunks?: number[];
  model?: string;
  /** Address with prefix length; absent with DHCP. */
  address?: string;
  gateway?: string;
  mtu?: number;
  /** Static routes (metal), besides the gateway's default route. */
  routes: StaticRouteSpec[];
  /**
   * The link's MAC address: generated on proxmox (known before the VM exists), given by the
   * spec on metal, absent on hcloud (the cloud assigns it).
   */
  mac?: string;
  /**
   * proxmox: the MAC address as the spec writes it, for the VM's NIC (Proxmox keeps its case, and
   * a case change is a NIC change); `mac` is its lower-case form for Talos's selectors.
   */
  vmMac?: string;
  /** metal: the link found by driver, bus path or MAC pattern. */
  selector?: LinkSelectorSpec;
  /** metal: more addresses on the link (the spec's additionalAddresses). */
  additionalAddresses?: string[];
  /** metal: the link's name in Talos, when no MAC selects it. */
  link?: string;
  /** metal: a bond of physical links carries the NIC. */
  bond?: BondModel;
  /** metal: a Linux bridge the node makes carries the NIC. */
  linuxBridge?: LinuxBridgeModel;
  /** metal, DHCP: the metric of the lease's default route, when the spec sets it. */
  dhcpRouteMetric?: number;
  /** metal: an IPv6 address by DHCPv6 (a DHCPv6Config) or SLAAC (nothing to write) too. */
  ipv6?: "dhcp" | "slaac";
}

/** A physical link that joins a bond or bridge: its alias (bound to the MAC) or its name. */
export interface LinkMemberModel {
  link: string;
  mac?: string;
  /**
   * The LinkAliasConfig that names this member (and, for a pattern, the members after it with
   * the same selector): written once, with the first of them.
   */
  alias?: { name: string; selector: LinkSelectorSpec };
}

export interface BondModel extends Omit<BondSpec, "name" | "members"> {
  name: string;
  members: LinkMemberModel[];
}

export interface LinuxBridgeModel extends Omit<MetalBridgeSpec, "name" | "members"> {
  name: string;
  members: LinkMemberModel[];
}

export interface NodeModel {
  name: string;
  role: NodeRole;
  /**
   * The node-network address the cluster knows the node by (no prefix). Talos is applied to it
   * too, except on hcloud (the server's public IPv4). Absent when the first NIC uses DHCP
   * (proxmox: the guest agent reports it).
   */
  ip?: string;
  /** Address with prefix length; absent with DHCP. */
  address?: string;
  cpu: number;
  cpuType: string;
  memory: number;
  osDisk: number;
  dataDisk?: number;
  uefi: boolean;
  host?: string;
  vmId?: number;
  /** The running machine the tree imports for this node (spec adopt): the Proxmox VM vmId on host (true), or a Hetzner server and its primary IPv4. */
  adopt?: true | AdoptedServerSpec;
  datastore?: string;
  /** hcloud server type, from the node class. */
  serverType?: string;
  /** hcloud: the server's spread placement group (platforms/hcloud/placement.ts). */
  placementGroup?: string;
  nics: NicModel[];
  /** The class's schematic when it has one of its own (TalosModel.classSchematics), else the cluster's. */
  schematic?: string;
  /** WireGuard tunnels, as the spec gives them. */
  wireguard: WireguardSpec[];
  /** Policy routing rules (metal), as the spec gives them. */
  routingRules: RoutingRuleSpec[];
  /** The node's own DNS resolvers (nodes[].nameservers), when it has some. */
  nameservers?: string[];
  pciPassthrough: string[];
  labels: KeyValue[];
  /** key -> "value:Effect", class and node merged, in key order. */
  taints: KeyValue[];
  annotations: KeyValue[];
  certSANs: string[];
  sysctls: KeyValue[];
  kernelModules: KernelModuleModel[];
  kubeletExtraArgs: ExtraArgsModel;
  kubeletExtraConfig: Record<string, unknown>;
  /** Role's, class's and node's, by name (a later layer's replaces an earlier one's). */
  userVolumes: UserVolumeSpec[];
  /** STATE and EPHEMERAL settings, each the last layer's that has one. */
  systemVolumes: SystemVolumes;
  /** Role's, class's and node's, by name (a later layer's replaces an earlier one's). */
  extensionServices: ExtensionServiceSpec[];
  /** Role's, class's and node's, by path (a later layer's replaces an earlier one's). */
  files: MachineFileSpec[];
  installDisk?: string;
  /** The node's own or its class's, when the node names no installDisk (Talos prefers a selector). */
  installDiskSelector?: Record<string, string>;
  patches: TalosPatch[];
}

export type CniModel = { kind: "flannel" } | { kind: "none" } | CiliumModel;

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
