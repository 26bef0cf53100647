/**
 * How the tree names the links of a node in Talos: a bond's or bridge's default name, and the
 * alias of each member link (Talos lets an alias stand wherever a link name does, docs talos/v1.13
 * networking/configuration/aliases.mdx). The spec rules check names against these; the metal
 * platform writes them.
 */
import type { NodeNicSpec } from "../spec/types.js";

/** The alias of member `member` of NIC `nic` (net0p1: second member of the first NIC). */
export function memberAlias(nic: number, member: number): string {
  return `net${nic}p${member}`;
}

/** Default names count bonds and bridges separately, in NIC order: bond0, bond1, br0. */
export function logicalLinkNames(nics: readonly NodeNicSpec[]): Array<string | undefined> {
  let bonds = 0;
  let bridges = 0;
  return nics.map((nic) => {
    if (nic.bond !== undefined) return nic.bond.name ?? `bond${bonds++}`;
    if (typeof nic.bridge === "object") return nic.bridge.name ?? `br${bridges++}`;
    return undefined;
  });
}
