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
  const installed = new Set((ctx.spec.spec.talos?.schematic?.extensions ?? []).map((name) => name.slice(name.lastIndexOf("/") + 1)));
  for (const [layer, at] of settingsLayers(ctx.spec)) {
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
      if (!installed.has(service.name)) {
        ctx.report({
          code: "spec/extension-service-unknown",
          severity: "warning",
          message: `no extension of talos.schematic.extensions is named ${quote(service.name)}, so no service reads this configuration`,
          path: [...path, "name"],
          hint: `add the extension (e.g. siderolabs/${service.name}) to talos.schematic.extensions`,
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
