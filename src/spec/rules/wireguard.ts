import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { displayPath, quote } from "../display-path.js";
import type { SecretRef } from "../types.js";
import { logicalLinkNames } from "../../catalog/talos-links.js";
import { reservedVariablePrefix } from "./extension-services.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * WireGuard tunnels: a tunnel's name is a link of its own on the node; a private key is one
 * node's identity (its public key is what every peer trusts), so two nodes reading one key
 * variable would be one peer twice, and WireGuard routes a peer's traffic to the last endpoint
 * it heard from; the keys' variables must be the spec's own names.
 */
export const wireguardTunnels: Rule = (ctx) => {
  const keyOwners = new Map<string, { node: number; path: PathSegment[] }>();
  ctx.spec.spec.nodes.forEach((node, i) => {
    const names = new Map<string, PathSegment[]>();
    logicalLinkNames(node.networks ?? []).forEach((name, k) => {
      if (name !== undefined) names.set(name, specPath("nodes", i, "networks", k));
    });
    (node.wireguard ?? []).forEach((tunnel, t) => {
      const path = specPath("nodes", i, "wireguard", t);
      const taken = names.get(tunnel.name);
      if (taken !== undefined) {
        ctx.report({
          code: "spec/link-reused",
          message: `link ${quote(tunnel.name)} is already used on this node, by ${displayPath(taken)}`,
          path: [...path, "name"],
          hint: "give the tunnel a name of its own, e.g. wg0",
        });
      } else names.set(tunnel.name, path);
      const owner = keyOwners.get(tunnel.privateKey.variable);
      if (owner !== undefined && owner.node !== i) {
        ctx.report({
          code: "spec/wireguard-key-shared",
          message: `private key variable ${quote(tunnel.privateKey.variable)} is already the key of ${displayPath(owner.path)}: two nodes with one key are one WireGuard peer`,
          path: [...path, "privateKey", "variable"],
          hint: "give each node its own key (wg genkey) in a variable of its own",
        });
      } else if (owner === undefined) keyOwners.set(tunnel.privateKey.variable, { node: i, path });
      const refs: Array<[SecretRef, PathSegment[]]> = [[tunnel.privateKey, [...path, "privateKey", "variable"]]];
      (tunnel.peers ?? []).forEach((peer, p) => {
        if (peer.presharedKey !== undefined) refs.push([peer.presharedKey, [...path, "peers", p, "presharedKey", "variable"]]);
      });
      for (const [ref, at] of refs) {
        const prefix = reservedVariablePrefix(ref.variable);
        if (prefix === undefined) continue;
        ctx.report({
          code: "spec/secret-variable-reserved",
          message: `variable ${quote(ref.variable)} starts with ${quote(prefix)}, which names the tree's own variables`,
          path: at,
          hint: `name it after what it is, e.g. ${quote(`wireguard_${ref.variable.slice(prefix.length)}`)}`,
        });
      }
    });
  });
};
