/** What existing machines boot first: the factory's metal media of the spec's kind (platform.metal.boot). */
import type { ClusterModel, MetalModel } from "../../model/model.js";
import type { Arch, BootMedia } from "../../plan/features/boot-media.js";
import type { PlatformImage } from "../../plan/features/talos-image.js";

function bootMedia(platform: MetalModel): BootMedia {
  const architectures: Arch[] = platform.arm64 ? ["amd64", "arm64"] : ["amd64"];
  const secure = platform.secureBoot ? "-secureboot" : "";
  const suffix = { iso: "iso", "disk-image": "raw.zst", uki: "uki.efi", pxe: "" }[platform.bootMedia];
  const separator = platform.bootMedia === "uki" ? "-" : ".";
  const files = platform.bootMedia === "pxe" ? {} : Object.fromEntries(architectures.map((arch) => [arch, `metal-${arch}${secure}${separator}${suffix}`]));
  return { files, pxe: platform.bootMedia === "pxe", secureBoot: platform.secureBoot, architectures };
}

export function metalImage(_model: ClusterModel, platform: MetalModel): PlatformImage {
  const media = bootMedia(platform);
  const what = media.pxe
    ? "Talos iPXE script"
    : { iso: "Talos ISO", "disk-image": "Talos raw disk image (zstd) to write to the install disk", uki: "Talos unified kernel image (UEFI)", pxe: "" }[
        platform.bootMedia
      ];
  const bootImageDescription = `${what}${media.secureBoot ? " (Secure Boot)" : ""} to boot the amd64 machines with (then they wait in maintenance mode for their configuration).`;
  return {
    factoryPlatform: "metal",
    media,
    clusterArm64: media.architectures.includes("arm64"),
    // metal's arm64 classes boot arm64 media.
    classArchitectures: (_schematic, className) => {
      const arm = platform.arm64Classes.includes(className);
      return { x86: !arm, arm };
    },
    bootImageDescription,
    armDescription: "What the arm64 machines boot first.",
    armOutputDescription: bootImageDescription.replace("amd64", "arm64"),
  };
}
