/**
 * The cluster spec (apiVersion talos-hclgen/v1) as TypeScript sees it after schema
 * validation. schemas/talos-hclgen.schema.json is the source of truth for shape and
 * documentation; this file mirrors it and must be kept in step (a test compares them).
 *
 * Optional fields stay optional here: defaults are applied in src/model/, nowhere else.
 */

export interface ClusterSpec {
  apiVersion: "talos-hclgen/v1";
  kind: "Cluster";
  metadata: { name: string };
  spec: ClusterSpecBody;
}

export interface ClusterSpecBody {
  talos?: TalosSpec;
  kubernetes?: KubernetesSpec;
  endpoint: EndpointSpec;
  network: NodeNetworkSpec;
  registryMirrors?: Record<string, RegistryMirrorSpec>;
  platform: PlatformSpec;
  roles?: RolesSpec;
  nodeClasses?: Record<string, NodeClassSpec>;
  nodes: NodeSpec[];
  /** Raw Talos patches merged in order: common, then role, then node. */
  patches?: PatchesSpec;
  cni?: CniSpec;
  addons?: AddonsSpec;
  gitops?: GitopsSpec;
  /** How a change reaches running machines: one node at a time, workers in waves. */
  rollout?: RolloutSpec;
  backend?: BackendSpec;
  /** Provider version constraints; each defaults to data/versions.json. */
  providers?: Partial<Record<ProviderName, string>>;
}

export interface RolloutSpec {
  /** Workers that take a change at once (control planes: always one). */
  parallelWorkers?: number;
}

export type ProviderName = "talos" | "proxmox" | "helm" | "hcloud" | "flux" | "tls" | "github" | "gitea" | "kubernetes";

export interface TalosSpec {
  /** Installed Talos version, e.g. v1.13.9. */
  version?: string;
  /** Machine-config contract, e.g. v1.13; defaults to the minor of `version`. */
  contract?: string;
  /** generate (default): a new cluster; import: the secrets of a running cluster (its secrets.yaml). */
  secrets?: "generate" | "import";
  schematic?: SchematicSpec;
  /** Air-gapped: registry prefix that replaces factory.talos.dev for the installer image. */
  discovery?: boolean;
  installerMirror?: string;
  /** Air-gapped: URL prefix that replaces https://factory.talos.dev/ for disk image downloads. */
  imageMirror?: string;
  /** Image factory base URL, default https://factory.talos.dev. */
  factoryUrl?: string;
  /** Install disk, default /dev/sda (Proxmox) or /dev/sda (hcloud). */
  installDisk?: string;
}

export interface SchematicSpec {
  extensions?: string[];
  extraKernelArgs?: string[];
  /** metal: a board overlay (image factory schematic overlay). */
  overlay?: OverlaySpec;
  /** metal: META partition values (image factory customization.meta). */
  meta?: MetaValueSpec[];
}

export interface OverlaySpec {
  name: string;
  image: string;
  options?: Record<string, string>;
}

export interface MetaValueSpec {
  key: number;
  value: string;
}

export interface KubernetesSpec {
  version?: string;
  podSubnets?: string[];
  serviceSubnets?: string[];
  dnsDomain?: string;
  allowSchedulingOnControlPlanes?: boolean;
  apiServer?: ApiServerSpec;
  controllerManager?: ComponentSpec;
  scheduler?: ComponentSpec;
  extraManifests?: string[];
  inlineManifests?: InlineManifestSpec[];
}

export interface InlineManifestSpec {
  name: string;
  contents: string;
}

/** Command-line flags by name (no leading "--"), one string each (see the schema's ExtraArgs). */
export type ExtraArgs = Record<string, string>;

export interface ComponentSpec {
  extraArgs?: ExtraArgs;
}

export interface ApiServerSpec extends ComponentSpec {
  certSANs?: string[];
}

/**
 * Kubernetes node settings a node class or a node carries; a node's own win, key by key. A
 * type, not an interface: it has no schema definition of its own (schema-types.test.ts).
 */
export type NodeSettingsSpec = {
  labels?: Record<string, string>;
  certSANs?: string[];
  /** key -> "value:Effect". */
  taints?: Record<string, string>;
  annotations?: Record<string, string>;
  sysctls?: Record<string, string | number>;
  kernelModules?: KernelModuleSpec[];
  kubelet?: KubeletSpec;
  userVolumes?: UserVolumeSpec[];
  volumes?: SystemVolumes;
  extensionServices?: ExtensionServiceSpec[];
  files?: MachineFileSpec[];
};

