/** Hetzner's Arm64 (Ampere) server types: CAX (docs.hetzner.com, Cloud server types). */
export function isArmServerType(serverType: string): boolean {
  return serverType.startsWith("cax");
}
