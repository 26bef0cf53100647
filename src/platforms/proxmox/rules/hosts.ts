import { didYouMeanHint } from "../../../base/did-you-mean.js";
import { quote } from "../../../spec/display-path.js";
import { listHint } from "../../../spec/rules/references.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/** node.host must name a host of the Proxmox pool. */
export const proxmoxHosts: Rule = (ctx) => {
  const hosts = ctx.spec.spec.platform.proxmox?.hosts ?? {};
  const hostNames = Object.keys(hosts);
  ctx.spec.spec.nodes.forEach((node, i) => {
    if (node.host !== undefined && !Object.hasOwn(hosts, node.host)) {
      ctx.report({
        code: "spec/unknown-host",
        message: `nodes[${i}].host ${quote(node.host)} is not in platform.proxmox.hosts`,
        path: specPath("nodes", i, "host"),
        hint: didYouMeanHint(node.host, hostNames) ?? listHint("hosts", hostNames),
      });
    }
  });
};
