/**
 * The image factory for the platforms that do not download an image per host (metal and
 * hcloud): one schematic, the platform's installer image, and the URL of what the machines
 * boot first. Proxmox VMs have their own, in modules/proxmox-nodes.
 */
import type { ClassSchematicModel, ClusterModel } from "../../model/model.js";
import type { Feature } from "../feature.js";
import { planModuleFiles, renderSection } from "../module-files.js";
import { expr, obj, type HclValue } from "../../render/hcl-value.js";
import { bootMedia, type Arch } from "./boot-media.js";
import { serverArchitectures } from "./hcloud-servers.js";
import { isArmServerType } from "../../platforms/hcloud/server-types.js";
import { compareStrings } from "../../base/compare.js";

const FOLDER = "talos-image";

/** Image factory platform names (https://factory.talos.dev, talos_image_factory_urls.platform). */
const FACTORY_PLATFORM = { metal: "metal", hcloud: "hcloud" } as const;

const BOOT_IMAGE = {
  hcloud: "Talos disk image to write into the snapshot the servers boot from (platform hcloud).",
} as const;

function factoryPlatform(model: ClusterModel): "metal" | "hcloud" {
  if (model.platform.kind === "proxmox") throw new Error("plan bug: talos-image feature on proxmox");
  return FACTORY_PLATFORM[model.platform.kind];
}

/** The module's view: the boot media's URLs and the installer, as HCL expressions. */
function imageView(model: ClusterModel) {
  const media = bootMedia(model);
  const imageUrl = (file: string) => expr(`"\${var.image_base_url}/image/\${local.schematic_id}/\${var.talos_version}/${file}"`);
  const pxeUrl = (arch: Arch) => {
    const script = `data.talos_image_factory_urls.${arch === "amd64" ? "this" : "arm64"}.urls.pxe`;
    return expr(media.secureBoot ? `"\${${script}}-secureboot"` : script);
  };
  const url = (arch: Arch) => (media.pxe ? pxeUrl(arch) : imageUrl(media.files[arch] ?? ""));
  const arm64 = media.architectures.includes("arm64");
  const installer = media.secureBoot ? "installer-secureboot" : "installer";
  return {
    arm64,
    pxeArm64: media.pxe && arm64,
    pxe: media.pxe,
    secureBoot: media.secureBoot,
    bootImageUrl: url("amd64"),
    bootImageUrlArm64: arm64 ? url("arm64") : null,
    installerImage: expr(
      `var.installer_registry == null ? data.talos_image_factory_urls.this.urls.${installer.replace("-", "_")} : "\${var.installer_registry}/\${var.platform}-${installer}/\${local.schematic_id}:\${var.talos_version}"`,
    ),
    armDescription: model.platform.kind === "hcloud" ? "The hcloud arm64 disk image the Arm (cax) servers' snapshot is made from." : "What the arm64 machines boot first.",
  };
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
  files: (model) => planModuleFiles(model, FOLDER, { ...imageView(model), boardImage: hasBoardImage(model) }),
  root: (model) => {
    const platform = factoryPlatform(model);
    const view = imageView(model);
    return {
      calls: [
        renderSection(FOLDER, "call", callView(model, platform, model.talos)),
        // A node class with an image of its own: metal, and Hetzner Cloud (a snapshot of its own).
        ...model.talos.classSchematics.map((schematic) =>
          renderSection(FOLDER, "call", { ...callView(model, platform, schematic), className: schematic.classes.join(", "), callName: imageModuleCall(schematic.name).slice("module.".length) }),
        ),
      ],
      outputs: [
        renderSection(FOLDER, "outputs", {
          bootImageDescription: bootImageDescription(model),
          // The cluster's own arm64 media: on Hetzner Cloud, when its own snapshot has Arm servers.
          arm64: model.platform.kind === "hcloud" ? serverArchitectures(model).arm : view.arm64,
          armOutputDescription: armOutputDescription(model),
          classBootImages:
            model.talos.classSchematics.length === 0
              ? null
              : obj(new Map(classBootImages(model))),
        }),
      ],
    };
  },
};

/**
 * Each node class with an image of its own: the boot media of its architecture. On Hetzner
 * Cloud the architecture is its servers' (Arm for cax types); when the servers of one image are
 * of both, its Arm servers' media is under "<class>-arm64" beside the x86 media.
 */
function classBootImages(model: ClusterModel): Array<[string, HclValue]> {
  const entries: Array<[string, HclValue]> = [];
  for (const schematic of model.talos.classSchematics) {
    const call = imageModuleCall(schematic.name);
    for (const name of schematic.classes) {
      const { x86, arm } = imageArchitectures(model, schematic.name, name);
      if (x86) entries.push([name, expr(`${call}.boot_image_url`)]);
      if (arm) entries.push([x86 ? `${name}-arm64` : name, expr(`${call}.boot_image_url_arm64`)]);
    }
  }
  return entries.sort(([a], [b]) => compareStrings(a, b));
}

/** The architectures a class image boots: metal's arm64 classes; on Hetzner, its servers' types. */
function imageArchitectures(model: ClusterModel, schematic: string, className: string): { x86: boolean; arm: boolean } {
  if (model.platform.kind === "metal") {
    const arm = model.platform.arm64Classes.includes(className);
    return { x86: !arm, arm };
  }
  const arm = model.nodes.filter((node) => node.schematic === schematic).map((node) => node.serverType !== undefined && isArmServerType(node.serverType));
  return { x86: arm.length === 0 || arm.some((a) => !a), arm: arm.some((a) => a) };
}

/** The module call that builds the image of a node class with a schematic of its own. */
export function imageModuleCall(className: string): string {
  return `module.image_${className}`;
}

/** Whether some image of the tree has a board overlay or META values (the module then takes them). */
function hasBoardImage(model: ClusterModel): boolean {
  return [model.talos, ...model.talos.classSchematics].some((s) => s.overlay !== undefined || s.meta !== undefined);
}

function callView(model: ClusterModel, platform: "metal" | "hcloud", schematic: Pick<ClassSchematicModel, "extensions" | "extraKernelArgs" | "overlay" | "meta">) {
  return {
    talosVersion: model.talos.version,
    platform,
    extensions: schematic.extensions,
    extraKernelArgs: schematic.extraKernelArgs,
    overlay:
      schematic.overlay === undefined
        ? null
        : obj({ name: schematic.overlay.name, image: schematic.overlay.image, options: schematic.overlay.options === undefined ? undefined : obj(schematic.overlay.options) }),
    meta: schematic.meta === undefined ? null : schematic.meta.map((m) => obj({ key: m.key, value: m.value })),
    imageBaseUrl: model.talos.imageMirror ?? model.talos.factoryUrl,
    installerRegistry: model.talos.installerMirror ?? null,
  };
}

function bootImageDescription(model: ClusterModel): string {
  if (model.platform.kind !== "metal") return BOOT_IMAGE.hcloud;
  const media = bootMedia(model);
  const what = media.pxe ? "Talos iPXE script" : { iso: "Talos ISO", "disk-image": "Talos raw disk image (zstd) to write to the install disk", uki: "Talos unified kernel image (UEFI)", pxe: "" }[model.platform.bootMedia];
  return `${what}${media.secureBoot ? " (Secure Boot)" : ""} to boot the amd64 machines with (then they wait in maintenance mode for their configuration).`;
}

function armOutputDescription(model: ClusterModel): string {
  if (model.platform.kind === "hcloud") return "Talos arm64 disk image to write into the snapshot the Arm (cax) servers boot from, labelled like the x86 one.";
  return bootImageDescription(model).replace("amd64", "arm64");
}
