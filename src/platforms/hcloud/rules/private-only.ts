import { cidrContains, parseCidr } from "../../../base/net/cidr.js";
import { parseIp, sameIp } from "../../../base/net/ip.js";
import { HCLOUD_DEFAULTS } from "../../../catalog/defaults.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * Private-only Hetzner servers (platform.hcloud.publicNetwork: none) and their way out, the
 * network's NAT gateway (natGateway). Hetzner routes a cloud network at its first address and
 * takes a 0.0.0.0/0 network route to a server of the network (docs.hetzner.com networks
 * architecture: the server reaches the gateway on-link, every other address through it), so
 * the gateway must be an IPv4 address of the network's range, not the range's first address
 * (Hetzner's router) and not a node's.
 *
 * - natGateway without publicNetwork none would route the network's egress for servers that
 *   have a public interface and their own default route: refused, as a field with no effect.
 * - The floating IP endpoint is a public address: refused.
 * - Without natGateway the nodes have no route to the internet (no image pull, no time server,
 *   no discovery service), unless the spec's mirrors and time servers are in the network or
 *   the existing network (networkId) already routes 0.0.0.0/0: a warning where neither shows.
 */
export const hcloudPrivateOnly: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const hcloud = s.platform.hcloud;
  if (hcloud === undefined) return;
  const privateOnly = hcloud.publicNetwork === "none";
  if (hcloud.natGateway !== undefined && !privateOnly) {
    ctx.report({
      code: "spec/hcloud-nat-gateway",
      message: `natGateway routes the egress of servers without a public address, but publicNetwork is ${hcloud.publicNetwork ?? "ipv4 (the default)"}: the servers leave through their public interface`,
      path: specPath("platform", "hcloud", "natGateway"),
      at: "key",
      hint: "set publicNetwork: none, or remove natGateway",
    });
    return;
  }
  if (!privateOnly) return;
  const setting = `publicNetwork: none, line ${ctx.line(specPath("platform", "hcloud", "publicNetwork")) ?? "?"}`;
  if (hcloud.apiEndpoint === "floating-ip") {
    ctx.report({
      code: "spec/hcloud-private-only",
      message: `the servers have no public address (${setting}), but the API endpoint is a floating IP, a public address that Talos moves onto a control plane's public interface`,
      path: specPath("platform", "hcloud", "apiEndpoint"),
      hint: "use apiEndpoint: load-balancer (its private address is then the endpoint)",
    });
  }
  if (hcloud.natGateway !== undefined) checkNatGateway(ctx, hcloud.natGateway, hcloud.networkRange ?? HCLOUD_DEFAULTS.networkRange);
  else if (hcloud.networkId === undefined) {
    ctx.report({
      code: "spec/hcloud-private-only-egress",
      severity: "warning",
      message:
        "the servers have no public address and no natGateway: the tree's network has no route to the internet, so the nodes pull no image, reach no time server and no discovery service",
      path: specPath("platform", "hcloud", "publicNetwork"),
      hint: "set natGateway to the private address of a NAT server in the network; without one, registryMirrors and network.ntp must point into the network",
    });
  }
};

function checkNatGateway(ctx: Parameters<Rule>[0], text: string, networkRange: string): void {
  const path = specPath("platform", "hcloud", "natGateway");
  const gateway = parseIp(text);
  const range = parseCidr(networkRange);
  // ip-syntax reports what does not parse.
  if (gateway === undefined || range === undefined) return;
  const report = (message: string, hint: string): void => ctx.report({ code: "spec/hcloud-nat-gateway", message, path, hint });
  if (!cidrContains(range, gateway)) {
    report(
      `natGateway ${text} is not in the private network ${networkRange}: Hetzner routes the network's traffic only to a server of the network`,
      "give the private address of the NAT server in the network",
    );
    return;
  }
  if (gateway.value === range.first + 1n) {
    report(
      `natGateway ${text} is the network's own gateway, where Hetzner's router answers: the route would lead back to it`,
      "give the private address of the NAT server in the network",
    );
    return;
  }
  const node = ctx.spec.spec.nodes.findIndex((n) => {
    const address = n.address === undefined ? undefined : parseCidr(n.address)?.address;
    return address !== undefined && sameIp(address, gateway);
  });
  if (node >= 0) {
    report(
      `natGateway ${text} is the address of node ${ctx.spec.spec.nodes[node]?.name ?? ""}: a Talos node does not forward the others' traffic`,
      "give the private address of the NAT server in the network",
    );
  }
}
