/**
 * Hetzner Cloud (seed 002): a private network whose subnet is the node network, spread
 * placement groups, a firewall for the Talos and Kubernetes APIs, one server per node from the
 * Talos snapshot, and the API endpoint (a load balancer, or a floating IP that Talos moves).
 * The machine configuration is applied by modules/talos-cluster over each server's public
 * IPv4 (its IPv6, or its private address: platform.hcloud.publicNetwork), never through
 * user_data, so that later spec changes reach running nodes.
 */
import type { ClusterModel, HcloudModel, NodeModel } from "../../model/model.js";
import type { AdoptedServerSpec, HcloudFirewallRuleSpec } from "../../spec/types.js";
import { isArmServerType } from "./server-types.js";
import { obj, renderHclValue, type HclValue } from "../../render/hcl-value.js";
import type { Feature, PlatformOutputs } from "../../plan/feature.js";
import { planModuleFiles, renderSection } from "../../plan/module-files.js";
import { imageModuleCall } from "../../plan/features/talos-image.js";
import { serverArchitectures } from "./image.js";
import { compareStrings } from "../../base/compare.js";

const FOLDER = "hcloud-servers";

/**
 * Where the load balancer answers: its public IPv4 or IPv6 (a Hetzner load balancer has both),
 * or, for private-only servers, its address in the network (its public interface is off).
 */
const LOAD_BALANCER_ADDRESS: Record<HcloudModel["publicNetwork"], string> = {
  ipv4: "hcloud_load_balancer.api.ipv4",
  "dual-stack": "hcloud_load_balancer.api.ipv4",
  ipv6: "hcloud_load_balancer.api.ipv6",
  none: "hcloud_load_balancer_network.api.ip",
};

/** What the endpoint's address is, for the outputs' descriptions. */
const API_ADDRESS_KIND: Record<HcloudModel["publicNetwork"], string> = {
  ipv4: "Public IPv4",
  "dual-stack": "Public IPv4",
  ipv6: "Public IPv6",
  none: "Private address",
};

/** The address tofu and talosctl reach a server's Talos API at (output nodes[].address). */
const TALOS_API_ADDRESS: Record<HcloudModel["publicNetwork"], { kind: string; expr: string }> = {
  ipv4: { kind: "public IPv4", expr: "server.ipv4_address" },
  "dual-stack": { kind: "public IPv4", expr: "server.ipv4_address" },
  ipv6: { kind: "public IPv6", expr: "server.ipv6_address" },
  none: { kind: "private address", expr: "var.nodes[name].address" },
};

/** The public addresses each server keeps, as the module's description says them. */
const PRIMARY_IPS: Record<HcloudModel["publicNetwork"], string> = {
  ipv4: "a primary IPv4",
  ipv6: "a primary IPv6 (no public IPv4)",
  "dual-stack": "a primary IPv4 and IPv6",
  none: "no public address",
};

function hcloudOf(model: ClusterModel): HcloudModel {
  if (model.platform.kind !== "hcloud") throw new Error("plan bug: hcloud feature on another platform");
  return model.platform;
}

/**
 * The endpoint's address, as the module knows it. IPv6-only servers reach the load balancer at
 * its IPv6 (a Hetzner load balancer has both, and no firewall), private-only ones at its
 * private address; the spec rules refuse the floating IP for both
 * (rules/public-network.ts, rules/private-only.ts).
 */
function apiAddressExpr(hcloud: HcloudModel): string {
  if (hcloud.apiEndpoint === "load-balancer") return LOAD_BALANCER_ADDRESS[hcloud.publicNetwork];
  return hcloud.floatingIpId === undefined ? "hcloud_floating_ip.api.ip_address" : "data.hcloud_floating_ip.api.ip_address";
}

/**
 * The spec names the endpoint by a host (its DNS record points at api_address): that name can
 * only resolve once the load balancer or floating IP exists, after the first apply.
 */
function namedEndpoint(model: ClusterModel): boolean {
  return model.endpoint.created === undefined;
}

