/**
 * Talos machine-config document kinds that a raw patch may not use in a tree, by the Talos minor
 * the tree installs. test/talos-document-kinds.test.ts keeps NEW_IN_V1_14 equal to the kinds the
 * v1.14.0-rc.1 config schema has and the v1.13 one has not (with the one name the code spells
 * otherwise); they are the kinds machinery v1.14.1 registers and v1.13.9 does not.
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
 * Talos v1.14 kinds that only a control plane's configuration may have: Talos refuses the whole
 * configuration of a worker that has one ("the following document kinds are only allowed on
 * control plane machines", machinery v1.14.1 config/container/validate.go; the kinds that
 * implement ControlplaneOnlyConfig). test/real/machine-configs.test.ts has Talos v1.14.1 check
 * that these are exactly the kinds new in v1.14 it refuses on a worker.
 */
export const CONTROL_PLANE_ONLY_IN_V1_14: ReadonlySet<string> = new Set([
  "KubeAPIServerConfig",
  "KubeAdmissionControlConfig",
  "KubeAggregatorCAConfig",
  "KubeAuditPolicyConfig",
  "KubeAuthenticationConfig",
  "KubeAuthorizerConfig",
  "KubeControllerManagerConfig",
  "KubeCoreDNSConfig",
  "KubeEtcdEncryptionConfig",
  "KubeFlannelCNIConfig",
  "KubeProxyConfig",
  "KubeSchedulerConfig",
  "KubeServiceAccountConfig",
  "KubeTalosAPIAccessConfig",
]);

/** What a v1.14 kind replaces, and what of the generated configuration Talos finds it beside. */
export interface ReplacedField {
  /** The v1alpha1 field the document replaces: where a v1alpha1 patch says the same. */
  field: string;
  /** The field Talos finds in the configuration and refuses the document beside, when not `field`. */
  besides?: string;
}

/**
 * Talos v1.14 kinds that Talos refuses beside a v1alpha1 field which every configuration of the
 * tree has, on a Talos v1.14 node (the trees keep the v1.13 contract, src/catalog/defaults.ts
 * NEWEST_CONTRACT): the talos provider generates the field, or the tree's own patches set it.
 * "A deprecated field and its replacement document are mutually exclusive" (upgrading-talos
 * v1.14); each kind's V1Alpha1ConflictValidate in machinery v1.14.1 config/types says which
 * field. test/real/machine-configs.test.ts has Talos v1.14.1 check every kind new in v1.14
 * against a v1.14 tree's configurations: refused exactly when listed here.
 */
export const REPLACES_A_V1ALPHA1_FIELD: ReadonlyMap<string, ReplacedField> = new Map<string, ReplacedField>([
  // k8s/apiserver.go; the provider generates .cluster.apiServer (its image) for control planes.
  ["KubeAPIServerConfig", { field: ".cluster.apiServer" }],
  // k8s/apiserver_ca.go: the provider generates .cluster.ca for every node.
  ["KubeAPIServerCAConfig", { field: ".cluster.ca" }],
  // k8s/aggregator_ca.go, k8s/service_account.go: generated for control planes.
  ["KubeAggregatorCAConfig", { field: ".cluster.aggregatorCA" }],
  ["KubeServiceAccountConfig", { field: ".cluster.serviceAccount" }],
  // k8s/admission_control.go, k8s/audit_policy.go: the provider generates the PodSecurity
  // admission configuration and the audit policy for control planes.
  ["KubeAdmissionControlConfig", { field: ".cluster.apiServer.admissionControl" }],
  ["KubeAuditPolicyConfig", { field: ".cluster.apiServer.auditPolicy" }],
  // k8s/authorization.go refuses it beside any admission control plugin configuration (the
  // check admission_control.go makes), which control planes have.
  ["KubeAuthorizerConfig", { field: ".cluster.apiServer.authorizationConfig", besides: ".cluster.apiServer.admissionControl" }],
  // k8s/controller_manager.go, k8s/scheduler.go: their images, generated for control planes.
  ["KubeControllerManagerConfig", { field: ".cluster.controllerManager" }],
  ["KubeSchedulerConfig", { field: ".cluster.scheduler" }],
  // k8s/proxy.go: generated for control planes, and the tree disables kube-proxy under Cilium.
  ["KubeProxyConfig", { field: ".cluster.proxy" }],
  // k8s/network.go, k8s/flannel.go: the tree's common patch sets .cluster.network.
  ["KubeNetworkConfig", { field: ".cluster.network" }],
  ["KubeFlannelCNIConfig", { field: ".cluster.network" }],
  // k8s/cluster.go: .cluster.clusterName, generated for every node.
  ["KubeClusterConfig", { field: ".cluster.clusterName" }],
  // cluster/discovery_identity.go: .cluster.id and .cluster.secret, generated for every node.
  ["DiscoveryIdentityConfig", { field: ".cluster.id" }],
  // cluster/discovery_service.go: the mere presence of .cluster.discovery conflicts, and the
  // provider generates it for every node (the tree's talos.discovery sets it too).
  ["DiscoveryServiceConfig", { field: ".cluster.discovery" }],
  // k8s/etcd_encryption.go: the secretbox secret, generated for control planes.
  ["KubeEtcdEncryptionConfig", { field: ".cluster.secretboxEncryptionSecret" }],
  // k8s/kubelet.go, k8s/credential_provider.go: .machine.kubelet (the tree's nodeIP, the
  // provider's image).
  ["KubeletConfig", { field: ".machine.kubelet" }],
  ["KubeCredentialProviderConfig", { field: ".machine.kubelet" }],
  // k8s/node.go: .machine.kubelet.nodeIP, which the tree's common patch sets.
  ["KubeNodeConfig", { field: ".machine.kubelet.nodeIP" }],
  // k8s/kubeprism.go: the tree's common patch sets .machine.features.kubePrism.
  ["KubePrismConfig", { field: ".machine.features.kubePrism" }],
  // runtime/unattended_install.go: the tree's common patch sets .machine.install.
  ["UnattendedInstallConfig", { field: ".machine.install" }],
]);
