import type { PathSegment } from "../../../diagnostics/diagnostic.js";
import { displayPath, quote } from "../../../spec/display-path.js";
import type { BondSpec, LinkMemberSpec, NodeNicSpec } from "../../../spec/types.js";
import { logicalLinkNames } from "../../../catalog/talos-links.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule, RuleContext } from "../../../spec/rules/rule.js";

/**
 * Kernel bonding modes that use xmit_hash_policy (Linux Documentation/networking/bonding.rst:
 * "xmit_hash_policy ... for balance-xor, 802.3ad, and tlb modes"); lacp_rate is 802.3ad's alone.
 */
const HASHING_MODES: ReadonlySet<BondSpec["mode"]> = new Set(["balance-xor", "802.3ad", "balance-tlb"]);

/** How a metal NIC names its link: one of these, exactly. */
function linkKinds(nic: NodeNicSpec): string[] {
  const kinds: string[] = [];
  if (nic.mac !== undefined) kinds.push("mac");
  if (nic.selector !== undefined) kinds.push("selector");
  if (nic.interface !== undefined) kinds.push("interface");
  if (nic.bond !== undefined) kinds.push("bond");
  if (typeof nic.bridge === "object") kinds.push("bridge");
  return kinds;
}

/**
 * The links of a metal node: each NIC names one link; a bond's or bridge's members each name one
 * physical link; no physical link is used twice (Talos would enslave it to one master only, or
 * address it twice); bond options fit the bond's mode; a DHCP route metric is on a DHCP NIC.
 */
export const metalLinks: Rule = (ctx) => {
  ctx.spec.spec.nodes.forEach((node, i) => {
    const networks = node.networks ?? [];
    const used = new Map<string, PathSegment[]>();
    const claim = (key: string, what: string, path: PathSegment[]) => {
      const first = used.get(key);
      if (first === undefined) {
        used.set(key, path);
        return;
      }
      ctx.report({
        code: "spec/link-reused",
        message: `${what} is already used on this node, by ${displayPath(first)}`,
        path,
        hint: "a physical link joins one bond or bridge, or carries one NIC; give each its own link",
      });
    };
    // Links a bond or bridge enslaves: a VLAN cannot sit on one of them.
    const members = new Map<string, PathSegment[]>();
    const claimMember = (key: string, what: string, path: PathSegment[]) => {
      members.set(key, path);
      claim(key, what, path);
    };
    const tagged: Array<{ key: string; what: string; path: PathSegment[] }> = [];
    const logicalNames = logicalLinkNames(networks);
    networks.forEach((nic, k) => {
      const nicPath = specPath("nodes", i, "networks", k);
      const kinds = linkKinds(nic);
      if (kinds.length > 1) {
        ctx.report({
          code: "spec/nic-link-conflict",
          message: `nodes[${i}].networks[${k}] names its link in ${kinds.length} ways (${kinds.map(quote).join(", ")})`,
          path: [...nicPath, kinds[1] ?? ""],
          at: "key",
          hint: "keep one: mac, interface or selector for one physical link, bond or bridge for a link made of several",
        });
      }
      // A VLAN shares its parent link with the link's own NIC and with the other VLANs on it
      // (Talos: a VLANConfig names its parent); the same VLAN twice on a link is still reuse.
      const tag = nic.vlan === undefined ? "" : ` vlan ${nic.vlan}`;
      const shown = nic.vlan === undefined ? "" : ` (VLAN ${nic.vlan})`;
      if (nic.mac !== undefined) claim(`mac ${nic.mac.toLowerCase()}${tag}`, `MAC ${nic.mac}${shown}`, [...nicPath, "mac"]);
      if (nic.interface !== undefined) claim(`link ${nic.interface}${tag}`, `link ${quote(nic.interface)}${shown}`, [...nicPath, "interface"]);
      if (nic.selector !== undefined) claim(`selector ${JSON.stringify(nic.selector)}${tag}`, `the link this selector finds${shown}`, [...nicPath, "selector"]);
      if (nic.vlan !== undefined && nic.mac !== undefined)
        tagged.push({ key: `mac ${nic.mac.toLowerCase()}`, what: `MAC ${nic.mac}`, path: [...nicPath, "mac"] });
      if (nic.vlan !== undefined && nic.interface !== undefined)
        tagged.push({ key: `link ${nic.interface}`, what: `link ${quote(nic.interface)}`, path: [...nicPath, "interface"] });
      const logicalName = logicalNames[k];
      const group = nic.bond ?? (typeof nic.bridge === "object" ? nic.bridge : undefined);
      const groupKey = nic.bond !== undefined ? "bond" : "bridge";
      if (logicalName !== undefined)
        claim(`link ${logicalName}`, `link ${quote(logicalName)}`, [...nicPath, groupKey, ...(group?.name === undefined ? [] : ["name"])]);
      group?.members.forEach((member, m) => checkMember(ctx, member, [...nicPath, groupKey, "members", m], claimMember));
      if (nic.bond !== undefined) checkBondOptions(ctx, nic.bond, [...nicPath, "bond"]);
      if (nic.dhcpRouteMetric !== undefined && nic.address !== "dhcp" && nic.ipv6 !== "dhcp") {
        ctx.report({
          code: "spec/dhcp-option-static",
          message: `dhcpRouteMetric is set on a NIC with the static address ${nic.address}`,
          path: [...nicPath, "dhcpRouteMetric"],
          at: "key",
          hint: "remove it, or set address: dhcp (or ipv6: dhcp)",
        });
      }
    });
    for (const parent of tagged) {
      const member = members.get(parent.key);
      if (member === undefined) continue;
      ctx.report({
        code: "spec/link-reused",
        message: `${parent.what} is already used on this node, by ${displayPath(member)}`,
        path: parent.path,
        hint: "a link a bond or bridge enslaves carries no VLAN of its own: put the VLAN on the bond or bridge",
      });
    }
  });
};