/**
 * The label that tells a class image's snapshots apart: `talos-image=<image name>` (the class
 * schematic's name, its first class). The cluster's own snapshot is then the one without it
 * (`!talos-image`: Hetzner label selectors take a key's absence).
 */
export const CLASS_IMAGE_LABEL = "talos-image";

/** The key of a class image's snapshot lookup: its name, with -arm for its Arm servers'. */
function classImageKey(schematic: string, arm: boolean): string {
  return arm ? `${schematic}-arm` : schematic;
}

/** Each class image's snapshot lookup, for the architectures its servers have. */
function classImages(model: ClusterModel, selector: string): Map<string, HclValue> {
  const images = new Map<string, HclValue>();
  for (const node of model.nodes) {
    if (node.schematic === undefined || node.serverType === undefined) continue;
    const arm = isArmServerType(node.serverType);
    images.set(classImageKey(node.schematic, arm), obj({ selector: `${selector},${CLASS_IMAGE_LABEL}=${node.schematic}`, architecture: arm ? "arm" : "x86" }));
  }
  return new Map([...images].sort(([a], [b]) => compareStrings(a, b)));
}

/** The data sources of the selected snapshots, as one HCL list (the class ones by key). */
function snapshotsExpr(architectures: { x86: boolean; arm: boolean }, classes: boolean): string {
  const images = [...(architectures.x86 ? ["data.hcloud_image.talos"] : []), ...(architectures.arm ? ["data.hcloud_image.talos_arm"] : [])];
  const base = `[${images.join(", ")}]`;
  return classes ? `concat(${base}, values(data.hcloud_image.class))` : base;
}

/** The snapshot a server boots: the x86 one, the arm one, or by its server type when both are in use. */
function selectedImageExpr(architectures: { x86: boolean; arm: boolean }): string {
  if (!architectures.arm) return "data.hcloud_image.talos.id";
  if (!architectures.x86) return "data.hcloud_image.talos_arm.id";
  return 'startswith(each.value.server_type, "cax") ? data.hcloud_image.talos_arm.id : data.hcloud_image.talos.id';
}

function moduleView(model: ClusterModel) {
  const hcloud = hcloudOf(model);
  const architectures = serverArchitectures(model);
  const address = apiAddressExpr(hcloud);
  const classes = model.talos.classSchematics.length > 0;
  const baseImage = "selector" in hcloud.image ? selectedImageExpr(architectures) : renderHclValue(String(hcloud.image.id));
  return {
    classImages: classes,
    networkId: hcloud.networkId !== undefined,
    floatingIpId: hcloud.floatingIpId !== undefined,
    floatingIpRef: hcloud.floatingIpId === undefined ? "hcloud_floating_ip.api" : "data.hcloud_floating_ip.api",
    // An existing network is read, not created (platform.hcloud.networkId).
    networkRef: hcloud.networkId === undefined ? "hcloud_network.this" : "data.hcloud_network.this",
    loadBalancer: hcloud.apiEndpoint === "load-balancer",
    floatingIp: hcloud.apiEndpoint === "floating-ip",
    apiCertSan: namedEndpoint(model),
    controlplanePatches: hcloud.apiEndpoint === "floating-ip" || namedEndpoint(model),
    imageSelector: "selector" in hcloud.image ? (classes ? `${hcloud.image.selector},!${CLASS_IMAGE_LABEL}` : hcloud.image.selector) : null,
    // The snapshots a label selector picks, to compare their version label with the tree's.
    snapshotsExpr: "selector" in hcloud.image ? snapshotsExpr(architectures, classes) : null,
    x86: architectures.x86,
    arm: architectures.arm,
    // A server of a class with an image of its own boots that image's snapshot.
    imageExpr: classes
      ? `each.value.image == null ? ${architectures.x86 || architectures.arm ? baseImage : "null"} : data.hcloud_image.class[each.value.image].id`
      : baseImage,
    apiAddressExpr: address,
    // An IPv6 literal in a URL is written in brackets (RFC 3986 section 3.2.2).
    apiUrlExpr: hcloud.publicNetwork === "ipv6" ? `"https://[\${${address}}]:\${var.api_port}"` : `"https://\${${address}}:\${var.api_port}"`,
    publicIpv4: hcloud.publicNetwork === "ipv4" || hcloud.publicNetwork === "dual-stack",
    publicIpv6: hcloud.publicNetwork === "ipv6" || hcloud.publicNetwork === "dual-stack",
    ipv6Only: hcloud.publicNetwork === "ipv6",
    privateOnly: hcloud.publicNetwork === "none",
    natGateway: hcloud.natGateway !== undefined,
    talosApiAddress: TALOS_API_ADDRESS[hcloud.publicNetwork].kind,
    talosApiAddressExpr: TALOS_API_ADDRESS[hcloud.publicNetwork].expr,
    apiAddressKind: API_ADDRESS_KIND[hcloud.publicNetwork],
    firewallRules: hcloud.firewallRules.length > 0,
    firewallIds: hcloud.firewallIds !== undefined,
    adopted: adoptedNodes(model).length > 0,
    placementGroups: severalGroups(model),
  };
}

