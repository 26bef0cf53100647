import { didYouMeanHint } from "../../base/did-you-mean.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

export function listHint(kind: string, names: readonly string[]): string {
  return names.length === 0 ? `no ${kind} defined yet` : `defined ${kind}: ${names.join(", ")}`;
}

/** node.class must name an entry of nodeClasses (a Proxmox node's host: src/platforms/proxmox/rules/hosts.ts). */
export const references: Rule = (ctx) => {
  const classNames = Object.keys(ctx.spec.spec.nodeClasses ?? {});
  ctx.spec.spec.nodes.forEach((node, i) => {
    if (node.class !== undefined && !classNames.includes(node.class)) {
      ctx.report({
        code: "spec/unknown-class",
        message: `nodes[${i}].class ${quote(node.class)} is not defined in nodeClasses`,
        path: specPath("nodes", i, "class"),
        hint: didYouMeanHint(node.class, classNames) ?? listHint("classes", classNames),
      });
    }
  });
};
