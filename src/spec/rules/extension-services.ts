import { quote } from "../display-path.js";
import type { SecretOrText } from "../types.js";
import type { Rule } from "./rule.js";
import { settingsLayers } from "./settings-layers.js";

/**
 * Variable names the tree declares itself, or may: a secret of the spec must not take one
 * (OpenTofu refuses two variables of one name; a provider's credential would be overwritten).
 */
const TREE_PREFIXES = ["talos_", "proxmox_", "hcloud_", "flux_", "github_", "gitea_", "argocd_", "cilium_"];

/** The tree's prefix a secret's variable name starts with, if any. */
export function reservedVariablePrefix(variable: string): string | undefined {
  return TREE_PREFIXES.find((p) => variable.startsWith(p));
}

/**
 * Extension services: Talos refuses a configuration with neither environment nor files (machinery
 * v1.13.9 config/types/runtime/extensions/service_config.go Validate: "no config files found"),
 * a secret's variable must be the spec's own, and a service should belong to an extension of
 * the schematic: Talos runs an extension's service as ext-<name> and applies a configuration to
 * the service of that name only (docs talos/v1.13 extension-services), so a configuration for an
 * extension that is not installed is ignored.
 */
export const extensionServices: Rule = (ctx) => {
  const body = ctx.spec.spec;
  const short = (name: string): string => name.slice(name.lastIndexOf("/") + 1);
  const cluster = (body.talos?.schematic?.extensions ?? []).map(short);
  // A node's image: the cluster's extensions and its class's (nodeClasses.*.schematic adds to them).
  const imageOf = (node: (typeof body.nodes)[number]): Set<string> =>
    new Set([...cluster, ...(body.nodeClasses?.[node.class ?? ""]?.schematic?.extensions ?? []).map(short)]);
  /** The nodes a layer's settings reach. */
  const reached = (at: readonly (string | number)[]): typeof body.nodes => {
    const [, kind, key] = at;
    if (kind === "roles") return body.nodes.filter((n) => n.role === key);
    if (kind === "nodeClasses") return body.nodes.filter((n) => n.class === key);
    const node = typeof key === "number" ? body.nodes[key] : undefined;
    return node === undefined ? [] : [node];
  };
  for (const [layer, at] of settingsLayers(ctx.spec)) {
    const nodes = reached(at);
    (layer.extensionServices ?? []).forEach((service, s) => {
      const path = [...at, "extensionServices", s];
      if (Object.keys(service.environment ?? {}).length === 0 && (service.configFiles ?? []).length === 0) {
        ctx.report({
          code: "spec/extension-service-empty",
          message: `extension service ${quote(service.name)} has neither environment nor configFiles, which Talos refuses`,
          path: [...path, "name"],
          hint: "give it its environment or its config files, or remove it",
        });
      }
      const without = nodes.filter((node) => !imageOf(node).has(service.name)).map((node) => node.name);
      if (without.length > 0 || (nodes.length === 0 && !cluster.includes(service.name))) {
        ctx.report({
          code: "spec/extension-service-unknown",
          severity: "warning",
          message: `no extension of ${without.length === 0 || without.length === body.nodes.length ? "talos.schematic.extensions" : `the image of ${without.join(", ")}`} is named ${quote(service.name)}, so no service reads this configuration${without.length > 0 && without.length < nodes.length ? " there" : ""}`,
          path: [...path, "name"],
          hint: `add the extension (e.g. siderolabs/${service.name}) to talos.schematic.extensions, or to the schematic of the nodes' class`,
        });
      }
      const secrets: Array<[SecretOrText, (string | number)[]]> = [
        ...Object.entries(service.environment ?? {}).map(([key, value]): [SecretOrText, (string | number)[]] => [value, ["environment", key]]),
        ...(service.configFiles ?? []).map((file, f): [SecretOrText, (string | number)[]] => [file.content, ["configFiles", f, "content"]]),
      ];
      for (const [value, where] of secrets) {
        if (typeof value === "string") continue;
        const prefix = reservedVariablePrefix(value.variable);
        if (prefix === undefined) continue;
        ctx.report({
          code: "spec/secret-variable-reserved",
          message: `variable ${quote(value.variable)} starts with ${quote(prefix)}, which names the tree's own variables`,
          path: [...path, ...where, "variable"],
          hint: `name it after what it is, e.g. ${quote(`${service.name.replace(/-/g, "_")}_${value.variable.slice(prefix.length)}`)}`,
        });
      }
    });
  }
};
