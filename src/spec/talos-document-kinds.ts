/**
 * Talos machine-config document kinds that a raw patch may not use in a tree, by the Talos minor
 * the tree installs. test/talos-document-kinds.test.ts keeps NEW_IN_V1_14 equal to the kinds the
 * v1.14.0-rc.1 config schema has and the v1.13 one has not (with the one name the code spells
 * otherwise).
 */

/**
 * Kinds Talos v1.14 introduces. Talos v1.13 registers none of them: its configuration loader
 * refuses the document ("not registered", machinery v1.13.9 config/configloader), so the talos
 * provider fails to apply the patch.
 */
export const NEW_IN_V1_14: ReadonlySet<string> = new Set([
  "BGPInstanceConfig",
  "CRIBaseRuntimeSpecConfig",
  "CRICustomizationConfig",
  "ContainerConfig",
  "DiscoveryIdentityConfig",
  "DiscoveryServiceConfig",
  "EtcFileConfig",
  "FilesystemScrubConfig",
  "FilesystemTrimConfig",
  "HTTPProbeConfig",
  "ImageCacheConfig",
  "KernelModuleConfig",
  "KubeAPIServerCAConfig",
  "KubeAPIServerConfig",
  "KubeAdmissionControlConfig",
  "KubeAggregatorCAConfig",
  "KubeAuditPolicyConfig",
  "KubeAuthenticationConfig",
  "KubeAuthorizerConfig",
  "KubeClusterConfig",
  "KubeControllerManagerConfig",
  "KubeCoreDNSConfig",
  "KubeCredentialProviderConfig",
  "KubeEtcdEncryptionConfig",
  "KubeExternalManifestConfig",
  "KubeFlannelCNIConfig",
  "KubeInlineManifestConfig",
  "KubeNetworkConfig",
  "KubeNodeConfig",
  "KubePrismConfig",
  "KubeProxyConfig",
  "KubeSchedulerConfig",
  "KubeServiceAccountConfig",
  "KubeStaticPodConfig",
  "KubeTalosAPIAccessConfig",
  "KubeletConfig",
  "LVMLogicalVolumeConfig",
  "LVMVolumeGroupConfig",
  "RAIDArrayConfig",
  "SecurityProfileConfig",
  "SysctlConfig",
  "SysfsConfig",
  "UdevRulesConfig",
  // The v1.14.0-rc.1 schema says "UnattendedInstall"; the code registers this name
  // (runtime/unattended_install.go UnattendedInstallConfigKind).
  "UnattendedInstallConfig",
  "VethConfig",
]);

/**
 * Talos v1.14 kinds that replace a v1alpha1 field which every configuration of the tree has,
 * on a Talos v1.14 node (the trees keep the v1.13 contract, src/model/defaults.ts
 * NEWEST_CONTRACT): the talos provider generates the field, or the tree's own patches set it.
 * Talos v1.14 refuses a configuration with both ("a deprecated field and its replacement
 * document are mutually exclusive", upgrading-talos v1.14; each kind's V1Alpha1ConflictValidate
 * in machinery v1.14.0-rc.1 config/types). The field each conflicts with, as Talos names it.
 */
export const REPLACES_A_V1ALPHA1_FIELD: ReadonlyMap<string, string> = new Map([
  // k8s/apiserver.go; the provider generates .cluster.apiServer (its image) for control planes.
  ["KubeAPIServerConfig", ".cluster.apiServer"],
  // k8s/apiserver_ca.go: the provider generates .cluster.ca for every node.
  ["KubeAPIServerCAConfig", ".cluster.ca"],
  // k8s/aggregator_ca.go, k8s/service_account.go: generated for control planes.
  ["KubeAggregatorCAConfig", ".cluster.aggregatorCA"],
  ["KubeServiceAccountConfig", ".cluster.serviceAccount"],
  // k8s/controller_manager.go, k8s/scheduler.go: their images, generated for control planes.
  ["KubeControllerManagerConfig", ".cluster.controllerManager"],
  ["KubeSchedulerConfig", ".cluster.scheduler"],
  // k8s/proxy.go: generated for control planes, and the tree disables kube-proxy under Cilium.
  ["KubeProxyConfig", ".cluster.proxy"],
  // k8s/network.go, k8s/flannel.go: the tree's common patch sets .cluster.network.
  ["KubeNetworkConfig", ".cluster.network"],
  ["KubeFlannelCNIConfig", ".cluster.network"],
  // k8s/cluster.go: .cluster.clusterName, generated for every node.
  ["KubeClusterConfig", ".cluster.clusterName"],
  // cluster/discovery_identity.go: .cluster.id and .cluster.secret, generated for every node.
  ["DiscoveryIdentityConfig", ".cluster.id"],
  // k8s/etcd_encryption.go: the secretbox secret, generated for control planes.
  ["KubeEtcdEncryptionConfig", ".cluster.secretboxEncryptionSecret"],
  // k8s/kubelet.go, k8s/credential_provider.go: .machine.kubelet (the tree's nodeIP, the
  // provider's image).
  ["KubeletConfig", ".machine.kubelet"],
  ["KubeCredentialProviderConfig", ".machine.kubelet"],
  // k8s/node.go: .machine.kubelet.nodeIP, which the tree's common patch sets.
  ["KubeNodeConfig", ".machine.kubelet.nodeIP"],
  // k8s/kubeprism.go: the tree's common patch sets .machine.features.kubePrism.
  ["KubePrismConfig", ".machine.features.kubePrism"],
  // runtime/unattended_install.go: the tree's common patch sets .machine.install.
  ["UnattendedInstallConfig", ".machine.install"],
]);
