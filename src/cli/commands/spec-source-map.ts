/**
 * For `build --validate`: the spec field a line of the generated root module came from, so a
 * validate diagnostic can name it next to the generated file. A node's entry in a platform's
 * node map maps to that node; otherwise the enclosing module call, provider or backend block
 * maps to the spec section it renders. Lines of the child modules are the compiler's own
 * templates, not spec values: they map to nothing.
 */
import type { PathSegment, Span } from "../../diagnostics/diagnostic.js";
import type { GeneratedFile } from "../../types.js";

/** Root blocks and the spec section each is rendered from. */
const BLOCK_SOURCES: Record<string, PathSegment[]> = {
  'module "nodes"': ["spec", "platform"],
  'module "image"': ["spec", "talos"],
  'module "cluster"': ["spec", "nodes"],
  'module "cilium"': ["spec", "cni", "cilium"],
  'module "cert_manager"': ["spec", "addons", "certManager"],
  'module "metrics_server"': ["spec", "addons", "metricsServer"],
  'module "hcloud_ccm"': ["spec", "addons", "hcloudCcm"],
  'module "flux"': ["spec", "gitops", "flux"],
  'module "argocd"': ["spec", "gitops", "argocd"],
  'provider "proxmox"': ["spec", "platform", "proxmox"],
  'provider "hcloud"': ["spec", "platform", "hcloud"],
  'provider "flux"': ["spec", "gitops", "flux"],
  'backend "s3"': ["spec", "backend", "s3"],
};

const BLOCK = /^\s*((?:module|provider|backend) "[^"]+") \{/;
/** A key of the node map: four spaces in, inside a module call. */
const NODE_ENTRY = /^ {4}("(?:[^"\\]|\\.)*"|[A-Za-z0-9_-]+) = \{$/;

export function specSourceMap(
  files: readonly GeneratedFile[],
  /** The prefix validate puts before tree paths ("infra/"). */
  prefix: string,
  nodeNames: readonly string[],
  locate: (path: readonly PathSegment[]) => Span | undefined,
): (file: string, line: number) => Span | undefined {
  const byPath = new Map(files.map((f) => [`${prefix}${f.path}`, f.contents.split("\n")]));
  return (file, line) => {
    const lines = byPath.get(file);
    if (lines === undefined || file.slice(prefix.length).includes("/")) return undefined;
    for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) {
      const text = lines[i] ?? "";
      const node = NODE_ENTRY.exec(text)?.[1];
      if (node !== undefined) {
        const index = nodeNames.indexOf(node.startsWith('"') ? (JSON.parse(node) as string) : node);
        if (index >= 0) return locate(["spec", "nodes", index]);
      }
      const block = BLOCK.exec(text)?.[1];
      if (block !== undefined) {
        const path = BLOCK_SOURCES[block];
        return path === undefined ? undefined : locate(path);
      }
    }
    return undefined;
  };
}
