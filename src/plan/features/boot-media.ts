/**
 * What the machines of a platform without per-host downloads boot first, as image factory
 * paths (machinery v1.13 platforms/platforms.go: ISOPath "<platform>-<arch>.iso",
 * SecureBootISOPath "...-secureboot.iso", DiskImagePath "<platform>-<arch>.<suffix>" with
 * metal's raw.zst and hcloud's raw.xz, UKIPath "<platform>-<arch>-uki.efi" and
 * SecureBootUKIPath "...-secureboot-uki.efi", PXEScriptPath "<platform>-<arch>" and its
 * Secure Boot variant with "-secureboot" appended). The installer image serves both architectures (an
 * OCI index: image-factory internal/frontend/http/registry.go), so only the boot media differ.
 */
import type { ClusterModel } from "../../model/model.js";
import { isArmServerType } from "../../platforms/hcloud/server-types.js";

export type Arch = "amd64" | "arm64";

export interface BootMedia {
  /** Files under <image base>/image/<schematic>/<version>/, by architecture; absent with PXE. */
  files: Partial<Record<Arch, string>>;
  /** PXE: the factory's iPXE script, read from talos_image_factory_urls. */
  pxe: boolean;
  secureBoot: boolean;
  /** The architectures whose media the tree gives (amd64 always, for boot_image_url). */
  architectures: Arch[];
}

export function bootMedia(model: ClusterModel): BootMedia {
  const platform = model.platform;
  if (platform.kind === "hcloud") {
    // One module serves the cluster's image and each class image's: it gives the arm64 disk
    // image when any server, of either, is an Arm (cax) type.
    const arm = model.nodes.some((node) => node.serverType !== undefined && isArmServerType(node.serverType));
    const architectures: Arch[] = arm ? ["amd64", "arm64"] : ["amd64"];
    return { files: Object.fromEntries(architectures.map((arch) => [arch, `hcloud-${arch}.raw.xz`])), pxe: false, secureBoot: false, architectures };
  }
  if (platform.kind !== "metal") throw new Error("plan bug: boot media of a platform that downloads its own");
  const architectures: Arch[] = platform.arm64 ? ["amd64", "arm64"] : ["amd64"];
  const secure = platform.secureBoot ? "-secureboot" : "";
  const suffix = { iso: "iso", "disk-image": "raw.zst", uki: "uki.efi", pxe: "" }[platform.bootMedia];
  const separator = platform.bootMedia === "uki" ? "-" : ".";
  const files = platform.bootMedia === "pxe" ? {} : Object.fromEntries(architectures.map((arch) => [arch, `metal-${arch}${secure}${separator}${suffix}`]));
  return { files, pxe: platform.bootMedia === "pxe", secureBoot: platform.secureBoot, architectures };
}
