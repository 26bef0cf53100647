/** What the Hetzner servers' snapshots are made from: the factory's hcloud disk images, x86 and Arm. */
import type { ClusterModel } from "../../model/model.js";
import type { Arch } from "../../plan/features/boot-media.js";
import type { PlatformImage } from "../../plan/features/talos-image.js";
import { isArmServerType } from "./server-types.js";

const isArm = (serverType: string | undefined): boolean => serverType !== undefined && isArmServerType(serverType);

/** The architectures of the servers that boot the cluster's snapshot (not a class image's). */
export function serverArchitectures(model: ClusterModel): { x86: boolean; arm: boolean } {
  const arm = model.nodes.filter((node) => node.schematic === undefined).map((node) => isArm(node.serverType));
  return { x86: arm.some((a) => !a), arm: arm.some((a) => a) };
}

export function hcloudImage(model: ClusterModel): PlatformImage {
  // One module serves the cluster's image and each class image's: it gives the arm64 disk
  // image when any server, of either, is an Arm (cax) type.
  const architectures: Arch[] = model.nodes.some((node) => isArm(node.serverType)) ? ["amd64", "arm64"] : ["amd64"];
  return {
    factoryPlatform: "hcloud",
    media: { files: Object.fromEntries(architectures.map((arch) => [arch, `hcloud-${arch}.raw.xz`])), pxe: false, secureBoot: false, architectures },
    // The cluster's own arm64 media: when its own snapshot has Arm servers.
    clusterArm64: serverArchitectures(model).arm,
    // A class image's architectures are its servers' (Arm for cax types).
    classArchitectures: (schematic) => {
      const arm = model.nodes.filter((node) => node.schematic === schematic).map((node) => isArm(node.serverType));
      return { x86: arm.length === 0 || arm.some((a) => !a), arm: arm.some((a) => a) };
    },
    bootImageDescription: "Talos disk image to write into the snapshot the servers boot from (platform hcloud).",
    armDescription: "The hcloud arm64 disk image the Arm (cax) servers' snapshot is made from.",
    armOutputDescription: "Talos arm64 disk image to write into the snapshot the Arm (cax) servers boot from, labelled like the x86 one.",
  };
}