export interface MachineFileSpec {
  path: string;
  content: string;
  /** Octal digits, e.g. "0644". */
  permissions?: string;
  op?: "create" | "append" | "overwrite";
}

/** A secret the spec only names: a sensitive variable of the tree. */
export interface SecretRef {
  variable: string;
}

export type SecretOrText = string | SecretRef;

export interface ExtensionServiceSpec {
  name: string;
  environment?: Record<string, SecretOrText>;
  configFiles?: Array<{ mountPath: string; content: SecretOrText }>;
}

/** Key kinds of a LUKS2 volume, one slot each, in order. */
export type EncryptionKeyKind = "nodeID" | "tpm";

export interface VolumeEncryption {
  keys: Array<EncryptionKeyKind | StaticKey>;
  lockToState?: boolean;
}

/** A passphrase from a sensitive variable. */
export interface StaticKey {
  static: SecretRef;
}

export interface StateEncryption {
  keys: EncryptionKeyKind[];
}

export interface SystemVolumes {
  state?: { encryption?: StateEncryption };
  ephemeral?: EphemeralVolumeSpec;
}

/** EPHEMERAL's placement, size and encryption (a VolumeConfig; no schema definition of its own). */
export type EphemeralVolumeSpec = {
  /** A Talos disk selector expression (CEL). */
  disk?: string;
  minSize?: string;
  maxSize?: string;
  grow?: boolean;
  encryption?: VolumeEncryption;
};

export interface UserVolumeSpec {
  name: string;
  /** A Talos disk selector expression (CEL). */
  disk: string;
  minSize?: string;
  maxSize?: string;
  grow?: boolean;
  filesystem?: "xfs" | "ext4";
  encryption?: VolumeEncryption;
}

export interface KubeletSpec {
  extraArgs?: ExtraArgs;
  extraConfig?: Record<string, unknown>;
}

export interface RolesSpec {
  controlplane?: RoleSettingsSpec;
  worker?: RoleSettingsSpec;
}

/** Settings of every node of a role (the schema's RoleSettingsSpec); see NodeSettingsSpec. */
export type RoleSettingsSpec = NodeSettingsSpec;

export interface KernelModuleSpec {
  name: string;
  parameters?: string[];
}

export interface EndpointSpec {
  /** Layer 2 VIP shared by the control planes. */
  vip?: string;
  /** DNS name or address of an external load balancer. */
  host?: string;
  /** Kubernetes API port, default 6443. */
  port?: number;
}

/** The nodes' ingress firewall (Talos v1.13 NetworkDefaultActionConfig, NetworkRuleConfig). */
export interface FirewallSpec {
  ingress: "accept" | "block";
  adminCidrs?: string[];
  rules?: FirewallRuleSpec[];
}

export interface FirewallRuleSpec {
  name: string;
  /** Ports, and ranges as "first-last". */
  ports: Array<number | string>;
  protocol: "tcp" | "udp";
  from: string[];
  roles?: NodeRole[];
}

export interface NodeNetworkSpec {
  cidr: string;
  gateway?: string;
  nameservers?: string[];
  searchDomains?: string[];
  disableDefaultSearchDomain?: boolean;
  ntp?: string[];
  ptp?: string[];
  firewall?: FirewallSpec;
  kubespan?: KubeSpanSpec;
}

/** KubeSpan (Talos KubeSpanConfig): present means on. */
export interface KubeSpanSpec {
  advertiseKubernetesNetworks?: boolean;
  allowDownPeerBypass?: boolean;
  mtu?: number;
}

export interface RegistryMirrorSpec {
  endpoints: string[];
  overridePath?: boolean;
  skipFallback?: boolean;
}

export interface PlatformSpec {
  proxmox?: ProxmoxPlatformSpec;
  hcloud?: HcloudPlatformSpec;
  metal?: MetalPlatformSpec;
}

export interface ProxmoxPlatformSpec {
  endpoint: string;
  insecure?: boolean;
  /** Datastore the Talos image is downloaded to, on every host that runs a node. */
  imageDatastore?: string;
  imageDatastoreShared?: boolean;
  /** SSH user for the provider's disk import, default root. */
  sshUsername?: string;
  /** The host pool: Proxmox node name -> settings. */
  hosts: Record<string, ProxmoxHostSpec>;
  /** Default bridge for the first NIC, default vmbr0. */
  bridge?: string;
  /** UEFI Secure Boot with a virtual TPM for every VM. */
  secureBoot?: boolean;
  /** The Talos platform the VMs run: nocloud (default) or metal (VMs installed from the ISO, adopted). */
  talosPlatform?: "nocloud" | "metal";
}

