import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * Map keys that name a host are DNS names, and DNS compares names without regard to case
 * (RFC 4343): "pve" and "PVE" are one Proxmox node, "docker.io" and "Docker.IO" one registry.
 * The schema lets both spellings through (Proxmox node names and registry hosts may hold capitals),
 * so two keys that differ only in case would become two image downloads to one host, or two
 * Talos RegistryMirrorConfig documents for one registry. (Node names, which also become file
 * names, are lower-case DNS labels by the schema, so they cannot collide this way.)
 */
export const nameCollisions: Rule = (ctx) => {
  const check = (keys: readonly string[], what: string, ...prefix: PathSegment[]): void => {
    const seen = new Map<string, string>();
    for (const key of keys) {
      const folded = key.toLowerCase();
      const first = seen.get(folded);
      if (first === undefined) {
        seen.set(folded, key);
        continue;
      }
      ctx.report({
        code: "spec/name-collision",
        message: `${what} ${quote(key)} is the same name as ${ctx.ref(specPath(...prefix, first), quote(first))}: host names ignore case`,
        path: specPath(...prefix, key),
        at: "key",
        hint: "write each name once, in lower case",
      });
    }
  };
  const spec = ctx.spec.spec;
  check(Object.keys(spec.platform.proxmox?.hosts ?? {}), "Proxmox host", "platform", "proxmox", "hosts");
  check(Object.keys(spec.registryMirrors ?? {}), "registry mirror", "registryMirrors");
};
