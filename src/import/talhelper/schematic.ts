/**
 * A talhelper schematic is an image factory schematic (talhelper pkg/config/config.go: the
 * factory's schematic.Schematic): the spec types its official extensions and extra kernel
 * arguments; overlays, META values and Secure Boot options are reported.
 */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { isRecord, notCarried, stringsAt, unsupported, type ImportContext } from "./context.js";

export interface ImportedSchematic {
  extensions: string[];
  extraKernelArgs: string[];
}

export function importSchematic(ctx: ImportContext, path: PathSegment[], value: unknown): ImportedSchematic | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    unsupported(ctx, path, "schematic is not a map", "fix the talconfig first");
    return undefined;
  }
  const customization = isRecord(value["customization"]) ? value["customization"] : {};
  for (const key of Object.keys(value)) if (key !== "customization") notCarried(ctx, [...path, key], "nothing in the spec yet: board overlays are not typed");
  for (const key of Object.keys(customization)) {
    if (key !== "systemExtensions" && key !== "extraKernelArgs") notCarried(ctx, [...path, "customization", key], "nothing in the spec yet: META values and Secure Boot options are not typed");
  }
  const system = isRecord(customization["systemExtensions"]) ? customization["systemExtensions"] : {};
  return {
    // Sorted: the spec sorts them too (the schematic id is a hash of the list).
    extensions: [...new Set(stringsAt(ctx, [...path, "customization", "systemExtensions", "officialExtensions"], system["officialExtensions"]) ?? [])].sort(),
    extraKernelArgs: stringsAt(ctx, [...path, "customization", "extraKernelArgs"], customization["extraKernelArgs"]) ?? [],
  };
}
