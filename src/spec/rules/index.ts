import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Locator } from "../locate.js";
import type { ClusterSpec } from "../types.js";
import { controlPlanes } from "./control-planes.js";
import { dhcpGateway } from "./dhcp-gateway.js";
import { endpointVip } from "./endpoint-vip.js";
import { gitops } from "./gitops.js";
import { goneNodes } from "./gone-nodes.js";
import { fluxAuth } from "./flux-auth.js";
import { installDisk } from "./install-disk.js";
import { patchKinds } from "./patch-kinds.js";
import { patchFields } from "./patch-fields.js";
import { staticKeys } from "./static-keys.js";
import { staticRoutes } from "./static-routes.js";
import { kubespan } from "./kubespan.js";
import { adoptMachines } from "./adopt-machines.js";
import { adoptedSecretsState } from "./adopted-secrets-state.js";
import { bgpPeers } from "./bgp-peers.js";
import { clusterSubnetFamilies } from "./cluster-subnet-families.js";
import { dualStackNodes } from "./dual-stack-nodes.js";
import { helmCharts } from "./helm-charts.js";
import { policyRouting } from "./policy-routing.js";
import { wireguardTunnels } from "./wireguard.js";
import { firewallRules } from "./firewall.js";
import { dataDiskVolume } from "./data-disk-volume.js";
import { boardImages } from "./board-images.js";
import { userVolumeSize } from "./user-volume-size.js";
import { tofuRunner } from "./tofu-runner.js";
import { inlineManifests } from "./inline-manifests.js";
import { extensionServices } from "./extension-services.js";
import { ipSyntax } from "./ip-syntax.js";
import { lbPools } from "./lb-pools.js";
import { nameCollisions } from "./name-collisions.js";
import { ciliumValues } from "./cilium-values.js";
import { ciliumRouting } from "./cilium-routing.js";
import { nodeAddressRules } from "./node-addresses.js";
import { nodeIdentity } from "./node-identity.js";
import { references } from "./references.js";
import { reservedNames } from "./reserved-names.js";
import { runRules, type Rule } from "./rule.js";
import { subnets } from "./subnets.js";
import { urls } from "./urls.js";
import { versions } from "./versions.js";
import { workerTaints } from "./worker-taints.js";

/**
 * The cross-field rules, run together once the schema passed (so every rule can trust the
 * shape). Order does not matter: diagnostics are sorted by position afterwards. The secret scan
 * is not here: it runs on the raw document, before the schema (see secrets.ts).
 */
export const RULES: readonly Rule[] = [
  ipSyntax,
  dhcpGateway,
  nodeIdentity,
  reservedNames,
  nameCollisions,
  nodeAddressRules,
  endpointVip,
  subnets,
  clusterSubnetFamilies,
  dualStackNodes,
  controlPlanes,
  goneNodes,
  references,
  versions,
  workerTaints,
  installDisk,
  patchKinds,
  patchFields,
  staticKeys,
  staticRoutes,
  kubespan,
  adoptMachines,
  adoptedSecretsState,
  bgpPeers,
  policyRouting,
  wireguardTunnels,
  firewallRules,
  dataDiskVolume,
  boardImages,
  userVolumeSize,
  tofuRunner,
  inlineManifests,
  helmCharts,
  extensionServices,
  gitops,
  fluxAuth,
  lbPools,
  ciliumValues,
  ciliumRouting,
  urls,
];

/** The shared rules, then the spec's platform's own (src/platforms/<kind>/rules/). */
export function checkRules(spec: ClusterSpec, locator: Locator, platformRules: readonly Rule[]): Diagnostic[] {
  return runRules([...RULES, ...platformRules], spec, locator);
}
