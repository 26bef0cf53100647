import type { PathSegment } from "../../diagnostics/diagnostic.js";
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
  }
};

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
