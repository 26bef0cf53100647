/**
 * What the tree's README says of Hetzner Cloud servers: where they run and how they are reached,
 * the snapshots they boot, what to know before and after.
 */
import { kubernetesReadyAtBoot } from "../../plan/helm-releases.js";
import type { ClusterModel, HcloudModel } from "../../model/model.js";
import { BOOT_IMAGE_URL } from "../../plan/boot-image-url.js";
import { imageModuleCall, imageSchematicAddresses } from "../../plan/features/talos-image.js";
import type { PlatformReadme } from "../../plan/platform-part.js";
import { count } from "../../plan/readme-machines.js";
import { CLASS_IMAGE_LABEL } from "./module.js";
import { isArmServerType } from "./server-types.js";

/** Which of a Hetzner load balancer's addresses the API endpoint is. */
const LOAD_BALANCER_ADDRESS = { ipv4: "", "dual-stack": "", ipv6: " at its IPv6", none: " at its private address (its public interface off)" } as const;

/** What a Hetzner server has besides its private address (platform.hcloud.publicNetwork). */
const PUBLIC_NETWORK = {
  ipv4: "",
  "dual-stack": ", each with a public IPv4 and IPv6",
  ipv6: ", each with a public IPv6 and no IPv4",
  none: ", with no public address",
} as const;

const CREATED_ENDPOINT = { "load-balancer": "load balancer IPv4", "floating-ip": "floating IPv4" } as const;

function where(platform: HcloudModel): string {
  const network =
    platform.networkId === undefined
      ? `a private network ${platform.networkRange}`
      : `the project's existing private network ${platform.networkId} (${platform.networkRange})`;
  const firewalls =
    platform.firewallIds === undefined
      ? ""
      : `, behind the tree's firewall and the project's firewall${platform.firewallIds.length > 1 ? "s" : ""} ${platform.firewallIds.join(", ")}`;
  return `as Hetzner Cloud servers in ${platform.location}, in ${network}${PUBLIC_NETWORK[platform.publicNetwork]}${firewalls}`;
}

/** The URL and sentence of an endpoint the tree makes: an IPv6 load balancer's in brackets, a private one's. */
function createdEndpoint(model: ClusterModel, platform: HcloudModel): PlatformReadme["createdEndpoint"] {
  const created = model.endpoint.created;
  if (created === undefined) return undefined;
  const port = model.endpoint.port;
  const url =
    platform.publicNetwork === "ipv6"
      ? `https://[<load balancer IPv6>]:${port}`
      : platform.publicNetwork === "none"
        ? `https://<load balancer private address>:${port}`
        : `https://<${CREATED_ENDPOINT[created]}>:${port}`;
  if (created === "load-balancer") {
    return { url, line: `The Kubernetes API is reached through a Hetzner load balancer${LOAD_BALANCER_ADDRESS[platform.publicNetwork]} on port ${port}.` };
  }
  const ip = platform.floatingIpId === undefined ? "a Hetzner floating IP" : `the project's Hetzner floating IP ${platform.floatingIpId}`;
  return { url, line: `The Kubernetes API is reached at ${ip} that Talos moves between control planes, port ${port}.` };
}

function prerequisites(model: ClusterModel, platform: HcloudModel): string[] {
  const classes = model.talos.classSchematics;
  const image =
    "selector" in platform.image
      ? `labelled \`${platform.image.selector}\`${classes.length > 0 ? ` and without a \`${CLASS_IMAGE_LABEL}\` label` : ""}${/(^|,)version=/.test(platform.image.selector) ? "" : ` (the newest one is taken: label it \`version=${model.talos.version}\` too, and the plan warns when it picks another version's)`}`
      : `with id ${platform.image.id}`;
  const arm = model.nodes.some((node) => node.serverType !== undefined && isArmServerType(node.serverType));
  return [
    `A Talos snapshot in the Hetzner Cloud project, ${image}, made from the factory's hcloud disk image (${BOOT_IMAGE_URL}), for instance with hcloud-upload-image or Packer. The servers boot it and wait in maintenance mode.`,
    ...(arm
      ? [
          "The Arm (cax) servers boot an arm64 snapshot with the same labels, made from the arm64 disk image (`tofu output -raw boot_image_url_arm64`, same `-target`); `hcloud-upload-image --architecture arm` writes one.",
        ]
      : []),
    ...classes.map((schematic) => {
      const servers = model.nodes
        .filter((node) => node.schematic === schematic.name)
        .map((node) => node.serverType !== undefined && isArmServerType(node.serverType));
      const media =
        servers.every((a) => a) && servers.length > 0
          ? "an arm64 snapshot of their own image, made the same way from its arm64 disk image (`hcloud-upload-image --architecture arm`)"
          : servers.some((a) => a)
            ? "snapshots of their own image, an x86 and an arm64 one, made the same way from its disk images (keys `<class>` and `<class>-arm64`)"
            : "a snapshot of their own image, made the same way from its disk image";
      return `The servers of node class${schematic.classes.length > 1 ? "es" : ""} ${schematic.classes.map((c) => `\`${c}\``).join(", ")} boot ${media}: \`tofu apply -target=${imageModuleCall(schematic.name)}\`, then \`tofu output -json class_boot_image_urls\` (key ${schematic.classes[0] ?? ""}); labelled with the same labels plus \`${CLASS_IMAGE_LABEL}=${schematic.name}\`.`;
    }),
    ...(platform.firewallIds === undefined
      ? []
      : [
          `The project's firewall${platform.firewallIds.length > 1 ? "s" : ""} ${platform.firewallIds.join(", ")} (\`platform.hcloud.firewallIds\`) exist${platform.firewallIds.length > 1 ? "" : "s"}: every server gets ${platform.firewallIds.length > 1 ? "them" : "it"} beside the tree's own firewall, and Hetzner applies all of a server's firewalls, so ${platform.firewallIds.length > 1 ? "their" : "its"} rules let more in, never less (keep the Talos API, 50000/tcp, out of ${platform.firewallIds.length > 1 ? "them" : "it"}).`,
        ]),
    ...hcloudReach(platform),
  ];
}

