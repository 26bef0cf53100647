/**
 * The image factory for the platforms that do not download an image per host (metal and
 * hcloud): one schematic, the platform's installer image, and the URL of what the machines
 * boot first. Proxmox VMs have their own, in modules/proxmox-nodes. What differs between the
 * platforms is theirs to say (PlatformImage, from src/platforms/<kind>/image.ts).
 */
import type { ClassSchematicModel, ClusterModel } from "../../model/model.js";
import type { Feature } from "../feature.js";
import { planModuleFiles, renderSection } from "../module-files.js";
import { expr, obj, type HclValue } from "../../render/hcl-value.js";
import type { Arch, BootMedia } from "./boot-media.js";
import { compareStrings } from "../../base/compare.js";

const FOLDER = "talos-image";

/** What a platform's images are: its factory name, what its machines boot, in which architectures. */
export interface PlatformImage {
  /** Image factory platform name (https://factory.talos.dev, talos_image_factory_urls.platform). */
  factoryPlatform: "metal" | "hcloud";
  media: BootMedia;
  /** The cluster's own image gives arm64 media too (its root outputs). */
  clusterArm64: boolean;
  /** The architectures a class image boots for one of its classes. */
  classArchitectures(schematic: string, className: string): { x86: boolean; arm: boolean };
  /** The root output's description of the amd64 boot image. */
  bootImageDescription: string;
  /** The module variable's description of the arm64 boot image. */
  armDescription: string;
  /** The root output's description of the arm64 boot image. */
  armOutputDescription: string;
}

/** The module's view: the boot media's URLs and the installer, as HCL expressions. */
function imageView(image: PlatformImage) {
  const media = image.media;
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
    armDescription: image.armDescription,
  };
}

/** The image module of a platform whose machines boot the factory's media (hcloud and metal). */
export function talosImageFeature(image: PlatformImage): Feature {
  return {
    id: FOLDER,
    enabled: () => true,
    module: () => ({
      folder: FOLDER,
      call: "image",
      description: `Image factory schematic from the extensions, the ${image.factoryPlatform} installer image, the boot image URL (through the image mirror when one is set).`,
      diagram: ['image -- "installer image" --> cluster'],
    }),
    files: (model) => planModuleFiles(model, FOLDER, { ...imageView(image), boardImage: hasBoardImage(model) }),
    root: (model) => ({
      calls: [
        renderSection(FOLDER, "call", callView(model, image.factoryPlatform, model.talos)),
        // A node class with an image of its own: metal, and Hetzner Cloud (a snapshot of its own).
        ...model.talos.classSchematics.map((schematic) =>
          renderSection(FOLDER, "call", {
            ...callView(model, image.factoryPlatform, schematic),
            className: schematic.classes.join(", "),
            callName: imageModuleCall(schematic.name).slice("module.".length),
          }),
        ),
      ],
      outputs: [
        renderSection(FOLDER, "outputs", {
          bootImageDescription: image.bootImageDescription,
          arm64: image.clusterArm64,
          armOutputDescription: image.armOutputDescription,
          classBootImages: model.talos.classSchematics.length === 0 ? null : obj(new Map(classBootImages(model, image))),
        }),
      ],
    }),
  };
}

/**
 * Each node class with an image of its own: the boot media of its architecture. On Hetzner
 * Cloud the architecture is its servers' (Arm for cax types); when the servers of one image are
 * of both, its Arm servers' media is under "<class>-arm64" beside the x86 media.
 */
function classBootImages(model: ClusterModel, image: PlatformImage): Array<[string, HclValue]> {
  const entries: Array<[string, HclValue]> = [];
  for (const schematic of model.talos.classSchematics) {
    const call = imageModuleCall(schematic.name);
    for (const name of schematic.classes) {
      const { x86, arm } = image.classArchitectures(schematic.name, name);
      if (x86) entries.push([name, expr(`${call}.boot_image_url`)]);
      if (arm) entries.push([x86 ? `${name}-arm64` : name, expr(`${call}.boot_image_url_arm64`)]);
    }
  }
  return entries.sort(([a], [b]) => compareStrings(a, b));
}

/** The module call that builds the image of a node class with a schematic of its own. */
export function imageModuleCall(className: string): string {
  return `module.image_${className}`;
}

/** The schematic resources of the image module and of each class image module. */
export function imageSchematicAddresses(model: ClusterModel): string[] {
  const resource = "talos_image_factory_schematic.this";
  return [`module.image.${resource}`, ...model.talos.classSchematics.map((schematic) => `${imageModuleCall(schematic.name)}.${resource}`)];
}

/** Whether some image of the tree has a board overlay or META values (the module then takes them). */
function hasBoardImage(model: ClusterModel): boolean {
  return [model.talos, ...model.talos.classSchematics].some((s) => s.overlay !== undefined || s.meta !== undefined);
}

function callView(
  model: ClusterModel,
  platform: "metal" | "hcloud",
  schematic: Pick<ClassSchematicModel, "extensions" | "extraKernelArgs" | "overlay" | "meta">,
) {
  return {
    talosVersion: model.talos.version,
    platform,
    extensions: schematic.extensions,
    extraKernelArgs: schematic.extraKernelArgs,
    overlay:
      schematic.overlay === undefined
        ? null
        : obj({
            name: schematic.overlay.name,
            image: schematic.overlay.image,
            options: schematic.overlay.options === undefined ? undefined : obj(schematic.overlay.options),
          }),
    meta: schematic.meta === undefined ? null : schematic.meta.map((m) => obj({ key: m.key, value: m.value })),
    imageBaseUrl: model.talos.imageMirror ?? model.talos.factoryUrl,
    installerRegistry: model.talos.installerMirror ?? null,
  };
}
