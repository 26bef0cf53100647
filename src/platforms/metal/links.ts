/**
 * The logical links of a metal NIC: a bond or a bridge over physical member links. Members are
 * found by permanent MAC (a LinkAliasConfig names each one) or by the kernel's name; Talos lets
 * an alias stand wherever a link name does (docs talos/v1.13 networking/configuration/aliases.mdx).
 */
import type { BondSpec, LinkMemberSpec, MetalBridgeSpec } from "../../spec/types.js";
import { memberAlias } from "../../catalog/talos-links.js";
import type { BondModel, LinkMemberModel, LinuxBridgeModel } from "../../model/model.js";

/**
 * Link monitoring for every bond unless the spec says otherwise: Talos sends the kernel
 * miimon 0 when it is not set (talos internal/app/machined/pkg/controllers/network/network.go
 * SendBondMaster, MIIMon().ValueOrZero()), and with miimon 0 a bond never notices a dead member.
 * Talos warns about all three for 802.3ad (machinery config/types/network/bond.go
 * validateFor8023AD); the values are the Talos bond example's (docs talos/v1.13
 * networking/logical/bond.mdx).
 */
const LINK_MONITORING = { miimon: 100, updelay: 200, downdelay: 200 } as const;

/**
 * A member found by a selector is named by a LinkAliasConfig: a fixed alias when it finds one
 * link, or a pattern alias (`<alias>s%d`) when it finds `count` links, which Talos names
 * <alias>s0, <alias>s1... in the order of their MAC addresses (machined controllers/network/
 * link_alias_config.go; machinery link_alias.go: the pattern ends in %d).
 */
/**
 * `count: all`: every link the selector finds joins. A BondConfig or BridgeConfig names its links,
 * so the pattern alias's names are listed up to the schema's bound; a name no link took is a
 * physical link that does not exist, which Talos leaves alone (machined controllers/network/
 * link_spec.go: "physical interface doesn't exist yet, nothing to be done").
 */
const EVERY_LINK = 16;

function members(nicIndex: number, specs: readonly LinkMemberSpec[]): LinkMemberModel[] {
  return specs.flatMap((member, k): LinkMemberModel[] => {
    const alias = memberAlias(nicIndex, k);
    // Talos prints MACs in lower case (CEL mac()); compare like with like.
    if (member.mac !== undefined) return [{ link: alias, mac: member.mac.toLowerCase() }];
    if (member.selector === undefined) return [{ link: member.interface ?? "" }];
    const selector = member.selector;
    if (member.count === undefined) return [{ link: alias, alias: { name: alias, selector } }];
    const count = member.count === "all" ? EVERY_LINK : member.count;
    return Array.from({ length: count }, (_, i) => ({ link: `${alias}s${i}`, ...(i === 0 ? { alias: { name: `${alias}s%d`, selector } } : {}) }));
  });
}

export function bondModel(nicIndex: number, name: string, spec: BondSpec): BondModel {
  const { name: _name, members: memberSpecs, ...settings } = spec;
  return { name, ...LINK_MONITORING, ...settings, members: members(nicIndex, memberSpecs) };
}

export function linuxBridgeModel(nicIndex: number, name: string, spec: MetalBridgeSpec): LinuxBridgeModel {
  const { name: _name, members: memberSpecs, ...settings } = spec;
  return { name, ...settings, members: members(nicIndex, memberSpecs) };
}
