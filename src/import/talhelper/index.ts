/**
 * `talos-hclgen import talhelper`: talhelper's talconfig.yaml in, a spec's text out, with a
 * diagnostic at the talconfig's line:col for everything it could not carry over. Pure: the
 * CLI (src/cli/commands/import.ts) reads the files and writes the result.
 */
import { Document, isMap, isScalar } from "yaml";
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { sortDiagnostics, type Diagnostic } from "../../diagnostics/diagnostic.js";
import { createLocator } from "../../spec/locate.js";
import { parseSpec } from "../../spec/parse.js";
import type { ClusterSpec } from "../../spec/types.js";
import { isRecord, unsupported, type ImportContext, type PatchFileRead } from "./context.js";
import { convertTalconfig } from "./convert.js";
import { commentLeftOut } from "./left-out.js";

export interface TalhelperImport {
  /**
   * The spec's YAML, with everything it could carry and the rest as comments where it belongs;
   * absent when there is no spec to write (no name, endpoint or node network).
   */
  specText?: string;
  /** The spec carries everything the talconfig says that needs carrying (no error). */
  complete: boolean;
  diagnostics: Diagnostic[];
}

/** The spec body's keys in the order the reference documents them. */
const BODY_ORDER = ["talos", "kubernetes", "endpoint", "network", "platform", "cni", "roles", "patches", "nodeClasses", "nodes"];

export function importTalhelper(text: string, file: string, readPatchFile: (path: string) => PatchFileRead): TalhelperImport {
  const parsed = parseSpec(text, file);
  if (parsed.diagnostics.some((d) => d.severity === "error") || parsed.value === undefined) return { complete: false, diagnostics: parsed.diagnostics };
  const locator = createLocator(parsed.doc, parsed.lineCounter, file);
  const ctx: ImportContext = { locator, diagnostics: [...parsed.diagnostics], readPatchFile, leftOut: [] };
  if (!isRecord(parsed.value)) {
    unsupported(ctx, [], "the talconfig is not a map", "a talconfig.yaml starts with clusterName:, endpoint: and nodes:");
    return { complete: false, diagnostics: ctx.diagnostics };
  }
  const converted = convertTalconfig(ctx, parsed.value);
  const diagnostics = sortDiagnostics(ctx.diagnostics);
  const complete = !diagnostics.some((d) => d.severity === "error");
  if (converted === undefined) return { complete: false, diagnostics };
  const specText = render(converted.spec, file, ctx.leftOut.length > 0, (document) =>
    commentLeftOut(document, ctx.leftOut, { text, file, locator, nodeIndex: converted.nodeIndex }),
  );
  return { specText, complete, diagnostics };
}

/** A node's keys in the order the reference documents them (the rest after, as set). */
const NODE_ORDER = ["name", "role", "class", "address", "installDisk", "installDiskSelector", "networks", "nameservers"];

function inOrder(value: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const keys = [...order.filter((key) => value[key] !== undefined), ...Object.keys(value).filter((key) => !order.includes(key))];
  return Object.fromEntries(keys.map((key) => [key, value[key]]));
}

/**
 * The version pins Renovate bumps, marked as init's starters mark them (docs/workflow.md's
 * regex manager reads the comment above each).
 */
const RENOVATE: ReadonlyArray<[PathSegment[], string]> = [
  [["spec", "talos", "version"], " renovate: datasource=github-releases depName=siderolabs/talos"],
  [["spec", "kubernetes", "version"], " renovate: datasource=github-releases depName=kubernetes/kubernetes"],
];

function renovateComments(document: Document): void {
  for (const [path, comment] of RENOVATE) {
    const parent = document.getIn(path.slice(0, -1), true);
    if (!isMap(parent)) continue;
    const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === path[path.length - 1]);
    if (pair !== undefined && isScalar(pair.key)) pair.key.commentBefore = comment;
  }
}

function render(spec: ClusterSpec, file: string, leftOut: boolean, annotate: (document: Document) => void): string {
  const body = { ...(spec.spec as unknown as Record<string, unknown>) };
  if (Array.isArray(body["nodes"])) body["nodes"] = (body["nodes"] as Array<Record<string, unknown>>).map((node) => inOrder(node, NODE_ORDER));
  const ordered = Object.fromEntries(BODY_ORDER.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
  const document = new Document({ ...spec, spec: ordered });
  document.commentBefore = [
    ` Imported by talos-hclgen import talhelper from ${file}.`,
    " Every talconfig field it could not carry over was reported at its line; docs/migrating.md",
    " says how the running cluster moves over (talos.secrets: import reads its talsecret once).",
    ...(leftOut ? [" What it could not carry is kept below as comments, where it would go: carry it by hand."] : []),
  ].join("\n");
  annotate(document);
  renovateComments(document);
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