function checkMember(ctx: RuleContext, member: LinkMemberSpec, path: PathSegment[], claim: (key: string, what: string, path: PathSegment[]) => void): void {
  const ways = [member.mac, member.interface, member.selector].filter((way) => way !== undefined).length;
  if (ways !== 1) {
    ctx.report({
      code: "spec/missing-link",
      message:
        ways === 0
          ? "a member link names no link: Talos needs its MAC address, its name or a selector"
          : "a member link names its link in more than one way (mac, interface, selector)",
      path,
      hint: "give one of mac: aa:bb:cc:dd:ee:ff (found with talosctl get links --insecure), interface: enp1s0 or selector: { driver: igc }",
    });
    return;
  }
  // A count says how many links a selector finds; alone it selects nothing.
  if (member.count !== undefined && member.selector === undefined) {
    ctx.report({
      code: "spec/missing-link",
      message: "count is the number of links a selector finds, and this member has no selector",
      path: [...path, "count"],
      at: "key",
      hint: "remove count, or find the links with selector: { driver: ..., busPath: ..., macPattern: ... }",
    });
  }
  if (member.mac !== undefined) claim(`mac ${member.mac.toLowerCase()}`, `MAC ${member.mac}`, [...path, "mac"]);
  if (member.interface !== undefined) claim(`link ${member.interface}`, `link ${quote(member.interface)}`, [...path, "interface"]);
  if (member.selector !== undefined) claim(`selector ${JSON.stringify(member.selector)}`, "a link this selector finds", [...path, "selector"]);
}

function checkBondOptions(ctx: RuleContext, bond: BondSpec, path: PathSegment[]): void {
  if (bond.lacpRate !== undefined && bond.mode !== "802.3ad") {
    ctx.report({
      code: "spec/bond-option",
      message: `lacpRate applies to 802.3ad bonds only, not to mode ${quote(bond.mode)}`,
      path: [...path, "lacpRate"],
      at: "key",
      hint: "remove it, or set mode: 802.3ad",
    });
  }
  if (bond.hashPolicy !== undefined && !HASHING_MODES.has(bond.mode)) {
    ctx.report({
      code: "spec/bond-option",
      message: `hashPolicy applies to balance-xor, 802.3ad and balance-tlb bonds, not to mode ${quote(bond.mode)}`,
      path: [...path, "hashPolicy"],
      at: "key",
      hint: "remove it",
    });
  }
}
