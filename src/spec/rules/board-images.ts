import { parse as parseYaml } from "yaml";
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { formatNetwork, isNetworkOrBroadcast, parseCidr } from "../../base/net/cidr.js";
import { displayPath } from "../display-path.js";
import type { SchematicSpec } from "../types.js";
import { specPath } from "./paths.js";
import { platformOf } from "./platform.js";
import type { Rule, RuleContext } from "./rule.js";
import { SPEC_DEFAULTS } from "../../catalog/defaults.js";

/**
 * Board overlays and META values: images of existing machines (metal) only. A board boots the
 * disk image written to its SD card or eMMC, with the overlay's firmware and device trees in it
 * (Talos docs v1.13 platform-specific-installations/single-board-computers: every board guide
 * writes the factory's metal-arm64 raw image). One value per META key.
 */
export const boardImages: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const platform = platformOf(ctx.spec);
  const schematics: Array<[PathSegment[], SchematicSpec | undefined]> = [
    [specPath("talos", "schematic"), s.talos?.schematic],
    ...Object.entries(s.nodeClasses ?? {}).map(([name, cls]): [PathSegment[], SchematicSpec | undefined] => [
      specPath("nodeClasses", name, "schematic"),
      cls.schematic,
    ]),
  ];
  for (const [path, schematic] of schematics) {
    if (schematic === undefined) continue;
    for (const field of ["overlay", "meta"] as const) {
      if (schematic[field] === undefined || platform === "metal") continue;
      ctx.report({
        code: "spec/platform-mismatch",
        message: `${displayPath([...path, field])} does not apply to the ${platform} platform: ${field === "overlay" ? "board overlays are for single-board computers" : "META values are written into the boot image of existing machines"}`,
        path: [...path, field],
        at: "key",
        hint: "remove it",
      });
    }
    if (schematic.overlay !== undefined && platform === "metal" && (s.platform.metal?.boot?.media ?? SPEC_DEFAULTS.MetalBootSpec.media) !== "disk-image") {
      ctx.report({
        code: "spec/overlay-boot-media",
        message: `a board overlay needs the disk image, but the machines boot ${s.platform.metal?.boot?.media === undefined ? "the ISO (the default)" : `"${s.platform.metal.boot.media}"`}`,
        path: [...path, "overlay"],
        at: "key",
        hint: "set platform.metal.boot.media: disk-image, and write the image to the board's boot medium",
      });
    }
    reportRepeatedKeys(ctx, path, schematic);
    if (platform === "metal") reportStaticAddresses(ctx, path, schematic, bootedBy(ctx, path));
  }
};

/**
 * The nodes whose image gets a schematic's META key 10: a class's own schematic is its nodes'
 * image; talos.schematic's value reaches every node whose class schematic does not set the key
 * itself (a class's value replaces the cluster's key by key).
 */
function bootedBy(ctx: RuleContext, path: PathSegment[]): string[] {
  const s = ctx.spec.spec;
  const live = s.nodes.filter((node) => node.gone !== true);
  if (path[1] === "nodeClasses") return live.filter((node) => node.class === path[2]).map((node) => node.name);
  const ownKey = (node: { class?: string }): boolean =>
    node.class !== undefined && (s.nodeClasses?.[node.class]?.schematic?.meta ?? []).some((entry) => entry.key === METAL_NETWORK_CONFIG);
  return live.filter((node) => !ownKey(node)).map((node) => node.name);
}

/** META key 10: the metal platform's network configuration (Talos pkg/machinery/meta constants.go MetalNetworkPlatformConfig = 0x0a), read before any machine configuration. */
const METAL_NETWORK_CONFIG = 10;

/**
 * A static address in META key 10 is baked into the image, and every board written from that
 * image comes up at it in maintenance mode (Talos platform/metal/metal.go reads the key at
 * boot): with two boards, two machines claim one address and no configuration can reach
 * them. So a static address there is only for an image one node boots, and never the network
 * or broadcast address of its block. Boards that share an image are reached by DHCP
 * reservations instead.
 */
function reportStaticAddresses(ctx: RuleContext, path: PathSegment[], schematic: SchematicSpec, nodes: readonly string[]): void {
  schematic.meta?.forEach((entry, i) => {
    if (entry.key !== METAL_NETWORK_CONFIG) return;
    const addresses = staticAddressesOf(entry.value);
    if (addresses.length === 0) return;
    const at: PathSegment[] = [...path, "meta", i, "value"];
    if (nodes.length > 1) {
      ctx.report({
        code: "spec/meta-shared-address",
        message: `META key 10 gives the static address ${addresses.join(", ")} to an image that ${nodes.length} nodes boot (${nodes.join(", ")}): every board comes up at the same address, and no configuration reaches any of them`,
        path: at,
        hint: "leave addresses out of META 10 and give each board its maintenance-mode address by a DHCP reservation (its MAC address on your DHCP server); or give each board a class of its own",
      });
    }
    for (const address of addresses) {
      const cidr = parseCidr(address);
      const reserved = cidr === undefined ? undefined : isNetworkOrBroadcast(cidr, cidr.address);
      if (cidr === undefined || reserved === undefined) continue;
      ctx.report({
        code: "spec/meta-shared-address",
        message: `META key 10 gives the board ${address}, the ${reserved} address of ${formatNetwork(cidr)}, which no host may use`,
        path: at,
        hint: `write the board's own address, e.g. the node's address in nodes[]`,
      });
    }
  });
}

/** The addresses a NetworkPlatformConfig (JSON or YAML, as Talos reads it) sets; none when it is not one. */
function staticAddressesOf(value: string): string[] {
  let parsed: unknown;
  try {
    parsed = parseYaml(value, { maxAliasCount: 0 });
  } catch {
    return [];
  }
  const list = (parsed as { addresses?: unknown } | null)?.addresses;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const address = (item as { address?: unknown } | null)?.address;
    return typeof address === "string" ? [address] : [];
  });
}

function reportRepeatedKeys(ctx: RuleContext, path: PathSegment[], schematic: SchematicSpec): void {
  const first = new Map<number, number>();
  schematic.meta?.forEach((value, i) => {
    const earlier = first.get(value.key);
    if (earlier === undefined) {
      first.set(value.key, i);
      return;
    }
    ctx.report({
      code: "spec/meta-key-repeated",
      message: `META key ${value.key} is already set by ${ctx.ref([...path, "meta", earlier])}`,
      path: [...path, "meta", i, "key"],
      hint: "one value per key: remove one of them",
    });
  });
}