export interface ProxmoxHostSpec {
  /** Datastore for VM disks on this host, default local-lvm. */
  datastore?: string;
  /** SSH address of the host when it differs from its name. */
  address?: string;
}

export interface HcloudPlatformSpec {
  location: string;
  networkZone?: string;
  /** Private network range, default 10.0.0.0/16; the node CIDR is its subnet. */
  networkRange?: string;
  image?: { selector?: string; id?: number };
  /** Where the Talos and Kubernetes APIs are reachable from. */
  adminCidrs: string[];
  /** An existing floating IP for the API endpoint (apiEndpoint floating-ip). */
  floatingIpId?: number;
  /** Existing firewalls every server gets beside the tree's own. */
  firewallIds?: number[];
  /** An existing private network to add the node subnet to. */
  networkId?: number;
  /** More inbound rules of the servers' Hetzner firewall. */
  firewallRules?: HcloudFirewallRuleSpec[];
  /** How the Kubernetes API endpoint is exposed. */
  apiEndpoint?: "load-balancer" | "floating-ip";
  loadBalancerType?: string;
  /** The servers' public addresses: a primary IPv4, IPv6 or both per server, or none. */
  publicNetwork?: HcloudPublicNetwork;
  /** publicNetwork none: the private address the network routes 0.0.0.0/0 to. */
  natGateway?: string;
}

export type HcloudPublicNetwork = "ipv4" | "ipv6" | "dual-stack" | "none";

/** An inbound rule of the Hetzner Cloud firewall. */
export interface HcloudFirewallRuleSpec {
  description: string;
  protocol: "tcp" | "udp" | "icmp" | "esp" | "gre";
  port?: string;
  sources: string[];
}

export interface MetalPlatformSpec {
  /** Link name (e.g. enp1s0) of every node's first NIC, when the node's NIC gives neither `interface` nor `mac`. */
  interface?: string;
  boot?: MetalBootSpec;
}

export interface MetalBootSpec {
  media?: "iso" | "disk-image" | "uki" | "pxe";
  secureBoot?: boolean;
}

/** Sizing shared by nodes. cpu, memory and osDisk are required on Proxmox (rule
 * spec/missing-class-field); on hcloud the server type decides the size. */
export interface InstallDiskSelector {
  size?: string;
  model?: string;
  serial?: string;
  wwid?: string;
  busPath?: string;
  type?: "ssd" | "hdd" | "nvme" | "sd";
  name?: string;
  modalias?: string;
  uuid?: string;
}

export interface NodeClassSpec extends NodeSettingsSpec {
  installDiskSelector?: InstallDiskSelector;
  cpu?: number;
  memory?: number;
  osDisk?: number;
  dataDisk?: number;
  cpuType?: string;
  /** hcloud server type, e.g. cx33. */
  serverType?: string;
  uefi?: boolean;
  /** metal: the machines' CPU architecture. */
  arch?: "amd64" | "arm64";
  /** Extensions and kernel arguments added to the cluster's for this class's image. */
  schematic?: SchematicSpec;
  /** Proxmox: the data disk as a user volume over the whole disk. */
  dataDiskVolume?: Pick<UserVolumeSpec, "name" | "filesystem" | "encryption">;
}

export type NodeRole = "controlplane" | "worker";

export interface NodeSpec extends NodeSettingsSpec {
  name: string;
  role: NodeRole;
  class?: string;
  /** Address with prefix length, e.g. 192.168.62.21/24; optional only with DHCP. */
  address?: string;
  host?: string;
  vmId?: number;
  /** The running machine this node already is, imported rather than created: a Proxmox VM (true: vmId on host) or a Hetzner server. */
  adopt?: true | AdoptedServerSpec;
  /** The node's machine is dead: forgotten without a reset, its etcd member and Kubernetes Node removed. */
  gone?: true;
  networks?: NodeNicSpec[];
  wireguard?: WireguardSpec[];
  /** metal: policy routing rules for routes in their own tables (Talos RoutingRuleConfig). */
  routingRules?: RoutingRuleSpec[];
  /** The node's own DNS resolvers, instead of network.nameservers. */
  nameservers?: string[];
  pciPassthrough?: string[];
  labels?: Record<string, string>;
  installDisk?: string;
  installDiskSelector?: InstallDiskSelector;
  patches?: TalosPatch[];
}

