/**
 * What the machines of a platform without per-host downloads boot first, as image factory
 * paths (machinery v1.13 platforms/platforms.go: ISOPath "<platform>-<arch>.iso",
 * SecureBootISOPath "...-secureboot.iso", DiskImagePath "<platform>-<arch>.<suffix>" with
 * metal's raw.zst and hcloud's raw.xz, UKIPath "<platform>-<arch>-uki.efi" and
 * SecureBootUKIPath "...-secureboot-uki.efi", PXEScriptPath "<platform>-<arch>" and its
 * Secure Boot variant with "-secureboot" appended). The installer image serves both architectures (an
 * OCI index: image-factory internal/frontend/http/registry.go), so only the boot media differ.
 * Each platform says which of them its machines boot (src/platforms/<kind>/image.ts).
 */

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
