/**
 * A talhelper schematic is an image factory schematic (talhelper pkg/config/config.go: the
 * factory's schematic.Schematic): the spec types its official extensions, extra kernel
 * arguments, board overlay and META values; Secure Boot options and the rest are reported.
 */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { MetaValueSpec, OverlaySpec } from "../../spec/types.js";
import { isRecord, notCarried, numberAt, stringAt, stringMapAt, stringsAt, unsupported, type ImportContext } from "./context.js";

export interface ImportedSchematic {
  extensions: string[];
  extraKernelArgs: string[];
  overlay?: OverlaySpec;
  meta?: MetaValueSpec[];
}

export function importSchematic(ctx: ImportContext, path: PathSegment[], value: unknown): ImportedSchematic | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    unsupported(ctx, path, "schematic is not a map", "fix the talconfig first");
    return undefined;
  }
  const customization = isRecord(value["customization"]) ? value["customization"] : {};
  for (const key of Object.keys(value))
    if (key !== "customization" && key !== "overlay") notCarried(ctx, [...path, key], "nothing in the spec yet: it is not typed");
  for (const key of Object.keys(customization)) {
    if (!["systemExtensions", "extraKernelArgs", "meta"].includes(key))
      notCarried(ctx, [...path, "customization", key], "platform.metal.boot.secureBoot for Secure Boot; nothing else of the image is typed");
  }
  const system = isRecord(customization["systemExtensions"]) ? customization["systemExtensions"] : {};
  const out: ImportedSchematic = {
    // Sorted: the spec sorts them too (the schematic id is a hash of the list).
    extensions: [...new Set(stringsAt(ctx, [...path, "customization", "systemExtensions", "officialExtensions"], system["officialExtensions"]) ?? [])].sort(),
    extraKernelArgs: stringsAt(ctx, [...path, "customization", "extraKernelArgs"], customization["extraKernelArgs"]) ?? [],
  };
  const overlay = importOverlay(ctx, [...path, "overlay"], value["overlay"]);
  if (overlay !== undefined) out.overlay = overlay;
  const meta = importMeta(ctx, [...path, "customization", "meta"], customization["meta"]);
  if (meta.length > 0) out.meta = meta;
  return out;
}

function importOverlay(ctx: ImportContext, path: PathSegment[], value: unknown): OverlaySpec | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    unsupported(ctx, path, "overlay is not a map", "fix the talconfig first");
    return undefined;
  }
  const name = stringAt(ctx, [...path, "name"], value["name"]);
  const image = stringAt(ctx, [...path, "image"], value["image"]);
  if (name === undefined || image === undefined) {
    unsupported(ctx, path, "the overlay needs its name and image", "fix the talconfig first");
    return undefined;
  }
  const options = stringMapAt(ctx, [...path, "options"], value["options"]);
  return { name, image, ...(options === undefined || Object.keys(options).length === 0 ? {} : { options }) };
}

function importMeta(ctx: ImportContext, path: PathSegment[], value: unknown): MetaValueSpec[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) => {
    if (!isRecord(item)) return [];
    const key = numberAt(ctx, [...path, i, "key"], item["key"]);
    const text = stringAt(ctx, [...path, i, "value"], item["value"]);
    return key === undefined || text === undefined ? [] : [{ key, value: text }];
  });
}