/** A running Hetzner server and its primary IPv4, taken over by import blocks. */
export interface AdoptedServerSpec {
  serverId: number;
  primaryIpId: number;
}

export interface NodeNicSpec {
  /** Proxmox: the bridge the NIC is on (default platform.proxmox.bridge). Metal: a bridge the node makes. */
  bridge?: string | MetalBridgeSpec;
  /** metal: the link's name as Talos sees it (e.g. enp1s0), when no `mac` selects it. */
  interface?: string;
  /** metal: the link's permanent MAC address; Talos aliases the link by it. Proxmox: the VM NIC's MAC (default: derived from the names). */
  mac?: string;
  /** metal: the link found by driver, bus path or MAC pattern (a LinkAliasConfig selector). */
  selector?: LinkSelectorSpec;
  /** metal: a bond of physical links carries the NIC's address. */
  bond?: BondSpec;
  /** metal, with DHCP: the metric of the lease's default route. */
  dhcpRouteMetric?: number;
  /** metal: an IPv6 address by DHCPv6 or SLAAC too. */
  ipv6?: "dhcp" | "slaac";
  /** Proxmox: VLAN tags passed through to the guest, tagged. */
  trunks?: number[];
  /** Proxmox: the emulated NIC model. */
  model?: "virtio" | "e1000" | "e1000e" | "rtl8139" | "vmxnet3";
  vlan?: number;
  /** An address with prefix length, or "dhcp". */
  address: string;
  /** metal: more addresses on the link, each with its prefix length. */
  additionalAddresses?: string[];
  gateway?: string;
  mtu?: number;
  routes?: StaticRouteSpec[];
}

/** A policy routing rule: packets matching `from` and `to` are looked up in `table`. */
export interface RoutingRuleSpec {
  priority: number;
  from?: string;
  to?: string;
  table: number;
}

/** A WireGuard tunnel of a node (Talos v1.13 WireguardConfig). */
export interface WireguardSpec {
  name: string;
  privateKey: SecretRef;
  address: string;
  listenPort?: number;
  mtu?: number;
  peers?: WireguardPeerSpec[];
}

export interface WireguardPeerSpec {
  publicKey: string;
  presharedKey?: SecretRef;
  endpoint?: string;
  allowedIPs: string[];
  /** Seconds. */
  persistentKeepalive?: number;
}

/** A physical link that joins a bond or a bridge, by MAC address or by name. */
export interface LinkSelectorSpec {
  driver?: string;
  busPath?: string;
  macPattern?: string;
}

export interface LinkMemberSpec {
  mac?: string;
  interface?: string;
  /** Links found by what Talos reports of them (a LinkAliasConfig selector). */
  selector?: LinkSelectorSpec;
  /** With selector: how many links it finds (all: every one, up to 16), all of which join (a pattern alias). */
  count?: number | "all";
}

export type BondMode = "802.3ad" | "active-backup" | "balance-rr" | "balance-xor" | "broadcast" | "balance-tlb" | "balance-alb";

/** A Linux bond (Talos v1.13 BondConfig). */
export interface BondSpec {
  name?: string;
  mode: BondMode;
  members: LinkMemberSpec[];
  lacpRate?: "slow" | "fast";
  hashPolicy?: "layer2" | "layer2+3" | "layer3+4" | "encap2+3" | "encap3+4";
  miimon?: number;
  updelay?: number;
  downdelay?: number;
}

/** A Linux bridge the node makes (Talos v1.13 BridgeConfig). */
export interface MetalBridgeSpec {
  name?: string;
  members: LinkMemberSpec[];
  stp?: boolean;
  vlanFiltering?: boolean;
}

export interface StaticRouteSpec {
  to: string;
  via: string;
  metric?: number;
  /** A routing table other than main (1-252), reached through the node's routingRules. */
  table?: number;
}

/** A raw Talos machine-config patch (strategic merge), or a multi-doc document. */
export type TalosPatch = Record<string, unknown>;

export interface PatchesSpec {
  common?: TalosPatch[];
  controlplane?: TalosPatch[];
  worker?: TalosPatch[];
}

