/** What the tree's README says of existing machines: how they boot, how they are found, what they install to. */
import { imageSchematicAddresses } from "../../plan/features/talos-image.js";
import type { ClusterModel, MetalModel, NodeModel } from "../../model/model.js";
import { BOOT_IMAGE_URL } from "../../plan/boot-image-url.js";
import type { PlatformReadme } from "../../plan/platform-part.js";

function prerequisites(model: ClusterModel, platform: MetalModel): string[] {
  const media = {
    iso: "the Talos ISO",
    "disk-image": "the Talos raw disk image, written to its install disk,",
    uki: "the Talos unified kernel image from its UEFI firmware or boot loader",
    pxe: "the image factory's iPXE script",
  }[platform.bootMedia];
  const arm = platform.arm64 ? " (arm64 machines: `boot_image_url_arm64`)" : "";
  return [
    `Every machine boots ${media} (${BOOT_IMAGE_URL}${arm}) and waits in maintenance mode at its address from the spec (a DHCP reservation, or \`ip=\` in \`talos.schematic.extraKernelArgs\`). \`tofu apply\` then installs Talos to the install disk and gives each machine its static network configuration.`,
    ...(platform.secureBoot ? [secureBootPrerequisite(model, platform)] : []),
  ];
}

/**
 * How the factory's Secure Boot keys reach a machine before the tree's first apply. Only the
 * ISO's systemd-boot offers "Enroll Secure Boot keys" (talos v1.13.9 pkg/imager/iso/uefi.go
 * writes loader/keys/auto for the ISO alone; docs talos/v1.13 secureboot.mdx); iPXE chains the
 * signed UKI directly (image-factory secureboot.ipxe), and the disk images' unattended
 * enrollment (talos b31d93e0d, v1.14) is skipped on bare hardware. The factory serves its
 * signing certificate at /secureboot/signing-cert.pem (image-factory frontend/http/http.go).
 */
function secureBootPrerequisite(model: ClusterModel, platform: MetalModel): string {
  const certificate = `\`${model.talos.factoryUrl.replace(/\/+$/, "")}/secureboot/signing-cert.pem\``;
  const enroll =
    platform.bootMedia === "iso"
      ? "on its first boot, with the firmware in setup mode, choose `Enroll Secure Boot keys: auto` in the ISO's boot menu (Esc)"
      : `${platform.bootMedia === "pxe" ? "iPXE boots the factory's signed kernel directly, with no boot menu, and nothing enrolls keys" : "a disk image enrolls no keys on bare hardware"}: before the first boot, add the factory's signing certificate (${certificate}) to each machine's firmware db and turn Secure Boot on, or boot the Secure Boot ISO once and enroll its keys from its boot menu (Esc)`;
  return `Secure Boot: ${enroll}. Then \`talosctl -n <address> get securitystate --insecure\` must show SecureBoot true before \`tofu apply\`: disk keys sealed to the TPM refuse to seal while Secure Boot is off or in setup mode (\`checkSecurebootStatusOnEnroll\`), so such a machine does not come up rather than come up unprotected. The tree installs the Secure Boot installer.`;
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
    schematics: imageSchematicAddresses(model),
    placeHeader: "link",
    place: (node) => node.nics[0]?.mac ?? node.nics[0]?.link ?? "",
    size: (node) => size(model, node),
    prerequisites: prerequisites(model, platform),
    machineNotes: [],
    ownsMachines: false,
    clusterNotes: [],
  };
}
