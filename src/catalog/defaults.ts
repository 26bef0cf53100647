/**
 * Every default the compiler applies, in one place. Versions come from data/versions.json
 * so that a version bump is a one-line data change (and a Renovate-friendly one).
 */
import versions from "../../data/versions.json" with { type: "json" };
import type { NodeRole } from "../spec/types.js";

export const DEFAULT_VERSIONS = versions.components;
export const PROVIDER_DEFAULTS: Record<string, { source: string; version: string }> = versions.providers;
export const REQUIRED_VERSION = versions.requiredVersion;

/** Image factory of Sidero Labs (https://www.talos.dev/v1.13/learn-more/image-factory/). */
export const FACTORY_URL = "https://factory.talos.dev";

/**
 * What a spec field is when the spec leaves it out, by the schema definition it belongs to
 * (nested objects of a definition nest here too). The schema's `default` annotations say the
 * same for editors and the reference; test/defaults.test.ts holds the two equal, and checks that
 * writing a default compiles to the tree that leaving it out does.
 */
export const SPEC_DEFAULTS = {
  TalosSpec: { secrets: "generate", discovery: true, factoryUrl: FACTORY_URL, installDisk: "/dev/sda" },
  KubernetesSpec: { dnsDomain: "cluster.local", allowSchedulingOnControlPlanes: false },
  EndpointSpec: { port: 6443 },
  RegistryMirrorSpec: { overridePath: false },
  ProxmoxPlatformSpec: {
    insecure: false,
    imageDatastore: "local",
    imageDatastoreShared: false,
    sshUsername: "root",
    bridge: "vmbr0",
    secureBoot: false,
    talosPlatform: "nocloud",
  },
  ProxmoxHostSpec: { datastore: "local-lvm" },
  HcloudPlatformSpec: {
    networkZone: "eu-central",
    networkRange: "10.0.0.0/16",
    apiEndpoint: "load-balancer",
    // A public IPv4 per server, as before the spec could say otherwise.
    publicNetwork: "ipv4",
    // The smallest type; one TCP service with a handful of targets.
    loadBalancerType: "lb11",
  },
  NodeClassSpec: { cpuType: "host", uefi: false, arch: "amd64", dataDiskVolume: { filesystem: "xfs" } },
  NodeNicSpec: { model: "virtio" },
  CiliumSpec: { mode: "inline", loadBalancer: { l2: { excludeControlPlanes: false } } },
  CiliumBgpSpec: { excludeControlPlanes: false },
  MetricsServerSpec: { kubeletTls: "verify" },
  FluxSpec: { branch: "main", auth: "ssh-key" },
  ArgocdSpec: { revision: "HEAD" },
  TofuControllerSpec: { branch: "main", namespace: "flux-system", approvePlan: "manual", destroyResourcesOnDeletion: false },
  S3BackendSpec: { usePathStyle: false, skipChecks: false, encrypt: true, useLockfile: true },
  MetalBootSpec: { media: "iso", secureBoot: false },
  RolloutSpec: { parallelWorkers: 1 },
} as const;

export const DEFAULT_POD_SUBNETS = ["10.244.0.0/16"];
export const DEFAULT_SERVICE_SUBNETS = ["10.96.0.0/12"];
export const DEFAULT_DNS_DOMAIN = SPEC_DEFAULTS.KubernetesSpec.dnsDomain;
export const DEFAULT_API_PORT = SPEC_DEFAULTS.EndpointSpec.port;
/**
 * KubePrism, the node-local load balancer for the Kubernetes API. Talos enables it on this
 * port for contracts >= 1.6 (pkg/machinery/config/generate/init.go, DefaultKubePrismPort);
 * Cilium's k8sServicePort must be the same port (catalog/cilium-on-talos.ts).
 */
