import type { AdoptedServerSpec } from "../../../spec/types.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";
import { HCLOUD_DEFAULTS } from "../../../catalog/defaults.js";

/**
 * nodes[].adopt on Hetzner Cloud (what every platform's adoption needs is
 * src/spec/rules/adopt-machines.ts):
 *
 * - the private network (platform.hcloud.networkId): with a network of its own the tree would
 *   attach each adopted server to it and detach it from the running one
 *   (terraform-provider-hcloud internal/server resource.go updateServerInlineNetworkAttachments),
 *   cutting etcd and the kubelets off from each other;
 * - one server and one primary IP per node: two import blocks for one object would have two
 *   resources manage it;
 * - one public address per server, the primary IP adopt names: its IPv4, or its IPv6 for
 *   IPv6-only servers (publicNetwork ipv6). A dual-stack server has two and a private-only one
 *   none, and a running server never changes its public network (../lock.ts), so those are
 *   refused rather than imported in part;
 * - a warning: an endpoint the tree makes (a new load balancer or floating IP) moves the
 *   Kubernetes API of every node's configuration to a new address.
 */
export const hcloudAdopt: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const adopted = s.nodes.flatMap((node, i) => (node.adopt === undefined ? [] : [{ i, node, adopt: node.adopt }]));
  const first = adopted[0];
  if (first === undefined) return;
  const hcloud = s.platform.hcloud;
  if (hcloud === undefined) return;
  if (hcloud.networkId === undefined) {
    ctx.report({
      code: "spec/adopt-without-network",
      message: `nodes[${first.i}].adopt takes over the running server of ${first.node.name}, but the tree would make a private network of its own and move every adopted server onto it, away from the running cluster's`,
      path: specPath("nodes", first.i, "adopt"),
      at: "key",
      hint: "set platform.hcloud.networkId to the running cluster's network (its subnet network.cidr is then imported too)",
    });
  }
  const publicNetwork = hcloud.publicNetwork ?? HCLOUD_DEFAULTS.publicNetwork;
  if (publicNetwork === "dual-stack" || publicNetwork === "none") {
    ctx.report({
      code: "spec/adopt-public-network",
      message: `nodes[${first.i}].adopt takes over the running server of ${first.node.name} with its one primary IP, but publicNetwork ${publicNetwork} gives every server ${publicNetwork === "none" ? "none" : "two, an IPv4 and an IPv6"}`,
      path: specPath("nodes", first.i, "adopt"),
      at: "key",
      hint: "adopt servers with publicNetwork ipv4 (adopt names the primary IPv4) or ipv6 (the primary IPv6), as the running servers have it",
    });
  }
  const servers = adopted.flatMap(({ i, node, adopt }) => (typeof adopt === "object" ? [{ i, name: node.name, adopt }] : []));
  for (const field of ["serverId", "primaryIpId"] as const satisfies ReadonlyArray<keyof AdoptedServerSpec>) {
    const seen = new Map<number, string>();
    for (const { i, name, adopt } of servers) {
      const other = seen.get(adopt[field]);
      if (other === undefined) {
        seen.set(adopt[field], name);
        continue;
      }
      ctx.report({
        code: "spec/adopt-duplicate-id",
        message: `nodes[${i}].adopt.${field} ${adopt[field]} is ${other}'s too: one ${field === "serverId" ? "server" : "primary IP"} can be adopted by one node`,
        path: specPath("nodes", i, "adopt", field),
      });
    }
  }
  const keepsEndpoint = s.endpoint.host !== undefined || (hcloud.apiEndpoint === "floating-ip" && hcloud.floatingIpId !== undefined);
  if (!keepsEndpoint) {
    const made = hcloud.apiEndpoint === "floating-ip" ? "a new floating IP" : "a new load balancer";
    ctx.report({
      code: "spec/adopt-endpoint-moves",
      severity: "warning",
      message: `the adopted nodes' Kubernetes API endpoint would be ${made}: the first apply gives every running node's configuration another endpoint`,
      path: specPath("nodes", first.i, "adopt"),
      at: "key",
      hint: "keep the running endpoint: endpoint.host (its DNS name), or apiEndpoint: floating-ip with floatingIpId",
    });
  }
};
