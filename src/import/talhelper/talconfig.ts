/**
 * The part of talhelper's talconfig.yaml the importer reads, typed after talhelper's own Go
 * types (github.com/budimanjojo/talhelper/v3 pkg/config/config.go: Config, Node, NodeConfigs,
 * ImageFactory) and the Talos v1alpha1 types they embed (machinery config/types/v1alpha1:
 * Device, Route, Bond, Bridge, Vlan, DeviceVIPConfig, InstallDiskSelector, CNIConfig). Every
 * field is optional here: the importer checks what it needs and reports the rest.
 */

export interface TalConfig {
  clusterName?: unknown;
  talosVersion?: unknown;
  kubernetesVersion?: unknown;
  endpoint?: unknown;
  domain?: unknown;
  allowSchedulingOnMasters?: unknown;
  allowSchedulingOnControlPlanes?: unknown;
  additionalMachineCertSans?: unknown;
  additionalApiServerCertSans?: unknown;
  clusterPodNets?: unknown;
  clusterSvcNets?: unknown;
  cniConfig?: { name?: unknown; urls?: unknown };
  patches?: unknown;
  nodes?: unknown;
  imageFactory?: { registryURL?: unknown; protocol?: unknown; [key: string]: unknown };
  controlPlane?: Record<string, unknown>;
  worker?: Record<string, unknown>;
  [key: string]: unknown;
}

/** v1alpha1.Device: one entry of networkInterfaces. */
export interface TalDevice {
  interface?: unknown;
  deviceSelector?: Record<string, unknown>;
  addresses?: unknown;
  routes?: unknown;
  bond?: {
    interfaces?: unknown;
    deviceSelectors?: unknown;
    mode?: unknown;
    lacpRate?: unknown;
    xmitHashPolicy?: unknown;
    miimon?: unknown;
    updelay?: unknown;
    downdelay?: unknown;
    [key: string]: unknown;
  };
  bridge?: { interfaces?: unknown; stp?: { enabled?: unknown }; vlan?: { vlanFiltering?: unknown }; [key: string]: unknown };
  vlans?: unknown;
  mtu?: unknown;
  dhcp?: unknown;
  dhcpOptions?: { routeMetric?: unknown; [key: string]: unknown };
  vip?: { ip?: unknown; [key: string]: unknown };
  [key: string]: unknown;
}

/** v1alpha1.Route. */
export interface TalRoute {
  network?: unknown;
  gateway?: unknown;
  metric?: unknown;
  [key: string]: unknown;
}