export const KUBEPRISM_PORT = 7445;
export const DEFAULT_INSTALL_DISK = SPEC_DEFAULTS.TalosSpec.installDisk;
/**
 * The newest machine-config contract the compiler emits. Its patches speak the v1alpha1
 * document; from the v1.14 contract on, the talos provider generates the Kubernetes settings
 * as dedicated documents instead (machinery v1.14 config/generate/kubernetes.go,
 * MultidocKubernetesConfigSupported), and "a deprecated field and its replacement document are
 * mutually exclusive: a configuration which sets both is rejected" (Talos v1.14 upgrading-talos,
 * "Machine configuration changes"; k8s/apiserver.go V1Alpha1ConflictValidate). Talos v1.14
 * still runs v1alpha1-only configurations ("deprecated, but still supported"), so newer Talos
 * keeps this contract.
 */
export const NEWEST_CONTRACT = "v1.13";
/** The agent lets Proxmox report addresses and shut VMs down cleanly. */
export const DEFAULT_EXTENSIONS = ["siderolabs/qemu-guest-agent"];

export const PROXMOX_DEFAULTS = {
  imageDatastore: SPEC_DEFAULTS.ProxmoxPlatformSpec.imageDatastore,
  vmDatastore: SPEC_DEFAULTS.ProxmoxHostSpec.datastore,
  bridge: SPEC_DEFAULTS.ProxmoxPlatformSpec.bridge,
  sshUsername: SPEC_DEFAULTS.ProxmoxPlatformSpec.sshUsername,
  cpuType: SPEC_DEFAULTS.NodeClassSpec.cpuType,
} as const;

/** Proxmox Server Solutions' OUI, the prefix Proxmox itself gives generated MAC addresses. */
export const PROXMOX_MAC_PREFIX = "bc:24:11";

/** Sizing for nodes without a class: Talos's documented minimums, with headroom. */
export const ROLE_SIZING: Record<NodeRole, { cpu: number; memory: number; osDisk: number }> = {
  controlplane: { cpu: 2, memory: 4096, osDisk: 32 },
  worker: { cpu: 4, memory: 8192, osDisk: 64 },
};

/** Day-0 GitOps (seeds 001, 003, 004). */
export const GITOPS_DEFAULTS = {
  branch: SPEC_DEFAULTS.FluxSpec.branch,
  /** `flux bootstrap --interval` default, also flux_bootstrap_git's. */
  fluxInterval: "1m0s",
  /** Flux's documented layout, clusters/<name> (https://fluxcd.io/flux/guides/repository-structure/). */
  fluxPathPrefix: "clusters/",
  /** The SSH login of GitHub, Gitea and GitLab deploy keys. */
  sshUser: "git",
  argocdNamespace: "argocd",
  argocdRevision: SPEC_DEFAULTS.ArgocdSpec.revision,
  /** tofu-controller's own examples run in flux-system, next to the source-controller. */
  tofuNamespace: SPEC_DEFAULTS.TofuControllerSpec.namespace,
  /** A plan of the whole cluster every 10 minutes; the seed's 1m is a demo value. */
  tofuInterval: "10m",
  sourceInterval: "1m",
  approvePlan: SPEC_DEFAULTS.TofuControllerSpec.approvePlan,
} as const;

/** Hetzner Cloud (seed 002; hcloud provider docs, https://docs.hetzner.cloud/). */
export const HCLOUD_DEFAULTS = {
  ...SPEC_DEFAULTS.HcloudPlatformSpec,
  /** The label the usual Talos snapshot builders (packer, hcloud-upload-image) put on the image. */
  imageSelector: "os=talos",
} as const;

/**
 * The MTU of a Hetzner Cloud private network's interface (docs.hetzner.com cloud/networks
 * technical-concepts/architecture: 1450 on the private interface, 1500 on the public one), and
 * KubeSpan's overhead on top of it: "KubeSpan MTU = Underlying MTU - 80" (docs talos/v1.13
 * networking/kubespan.mdx). Talos's default KubeSpan MTU, 1420, fits a 1500-byte link only;
 * KubeSpan may pick a peer's private address (it cycles through every endpoint advertised).
 */
export const HCLOUD_PRIVATE_MTU = 1450;
export const KUBESPAN_OVERHEAD = 80;

/** Talos's kube-apiserver port (cluster.controlPlane.localAPIServerPort default). */
export const DEFAULT_APISERVER_PORT = 6443;
