/**
 * Writer conflicts as diagnostics, so they print and serialise (--json) like spec errors.
 * Each names the file, says what is wrong and how to get past it.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Conflict, ConflictKind } from "../output/plan-write.js";

const TEXT: Record<ConflictKind, { message: (detail: string) => string; hint: string }> = {
  "not-generated": {
    message: () => "talos-hclgen did not write this file, and would overwrite it",
    hint: "move it elsewhere, or rerun with --force to overwrite it",
  },
  "hand-edited": {
    message: () => "this generated file was edited since talos-hclgen wrote it, and would be overwritten",
    hint: "move the change into the spec (patches are the escape hatch), or rerun with --force to discard it",
  },
  "hand-edited-stale": {
    message: () => "this file is no longer generated and would be deleted, but it was edited since talos-hclgen wrote it",
    hint: "delete it yourself if the edit is not needed, or rerun with --force to delete it",
  },
  "unreadable-manifest": {
    message: (detail) => `the ownership manifest cannot be trusted: ${detail}`,
    hint: "rerun with --force to rewrite it; files it listed are then no longer pruned automatically",
  },
  "not-a-file": {
    message: (detail) => `a generated file goes here, but the path ${detail}`,
    hint: "move it out of the way; --force does not replace folders or links",
  },
  unreadable: {
    message: (detail) => `cannot read: ${detail}`,
    hint: "check the file's permissions",
  },
  "through-link": {
    message: (detail) =>
      `this folder is a symbolic link, and ${detail}: talos-hclgen never writes or deletes through a link, which could lead outside the output folder`,
    hint: "replace the link with a real folder (or remove it); --force does not follow links",
  },
  "out-dir-not-a-folder": {
    message: (detail) => `the output path ${detail}`,
    hint: "choose another -o, or move the file out of the way",
  },
};

export function conflictDiagnostic(conflict: Conflict, prefix: string, label: string): Diagnostic {
  const text = TEXT[conflict.kind];
  const file = conflict.path === "" ? label : `${prefix}${conflict.path}`;
  return {
    code: `output/${conflict.kind}`,
    severity: "error",
    file,
    message: text.message(conflict.detail),
    hint: text.hint,
  };
}