function clusterNotes(model: ClusterModel): string[] {
  const notes: string[] = [];
  if (model.cni.kind === "flannel") {
    notes.push(
      "Flannel is told to use the private network (`--iface-can-reach`), so pod traffic stays off the public interface. Talos deploys Flannel at bootstrap and changes it only through `talosctl upgrade-k8s`.",
    );
  }
  if (model.endpoint.created === undefined) {
    notes.push(
      `Point \`${model.endpoint.host}\` at \`tofu output api_address\` after the first apply. Until its DNS record exists, the tree's own clients (Helm, Flux) reach the API at that address, which is in the API server's certificate, and the health check leaves out the Kubernetes checks${kubernetesReadyAtBoot(model) ? ": once the name resolves, turn them on with `talos_kubernetes_checks = true` (in a `.tfvars` file, or `TF_VAR_talos_kubernetes_checks=true`)" : " (the nodes become Ready only after the Helm releases, which wait for it)"}.`,
    );
  }
  return notes;
}

export function hcloudReadme(model: ClusterModel, platform: HcloudModel): PlatformReadme {
  // Talos needs a token itself to move the floating IP, and the cloud controller manager's Secret
  // holds one: the cluster's own token, not OpenTofu's.
  const floating = platform.apiEndpoint === "floating-ip";
  const ccm = model.addons.some((addon) => addon.id === "hcloud-ccm");
  return {
    name: "Hetzner Cloud",
    // OpenTofu's token, and the cluster's own where Talos or the CCM needs one (review v2 m6).
    applyEnv: ["HCLOUD_TOKEN=...", ...(floating || ccm ? ["TF_VAR_hcloud_cluster_token=...   # a second Read & Write token, for the cluster itself"] : [])],
    where: where(platform),
    createdEndpoint: createdEndpoint(model, platform),
    adoption: (adopted, created) => ({
      machines: `${count(adopted, "running server", "running servers")} with ${adopted === 1 ? "its" : "their"} primary ${platform.publicNetwork === "ipv6" ? "IPv6" : "IPv4"} and the node subnet`,
      made: count(created, "new server", "new servers"),
    }),
    schematics: imageSchematicAddresses(model),
    placeHeader: "location",
    place: (node) => (typeof node.adopt === "object" ? `${platform.location} (server ${node.adopt.serverId})` : platform.location),
    size: (node) => node.serverType ?? "",
    prerequisites: prerequisites(model, platform),
    machineNotes: [
      "A machine that is replaced, by an edit or by hand, gets its configuration again: its address is read from the machine, so its `talos_machine` is created anew against the new one.",
      "Changing a node's server type powers its server off and on again when the provider updates it, outside the rollout and without a drain; a class resize does it to every server of the class at once, which `build` refuses without `--allow-restart`. Roll it out one server at a time instead: `tofu apply -target='module.nodes.hcloud_server.this[\"<node>\"]'` per node, waiting for each to be Ready, then a full apply.",
    ],
    ownsMachines: true,
    clusterNotes: clusterNotes(model),
  };
}

/** Where `tofu` and `talosctl` must run from to reach the servers, by their public network. */
function hcloudReach(platform: HcloudModel): string[] {
  switch (platform.publicNetwork) {
    case "ipv6":
      return [
        "`tofu` and `talosctl` run where they reach the internet over IPv6, from a network in `platform.hcloud.adminCidrs`: the servers have no public IPv4 (`platform.hcloud.publicNetwork: ipv6`), configurations are applied over the Talos API (50000/tcp) on each server's public IPv6, which the firewall opens to those networks only.",
      ];
    case "none":
      return [
        "`tofu`, `talosctl` and `kubectl` run inside the private network: the servers have no public address (`platform.hcloud.publicNetwork: none`), configurations are applied over the Talos API (50000/tcp) at each node's private address, and the Kubernetes API answers at the load balancer's private address only. Run them on a server in the network, or behind a VPN gateway in it that masquerades; with `network.firewall` blocking, its address must be in the node network or the admin networks.",
        platform.natGateway === undefined
          ? platform.networkId === undefined
            ? "The nodes have no way to the internet (no `platform.hcloud.natGateway`): every image comes from `registryMirrors` in the network, and time from `network.ntp` there."
            : "The existing network (`platform.hcloud.networkId`) routes 0.0.0.0/0 to a NAT gateway of yours: the nodes' default route goes to the network's gateway, and reaches the internet only through that route."
          : `The NAT gateway ${platform.natGateway} (\`platform.hcloud.natGateway\`) is a server of yours in the network that forwards and masquerades the nodes' traffic to the internet (IP forwarding on, a masquerade rule on its public interface), running before the first apply: the nodes pull their images through it.`,
      ];
    default:
      return [
        "`platform.hcloud.adminCidrs` includes the address `tofu` runs from: configurations are applied over the Talos API (50000/tcp) on each server's public IPv4, which the firewall opens to those networks only.",
      ];
  }
}