export interface CniSpec {
  cilium?: CiliumSpec;
  flannel?: Record<string, never>;
  none?: Record<string, never>;
}

export interface CiliumSpec {
  version?: string;
  mode?: "inline" | "helm-release";
  values?: Record<string, unknown>;
  loadBalancer?: {
    /** Only workers announce when excludeControlPlanes is true (seed 000). */
    l2?: { interfaces?: string[]; excludeControlPlanes?: boolean };
    bgp?: CiliumBgpSpec;
    pools?: Array<{ start: string; stop: string } | { cidr: string }>;
  };
}

/** Service IPs announced to routers (Cilium BGP control plane). */
export interface CiliumBgpSpec {
  asn: number;
  peers: CiliumBgpPeerSpec[];
  excludeControlPlanes?: boolean;
}

export interface CiliumBgpPeerSpec {
  name?: string;
  address: string;
  asn: number;
}

export interface AddonSpec {
  version?: string;
  mode?: "inline" | "helm-release";
  values?: Record<string, unknown>;
  /** Releases (addons.charts) this one waits for. */
  after?: string[];
}

/** An add-on every other release waits for: it waits for none. */
export type HcloudCcmSpec = Omit<AddonSpec, "after">;

export interface AddonsSpec {
  certManager?: AddonSpec;
  metricsServer?: MetricsServerSpec;
  hcloudCcm?: HcloudCcmSpec;
  /** More Helm charts, in order. */
  charts?: HelmChartSpec[];
}

/** A Helm chart of the user's: its own module and values file. */
export interface HelmChartSpec {
  name: string;
  repository: string;
  chart: string;
  version: string;
  namespace: string;
  mode?: "inline" | "helm-release";
  values?: Record<string, unknown>;
  after?: string[];
}

export interface MetricsServerSpec {
  version?: string;
  mode?: "inline" | "helm-release";
  values?: Record<string, unknown>;
  /** Releases (addons.charts) this one waits for. */
  after?: string[];
  kubeletTls?: "verify" | "insecure";
  approverManifest?: string;
}

export interface GitopsSpec {
  flux?: FluxSpec;
  argocd?: ArgocdSpec;
  tofuController?: TofuControllerSpec;
}

export interface FluxSpec {
  repository: string;
  branch?: string;
  path?: string;
  interval?: string;
  /** Register the generated deploy key through the forge's provider. */
  forge?: { github?: { owner: string; repository: string }; gitea?: { url: string; owner: string; repository: string } };
  /** How Flux authenticates to Git: a generated SSH deploy key (default) or a token variable. */
  auth?: "ssh-key" | "token";
  /** Namespace Flux is installed in (default flux-system). */
  namespace?: string;
}

export interface ArgocdSpec {
  version?: string;
  repository: string;
  revision?: string;
  path: string;
  values?: Record<string, unknown>;
}

export interface TofuControllerSpec {
  /** Git repository that holds the generated tree. */
  repository: string;
  branch?: string;
  /** Path of the generated tree inside that repository. */
  path: string;
  namespace?: string;
  interval?: string;
  approvePlan?: "auto" | "manual";
  /** Secret holding the platform credentials, exposed to the runner as environment. */
  credentialsSecret?: string;
  /** Secret with the Git credentials the GitRepository source uses (default <name>-git for ssh://). */
  gitSecret?: string;
  /** Runner image with OpenTofu >= 1.10 or Terraform >= 1.11 as `terraform`. */
  runnerImage?: string;
  /** Whether deleting the Terraform object destroys the cluster. */
  destroyResourcesOnDeletion?: boolean;
  /** Install tofu-controller itself (HelmRepository and HelmRelease). */
  install?: { version: string };
}

export interface BackendSpec {
  s3?: S3BackendSpec;
  local?: { path?: string };
}

export interface S3BackendSpec {
  bucket: string;
  key: string;
  region: string;
  endpoints?: { s3?: string; iam?: string; sts?: string; dynamodb?: string };
  usePathStyle?: boolean;
  /** The skip_* flags S3-compatible stores need. */
  skipChecks?: boolean;
  /** Server-side encryption; on by default because the state holds the cluster secrets. */
  encrypt?: boolean;
  kmsKeyId?: string;
  /** S3-native state locking (OpenTofu >= 1.10, Terraform >= 1.11); default true. */
  useLockfile?: boolean;
  workspaceKeyPrefix?: string;
}
