import { didYouMeanHint } from "../../base/did-you-mean.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import { platformOf } from "./platform.js";
import type { Rule } from "./rule.js";

function listHint(kind: string, names: readonly string[]): string {
  return names.length === 0 ? `no ${kind} defined yet` : `defined ${kind}: ${names.join(", ")}`;
}

/** node.host must name a host of the Proxmox pool, node.class an entry of nodeClasses. */
export const references: Rule = (ctx) => {
  const hosts = ctx.spec.spec.platform.proxmox?.hosts;
  const hostNames = Object.keys(hosts ?? {});
  const classNames = Object.keys(ctx.spec.spec.nodeClasses ?? {});
  ctx.spec.spec.nodes.forEach((node, i) => {
    // host on a non-proxmox platform is platform-fit's finding, not an unknown host.
    if (node.host !== undefined && hosts !== undefined && !Object.hasOwn(hosts, node.host)) {
      ctx.report({
        code: "spec/unknown-host",
        message: `nodes[${i}].host ${quote(node.host)} is not in platform.proxmox.hosts`,
        path: specPath("nodes", i, "host"),
        hint: didYouMeanHint(node.host, hostNames) ?? listHint("hosts", hostNames),
      });
    }
    // On metal, classes do not apply at all (platform-fit says so); no need to look them up.
    if (node.class !== undefined && platformOf(ctx.spec) !== "metal" && !classNames.includes(node.class)) {
      ctx.report({
        code: "spec/unknown-class",
        message: `nodes[${i}].class ${quote(node.class)} is not defined in nodeClasses`,
        path: specPath("nodes", i, "class"),
        hint: didYouMeanHint(node.class, classNames) ?? listHint("classes", classNames),
      });
    }
  });
};
