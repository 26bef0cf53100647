/** What the tree's README says of existing machines: how they boot, how they are found, what they install to. */
import type { ClusterModel, MetalModel, NodeModel } from "../../model/model.js";
import { BOOT_IMAGE_URL } from "../../plan/boot-image-url.js";
import type { PlatformReadme } from "../../plan/platform-part.js";

function prerequisites(platform: MetalModel): string[] {
  const media = {
    iso: "the Talos ISO",
    "disk-image": "the Talos raw disk image, written to its install disk,",
    uki: "the Talos unified kernel image from its UEFI firmware or boot loader",
    pxe: "the image factory's iPXE script",
  }[platform.bootMedia];
  const arm = platform.arm64 ? " (arm64 machines: `boot_image_url_arm64`)" : "";
  return [
    `Every machine boots ${media} (${BOOT_IMAGE_URL}${arm}) and waits in maintenance mode at its address from the spec (a DHCP reservation, or \`ip=\` in \`talos.schematic.extraKernelArgs\`). \`tofu apply\` then installs Talos to the install disk and gives each machine its static network configuration.`,
    ...(platform.secureBoot
      ? [
          // docs talos/v1.13 platform-specific-installations/bare-metal-platforms/secureboot.mdx
          "Secure Boot: on its first boot each machine's UEFI firmware is in setup mode, and the keys are enrolled from the Talos boot menu (Esc, `Enroll Secure Boot keys: auto`; only virtual machines enroll them unattended), or the factory's keys are already enrolled. The tree installs the Secure Boot installer.",
        ]
      : []),
  ];
}

function size(model: ClusterModel, node: NodeModel): string {
  if (node.installDiskSelector !== undefined)
    return `installs to the disk with ${Object.entries(node.installDiskSelector)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`;
  return `installs to ${node.installDisk ?? model.talos.installDisk}`;
}

export function metalReadme(model: ClusterModel, platform: MetalModel): PlatformReadme {
  return {
    name: "existing machines",
    applyEnv: [],
    // An adopted cluster's machines run it already; a new one's wait in maintenance mode.
    createdEndpoint: undefined,
    where: model.talos.secrets === "import" ? "on machines that already run this cluster" : "on machines that already run Talos in maintenance mode",
    // Metal machines are never imported (the spec refuses nodes[].adopt there).
    adoption: () => ({ machines: "", made: "" }),
    placeHeader: "link",
    place: (node) => node.nics[0]?.mac ?? node.nics[0]?.link ?? "",
    size: (node) => size(model, node),
    prerequisites: prerequisites(platform),
    machineNotes: [],
    ownsMachines: false,
    clusterNotes: [],
  };
}
