/**
 * `talos-hclgen import talhelper`: talhelper's talconfig.yaml in, a spec's text out, with a
 * diagnostic at the talconfig's line:col for everything it could not carry over. Pure: the
 * CLI (src/cli/commands/import.ts) reads the files and writes the result.
 */
import { Document } from "yaml";
import { sortDiagnostics, type Diagnostic } from "../../diagnostics/diagnostic.js";
import { createLocator } from "../../spec/locate.js";
import { parseSpec } from "../../spec/parse.js";
import type { ClusterSpec } from "../../spec/types.js";
import { isRecord, unsupported, type ImportContext, type PatchFileRead } from "./context.js";
import { convertTalconfig } from "./convert.js";

export interface TalhelperImport {
  /** The spec's YAML; absent when an error kept the import from writing one. */
  specText?: string;
  diagnostics: Diagnostic[];
}

/** The spec body's keys in the order the reference documents them. */
const BODY_ORDER = ["talos", "kubernetes", "endpoint", "network", "platform", "cni", "roles", "patches", "nodeClasses", "nodes"];

export function importTalhelper(text: string, file: string, readPatchFile: (path: string) => PatchFileRead): TalhelperImport {
  const parsed = parseSpec(text, file);
  if (parsed.diagnostics.some((d) => d.severity === "error") || parsed.value === undefined) return { diagnostics: parsed.diagnostics };
  const ctx: ImportContext = { locator: createLocator(parsed.doc, parsed.lineCounter, file), diagnostics: [...parsed.diagnostics], readPatchFile };
  if (!isRecord(parsed.value)) {
    unsupported(ctx, [], "the talconfig is not a map", "a talconfig.yaml starts with clusterName:, endpoint: and nodes:");
    return { diagnostics: ctx.diagnostics };
  }
  const spec = convertTalconfig(ctx, parsed.value);
  const diagnostics = sortDiagnostics(ctx.diagnostics);
  if (spec === undefined || diagnostics.some((d) => d.severity === "error")) return { diagnostics };
  return { specText: render(spec, file), diagnostics };
}

function render(spec: ClusterSpec, file: string): string {
  const body = spec.spec as unknown as Record<string, unknown>;
  const ordered = Object.fromEntries(BODY_ORDER.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
  const document = new Document({ ...spec, spec: ordered });
  document.commentBefore = [
    ` Imported by talos-hclgen import talhelper from ${file}.`,
    " Every talconfig field it could not carry over was reported at its line; docs/migrating.md",
    " says how the running cluster moves over (talos.secrets: import reads its talsecret once).",
  ].join("\n");
  // talhelper has no state; the tree has, and with talos.secrets: import it holds the running
  // cluster's CA and keys: a backend to fill in, where the spec ends (build warns without one,
  // spec/adopted-secrets-local-state).
  const backend =
    spec.spec.backend === undefined
      ? [
          "  # The tree's OpenTofu state will hold this cluster's CA and keys: keep it in an encrypted",
          "  # remote backend, never a local file (access keys from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY).",
          "  # backend:",
          "  #   s3:",
          "  #     bucket: <your state bucket>",
          `  #     key: talos/${spec.metadata.name}.tfstate`,
          "  #     region: <its region>",
          "",
        ].join("\n")
      : "";
  return document.toString({ lineWidth: 0 }) + backend;
}
