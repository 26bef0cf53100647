/**
 * What must exist before the first `tofu apply`, by platform: the generated README lists it.
 * Proxmox VMs boot an image the tree downloads itself; Hetzner servers need a Talos snapshot,
 * and existing machines must already run Talos in maintenance mode at their address.
 */
import type { ClusterModel, HcloudModel } from "../model/model.js";
import { CLASS_IMAGE_LABEL } from "./features/hcloud-servers.js";
import { imageModuleCall } from "./features/talos-image.js";
import { isArmServerType } from "../platforms/hcloud/server-types.js";

/** The boot image's URL exists once the schematic does. */
const IMAGE_URL = "its URL comes from `tofu apply -target=module.image` and `tofu output -raw boot_image_url`";

export function prerequisites(model: ClusterModel): string[] {
  const notes = [...platformPrerequisites(model), ...airGapPrerequisites(model), ...firewallPrerequisites(model)];
  if (model.kubeletServingCerts !== undefined) {
    notes.push(
      `metrics-server verifies the kubelets' serving certificates: the control planes fetch the Kubelet Serving Certificate Approver from ${model.kubeletServingCerts.approverManifest} (\`cluster.extraManifests\`), which must be reachable from them.`,
    );
  }
  return notes;
}

/**
 * With a blocking ingress firewall, every apply after the first (maintenance mode has no
 * firewall) reaches each node's Talos API through the rules the tree writes (plan/talos/
 * firewall.ts): from the admin networks or the node network only.
 */
function firewallPrerequisites(model: ClusterModel): string[] {
  const firewall = model.network.firewall;
  if (firewall?.ingress !== "block") return [];
  return [
    `The nodes' ingress firewall blocks what no rule opens: \`tofu\`, \`talosctl\` and \`kubectl\` must run from the node network (${model.network.cidr}) or from \`network.firewall.adminCidrs\` (${firewall.adminCidrs.join(", ")}), or the applies after the first cannot reach the nodes. Services on the host network (hostNetwork pods, NodePorts outside Cilium) need a rule of their own in \`network.firewall.rules\`.`,
  ];
}

/**
 * An air-gapped cluster's nodes reach only the mirrors, but the machine that runs `tofu` still
 * talks to the image factory (the talos provider creates the schematic there and lists the
 * extensions: talos_image_factory_schematic, talos_image_factory_extensions_versions) and to
 * the chart repositories that helm_template renders from at every plan.
 */
function airGapPrerequisites(model: ClusterModel): string[] {
  if (model.talos.installerMirror === undefined && model.talos.imageMirror === undefined) return [];
  const inlineCharts = model.cni.kind === "cilium" && model.cni.mode === "inline" ? ["https://helm.cilium.io"] : [];
  for (const addon of model.addons) if (addon.mode === "inline") inlineCharts.push(addon.repository);
  const reach = [`the image factory (${model.talos.factoryUrl}; \`talos.factoryUrl\` can name a self-hosted one)`];
  if (inlineCharts.length > 0) reach.push(`the chart repositories rendered into inline manifests (${[...new Set(inlineCharts)].join(", ")})`);
  return [
    `Air-gapped nodes pull only through the registry mirrors, but the machine that runs \`tofu\` must reach ${reach.join(" and ")}.`,
  ];
}

function platformPrerequisites(model: ClusterModel): string[] {
  const platform = model.platform;
  switch (platform.kind) {
    case "hcloud": {
      const classes = model.talos.classSchematics;
      const image =
        "selector" in platform.image
          ? `labelled \`${platform.image.selector}\`${classes.length > 0 ? ` and without a \`${CLASS_IMAGE_LABEL}\` label` : ""}`
          : `with id ${platform.image.id}`;
      const arm = model.nodes.some((node) => node.serverType !== undefined && isArmServerType(node.serverType));
      return [
        `A Talos snapshot in the Hetzner Cloud project, ${image}, made from the factory's hcloud disk image (${IMAGE_URL}), for instance with hcloud-upload-image or Packer. The servers boot it and wait in maintenance mode.`,
        ...(arm
          ? ["The Arm (cax) servers boot an arm64 snapshot with the same labels, made from the arm64 disk image (`tofu output -raw boot_image_url_arm64`, same `-target`); `hcloud-upload-image --architecture arm` writes one."]
          : []),
        ...classes.map((schematic) => {
          const servers = model.nodes.filter((node) => node.schematic === schematic.name).map((node) => node.serverType !== undefined && isArmServerType(node.serverType));
          const media = servers.every((a) => a) && servers.length > 0
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
    case "metal": {
      const media = { iso: "the Talos ISO", "disk-image": "the Talos raw disk image, written to its install disk,", uki: "the Talos unified kernel image from its UEFI firmware or boot loader", pxe: "the image factory's iPXE script" }[platform.bootMedia];
      const arm = platform.arm64 ? " (arm64 machines: `boot_image_url_arm64`)" : "";
      return [
        `Every machine boots ${media} (${IMAGE_URL}${arm}) and waits in maintenance mode at its address from the spec (a DHCP reservation, or \`ip=\` in \`talos.schematic.extraKernelArgs\`). \`tofu apply\` then installs Talos to the install disk and gives each machine its static network configuration.`,
        ...(platform.secureBoot
          ? [
              // docs talos/v1.13 platform-specific-installations/bare-metal-platforms/secureboot.mdx
              "Secure Boot: on its first boot each machine's UEFI firmware is in setup mode, and the keys are enrolled from the Talos boot menu (Esc, `Enroll Secure Boot keys: auto`; only virtual machines enroll them unattended), or the factory's keys are already enrolled. The tree installs the Secure Boot installer.",
            ]
          : []),
      ];
    }
    case "proxmox":
      return [
        // bpg/proxmox imports a downloaded image into a VM disk over SSH (disk.file_id: qm disk import).
        `\`tofu\` reaches every Proxmox host over SSH as \`${platform.sshUsername}\` (the ssh-agent, or \`PROXMOX_VE_SSH_PRIVATE_KEY\` with \`-var proxmox_ssh_agent=false\`): the provider imports the Talos disk image into each VM with \`qm disk import\`.`,
        ...(model.nodes.some((node) => node.ip === undefined)
          ? [
              "DHCP nodes are reached at the address the QEMU guest agent reports for their first NIC; keep it stable with DHCP reservations for the MAC addresses in `main.tf`.",
            ]
          : []),
        ...(platform.secureBoot
          ? [
              // docs talos/v1.13 secureboot.mdx: auto-enrollment "only happens when running in a virtual machine".
              "Secure Boot: each VM starts with its firmware in setup mode (an EFI disk without pre-enrolled keys) and a virtual TPM 2.0; on the first boot the Talos boot loader enrolls the image factory's keys by itself, then boots the signed image. A VM installed without Secure Boot cannot be moved to it: reinstall it.",
            ]
          : []),
      ];
  }
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
