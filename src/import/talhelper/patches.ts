/**
 * talhelper patches (cluster, node group and node): each a string, either inline YAML or
 * `@path` to a file beside the talconfig (talhelper pkg/config/patch.go). A strategic merge
 * patch is carried as it is; a JSON Patch (RFC 6902, a list of operations) becomes the strategic
 * merge patch that does the same where it adds, replaces or removes values under map keys, and
 * is reported otherwise (a list item by index has no strategic merge equivalent).
 */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { parseBoundedDocuments } from "../../spec/parse-documents.js";
import type { TalosPatch } from "../../spec/types.js";
import { isRecord, patchFileProblem, stringAt, talenvReference, unsupported, type ImportContext } from "./context.js";

export function importPatches(ctx: ImportContext, path: PathSegment[], value: unknown): TalosPatch[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    unsupported(ctx, path, "patches is not a list", "fix the talconfig first");
    return [];
  }
  const out: TalosPatch[] = [];
  value.forEach((raw, p) => {
    const patchPath = [...path, p];
    const text = stringAt(ctx, patchPath, raw);
    if (text === undefined) return;
    const source = text.startsWith("@") ? ctx.readPatchFile(text.slice(1)) : text;
    if (typeof source === "object") return patchFileProblem(ctx, patchPath, source.refused, "copy the patch beside the talconfig, or into a folder below it");
    if (source === undefined)
      return patchFileProblem(ctx, patchPath, `the patch file ${text.slice(1)} cannot be read`, "patch files are read relative to the talconfig's folder");
    // talhelper renders a patch file as a Go template with the node's configuration, and fills
    // in ${VAR} from talenv (pkg/patcher, pkg/templating; envsubst): the spec holds plain values.
    if (source.includes("{{"))
      return patchFileProblem(
        ctx,
        patchPath,
        "the patch is a Go template, which talhelper renders with each node's configuration first",
        "write the values the template gives (talhelper genconfig shows them) as a plain patch, per node where they differ",
      );
    if (text.startsWith("@") && talenvReference(ctx, patchPath, source)) return;
    const parsed = parseBoundedDocuments(source);
    if (parsed.problem !== undefined) return patchFileProblem(ctx, patchPath, `the patch cannot be read: ${parsed.problem}`, "fix the patch first");
    for (const patch of parsed.values) {
      if (patch === null || patch === undefined) continue;
      if (Array.isArray(patch)) {
        const merged = fromJsonPatch(patch);
        if (typeof merged === "string") return unsupported(ctx, patchPath, merged, "a JSON Patch may only address the machine configuration's own fields");
        if (merged === undefined) {
          return unsupported(
            ctx,
            patchPath,
            "a JSON Patch with an operation on a list item, or other than add, replace or remove",
            "write it as a strategic merge patch: the spec's patches are strategic merge patches",
          );
        }
        out.push(merged);
      } else if (isRecord(patch)) out.push(patch);
      else return unsupported(ctx, patchPath, "the patch is neither a map nor a list of operations", "fix the patch first");
    }
  });
  return out;
}

/**
 * extraManifests: files of Talos documents that talhelper appends to a node's configuration
 * (pkg/generate/config.go combineExtraManifests), with or without a leading @: each file's
 * documents, as the node's patches.
 */
export function importExtraManifests(ctx: ImportContext, path: PathSegment[], value: unknown): TalosPatch[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    unsupported(ctx, path, "extraManifests is not a list", "fix the talconfig first");
    return [];
  }
  return importPatches(
    ctx,
    path,
    value.map((item) => (typeof item === "string" && !item.startsWith("@") ? `@${item}` : item)),
  );
}

/**
 * Keys a JSON Pointer must not walk: on a plain object they reach Object.prototype (or the
 * constructor), so `/__proto__/x` would give every object in the process the key x. No Talos
 * machine-configuration field has these names.
 */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * add, replace and remove operations on paths of map keys only, as one strategic merge patch; a
 * removal is Talos's `$patch: delete` directive (docs talos/v1.13 patching.mdx). Undefined for
 * what has no strategic merge equivalent, a message for a path that is refused outright.
 */
function fromJsonPatch(operations: unknown[]): TalosPatch | string | undefined {
  // Maps the patch itself builds have no prototype to reach; yaml's emitter writes them as maps.
  const merged: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const operation of operations) {
    if (!isRecord(operation)) return undefined;
    const { op, path, value } = operation;
    if ((op !== "add" && op !== "replace" && op !== "remove") || typeof path !== "string" || !path.startsWith("/")) return undefined;
    // RFC 6901 pointer segments, ~1 and ~0 unescaped; a number or "-" addresses a list.
    const keys = path
      .slice(1)
      .split("/")
      .map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"));
    const refused = keys.find((key) => PROTOTYPE_KEYS.has(key));
    if (refused !== undefined) return `the JSON Patch path ${JSON.stringify(path)} walks through "${refused}", which is no configuration field`;
    if (keys.some((key) => key === "" || key === "-" || /^\d+$/.test(key))) return undefined;
    let target = merged;
    for (const key of keys.slice(0, -1)) {
      const next = Object.hasOwn(target, key) ? target[key] : undefined;
      if (next !== undefined && !isRecord(next)) return undefined;
      target = (next ?? (target[key] = Object.create(null) as Record<string, unknown>)) as Record<string, unknown>;
    }
    target[keys[keys.length - 1] ?? ""] = op === "remove" ? { $patch: "delete" } : value;
  }
  return merged;
}
