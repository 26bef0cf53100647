import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { RuleContext } from "./rule.js";
import { settingsLayers } from "./settings-layers.js";

/**
 * A `tpm` encryption key is sealed by the machine's TPM 2.0 when Talos first encrypts the
 * volume, and Talos refuses to seal without a measured boot (it reads PCR 11 first: talos
 * v1.13.9 internal/pkg/secureboot/tpm2/pcr.go validatePCRBanks). The VMs this tree makes on
 * Proxmox have no virtual TPM unless they boot with Secure Boot (platform.proxmox.secureBoot:
 * a TPM 2.0 and the signed UKI's measured boot), and a Hetzner Cloud server has none: the node
 * would fail to encrypt its volume on its first boot, after the apply looked fine. Metal
 * machines may have one, so there it is the user's call. The platforms whose machines have none
 * call this (src/platforms/<kind>/rules/): `machines` says what lacks one, `hint` the way out.
 */
export function refuseTpmKeys(ctx: RuleContext, machines: string, hint: string): void {
  for (const [layer, at] of settingsLayers(ctx.spec)) {
    const keyLists: Array<[readonly unknown[] | undefined, PathSegment[]]> = [
      [layer.volumes?.state?.encryption?.keys, [...at, "volumes", "state", "encryption", "keys"]],
      [layer.volumes?.ephemeral?.encryption?.keys, [...at, "volumes", "ephemeral", "encryption", "keys"]],
      ...(layer.userVolumes ?? []).map((volume, v): [readonly unknown[] | undefined, PathSegment[]] => [
        volume.encryption?.keys,
        [...at, "userVolumes", v, "encryption", "keys"],
      ]),
    ];
    for (const [keys, path] of keyLists) {
      const index = keys?.indexOf("tpm") ?? -1;
      if (index < 0) continue;
      ctx.report({
        code: "spec/tpm-without-tpm",
        message: `a tpm key needs a TPM 2.0 and a measured boot, which ${machines}`,
        path: [...path, index],
        at: "value",
        hint,
      });
    }
  }
}
