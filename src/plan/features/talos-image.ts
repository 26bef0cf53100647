/**
 * The image factory for the platforms that do not download an image per host (metal and
 * hcloud): one schematic, the platform's installer image, and the URL of what the machines
 * boot first. Proxmox VMs have their own, in modules/proxmox-nodes.
 */
import type { ClusterModel } from "../../model/model.js";
import type { Feature } from "../feature.js";
import { planModuleFiles, renderSection } from "../module-files.js";
import { serverArchitectures } from "./hcloud-servers.js";

const FOLDER = "talos-image";

/** Image factory platform names (https://factory.talos.dev, talos_image_factory_urls.platform). */
const FACTORY_PLATFORM = { metal: "metal", hcloud: "hcloud" } as const;

const BOOT_IMAGE = {
  metal: "Talos ISO to boot the machines with (then they wait in maintenance mode for their configuration).",
  hcloud: "Talos disk image to write into the snapshot the servers boot from (platform hcloud).",
} as const;

function factoryPlatform(model: ClusterModel): "metal" | "hcloud" {
  if (model.platform.kind === "proxmox") throw new Error("plan bug: talos-image feature on proxmox");
  return FACTORY_PLATFORM[model.platform.kind];
}

/** Arm (cax) servers boot a snapshot of the arm64 disk image. */
function armServers(model: ClusterModel): boolean {
  return model.platform.kind === "hcloud" && serverArchitectures(model).arm;
}

export const talosImage: Feature = {
  id: FOLDER,
  enabled: (model) => model.platform.kind !== "proxmox",
  module: (model) => ({
    folder: FOLDER,
    call: "image",
    description: `Image factory schematic from the extensions, the ${factoryPlatform(model)} installer image, the boot image URL (through the image mirror when one is set).`,
    diagram: ['image -- "installer image" --> cluster'],
  }),
  files: (model) => planModuleFiles(model, FOLDER, { arm64: armServers(model) }),
  root: (model) => {
    const platform = factoryPlatform(model);
    return {
      calls: [
        renderSection(FOLDER, "call", {
          talosVersion: model.talos.version,
          platform,
          extensions: model.talos.extensions,
          extraKernelArgs: model.talos.extraKernelArgs,
          imageBaseUrl: model.talos.imageMirror ?? model.talos.factoryUrl,
          installerRegistry: model.talos.installerMirror ?? null,
        }),
      ],
      outputs: [renderSection(FOLDER, "outputs", { bootImageDescription: BOOT_IMAGE[platform], arm64: armServers(model) })],
    };
  },
};