/** The nodes whose running servers the tree takes over (nodes[].adopt), in spec order. */
function adoptedNodes(model: ClusterModel): Array<NodeModel & { adopt: AdoptedServerSpec }> {
  return model.nodes.filter((node): node is NodeModel & { adopt: AdoptedServerSpec } => typeof node.adopt === "object");
}

/** The import blocks of an adoption: each server and primary IP, and the node subnet. */
function adoptionImports(model: ClusterModel): string[] {
  const adopted = adoptedNodes(model);
  const hcloud = hcloudOf(model);
  // The spec rules refuse adopt without an existing network (rules/adopt.ts).
  if (adopted.length === 0 || hcloud.networkId === undefined) return [];
  return [
    renderSection(FOLDER, "imports", {
      // IPv6-only servers' one primary IP is their IPv6 (the spec rules refuse the others).
      servers: adopted.map((node) => ({
        name: node.name,
        serverId: String(node.adopt.serverId),
        primaryIpId: String(node.adopt.primaryIpId),
        primaryIpResource: hcloud.publicNetwork === "ipv6" ? "ipv6" : "this",
      })),
      ipv6Only: hcloud.publicNetwork === "ipv6",
      subnetId: `${hcloud.networkId}-${model.network.cidr}`,
    }),
  ];
}

/** The spec's own firewall rules, as the module's firewall_rules variable takes them. */
function firewallRulesValue(rules: readonly HcloudFirewallRuleSpec[]): HclValue {
  return rules.map((rule) =>
    obj({ description: rule.description, protocol: rule.protocol, ...(rule.port === undefined ? {} : { port: rule.port }), source_ips: [...rule.sources] }),
  );
}

export const hcloudServers: Feature = {
  id: FOLDER,
  enabled: () => true,
  module: (model) => ({
    folder: FOLDER,
    call: "nodes",
    description: `Private network and subnet, spread placement groups, firewall (Talos and Kubernetes APIs from the admin networks), ${PRIMARY_IPS[hcloudOf(model).publicNetwork]} and a server per node from the Talos snapshot, the API ${
      hcloudOf(model).apiEndpoint === "load-balancer" ? "load balancer" : "floating IP (moved by Talos)"
    }.`,
    diagram: [`nodes -- "${hcloudOf(model).publicNetwork === "none" ? "private addresses" : "public and private addresses"}, API endpoint" --> cluster`],
  }),
  files: (model) => planModuleFiles(model, FOLDER, moduleView(model)),
  root: (model) => {
    const hcloud = hcloudOf(model);
    const floatingIp = hcloud.apiEndpoint === "floating-ip";
    return {
      providers: [renderSection(FOLDER, "providers", {})],
      // The cluster's own token (review v2 m6): the one in node configurations and the CCM's
      // Secret is not the one OpenTofu uses, so it can be revoked alone.
      variables: [renderSection(FOLDER, "variables", { floatingIp, ccm: hasCcm(model), clusterToken: floatingIp || hasCcm(model) })],
      calls: [
        renderSection(FOLDER, "call", {
          name: model.name,
          talosVersion: "selector" in hcloud.image ? model.talos.version : null,
          location: hcloud.location,
          networkZone: hcloud.networkZone,
          networkRange: hcloud.networkRange,
          networkId: hcloud.networkId ?? null,
          natGateway: hcloud.natGateway ?? null,
          floatingIpId: hcloud.floatingIpId ?? null,
          firewallIds: hcloud.firewallIds === undefined ? null : [...hcloud.firewallIds],
          nodeCidr: model.network.cidr,
          adminCidrs: hcloud.adminCidrs,
          apiPort: model.endpoint.port,
          apiServerPort: model.endpoint.apiServerPort,
          loadBalancerType: floatingIp ? null : hcloud.loadBalancerType,
          floatingIp,
          firewallRules: hcloud.firewallRules.length > 0 ? firewallRulesValue(hcloud.firewallRules) : null,
          classImages: model.talos.classSchematics.length > 0 && "selector" in hcloud.image ? obj(classImages(model, hcloud.image.selector)) : null,
          adoptedServers: adoptedNodes(model).length > 0 ? obj(new Map(adoptedNodes(model).map((node) => [node.name, node.adopt.serverId]))) : null,
          nodes: obj(new Map(model.nodes.map((node) => [node.name, nodeValue(model, node)]))),
        }),
      ],
      imports: adoptionImports(model),
      outputs: [renderSection(FOLDER, "outputs", { apiAddressKind: API_ADDRESS_KIND[hcloud.publicNetwork] })],
    };
  },
};

function hasCcm(model: ClusterModel): boolean {
  return model.addons.some((addon) => addon.id === "hcloud-ccm");
}

function nodeValue(model: ClusterModel, node: NodeModel): HclValue {
  // The spec rules guarantee both on hcloud (static private address, class with serverType).
  if (node.ip === undefined || node.serverType === undefined) {
    throw new Error(`plan bug: hcloud node ${node.name} without a private address or server type`);
  }
  const group = severalGroups(model) ? { placement_group: node.placementGroup ?? node.role } : {};
  if (model.talos.classSchematics.length === 0) return obj({ role: node.role, server_type: node.serverType, address: node.ip, ...group });
  const image = node.schematic === undefined ? null : classImageKey(node.schematic, isArmServerType(node.serverType));
  return obj({ role: node.role, server_type: node.serverType, address: node.ip, image, ...group });
}

/** A role has more servers than one spread group holds (placement.ts): each server names its group. */
function severalGroups(model: ClusterModel): boolean {
  return model.nodes.some((node) => node.placementGroup !== undefined && node.placementGroup !== node.role);
}

/** What the servers give the cluster module: addresses, installers, the endpoint and its patches. */
export function hcloudOutputs(model: ClusterModel): PlatformOutputs {
  const hcloud = hcloudOf(model);
  const outputs = {
    nodesExpr: "module.nodes.nodes",
    installerImageExpr: "module.image.installer_image",
    classInstallerImageExpr: (className: string) => `${imageModuleCall(className)}.installer_image`,
  };
  return {
    ...outputs,
    // A host name in the spec stays the cluster's endpoint (its DNS points at api_address),
    // but the tree's own clients reach the API at the address itself, in the certSANs.
    ...(namedEndpoint(model) ? { kubernetesHostExpr: "module.nodes.api_endpoint" } : { endpointExpr: "module.nodes.api_endpoint" }),
    ...(hcloud.apiEndpoint === "floating-ip" || namedEndpoint(model) ? { controlplanePatchesExpr: "module.nodes.controlplane_patches" } : {}),
  };
}
