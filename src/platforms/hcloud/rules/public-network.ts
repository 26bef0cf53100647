import { parseCidr } from "../../../base/net/cidr.js";
import { parseIp } from "../../../base/net/ip.js";
import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * IPv6-only Hetzner servers (platform.hcloud.publicNetwork: ipv6) have a public IPv6 and a
 * private IPv4, and no route to the IPv4 internet. What must still reach them, and what they
 * must still reach:
 *
 * - tofu and talosctl apply over the Talos API on the servers' public IPv6, which the firewall
 *   opens to adminCidrs only: without an IPv6 network there, nothing reaches them.
 * - the floating IP endpoint is an IPv4 one that Talos moves onto the public interface
 *   (HCloudVIPConfig); a server without a public IPv4 has no IPv4 route to answer from it.
 * - name resolution: Talos falls back to 1.1.1.1 and 8.8.8.8 (pkg/machinery v1.13.9
 *   constants.DefaultPrimaryResolver, DefaultSecondaryResolver), IPv4 addresses.
 * - ghcr.io has no IPv6 address, and Talos pulls its kubelet from there (constants.KubeletImage
 *   "ghcr.io/siderolabs/kubelet"; siderolabs/talos#6281, and hcloud-talos/terraform-hcloud-talos
 *   #252 on Hetzner: on an IPv6-only server the kubelet never starts); nor had the image
 *   factory (siderolabs/talos#9372), where the tree's installer image is, pulled at every
 *   upgrade. Mirrors reachable over IPv6 solve it, and so do DNS64 nameservers behind a NAT64
 *   gateway, which the spec cannot see: a warning, not an error.
 */
export const hcloudPublicNetwork: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const hcloud = s.platform.hcloud;
  if (hcloud?.publicNetwork !== "ipv6") return;
  const setting = `publicNetwork: ipv6, line ${ctx.line(specPath("platform", "hcloud", "publicNetwork")) ?? "?"}`;
  if (hcloud.apiEndpoint === "floating-ip") {
    ctx.report({
      code: "spec/hcloud-ipv6-only",
      message: `the servers are IPv6-only (${setting}), but the API endpoint is a floating IP: an IPv4 one that Talos moves onto a control plane's public interface, where a server without a public IPv4 has no route to answer from it`,
      path: specPath("platform", "hcloud", "apiEndpoint"),
      hint: "use apiEndpoint: load-balancer (its IPv6 is then the endpoint), or publicNetwork: dual-stack",
    });
  }
  if (!hcloud.adminCidrs.some((text) => parseCidr(text)?.family === 6)) {
    ctx.report({
      code: "spec/hcloud-ipv6-only",
      message: `the servers are IPv6-only (${setting}): tofu and talosctl reach the Talos API on their public IPv6, but platform.hcloud.adminCidrs has no IPv6 network, so the firewall would let nothing in`,
      path: specPath("platform", "hcloud", "adminCidrs"),
      hint: "add the IPv6 network tofu and talosctl run from, e.g. 2001:db8:1234::/48",
    });
  }
  // The nodes' own ingress firewall opens the Talos API to network.firewall.adminCidrs when
  // they are given (else to platform.hcloud.adminCidrs, checked above).
  const firewall = s.network.firewall;
  if (firewall?.ingress === "block" && firewall.adminCidrs !== undefined && !firewall.adminCidrs.some((text) => parseCidr(text)?.family === 6)) {
    ctx.report({
      code: "spec/hcloud-ipv6-only",
      message: `the servers are IPv6-only (${setting}): tofu and talosctl reach the Talos API on their public IPv6, but the nodes' ingress firewall opens it to network.firewall.adminCidrs, which has no IPv6 network`,
      path: specPath("network", "firewall", "adminCidrs"),
      hint: "add the IPv6 network tofu and talosctl run from, e.g. 2001:db8:1234::/48",
    });
  }
  const nameservers = s.network.nameservers ?? [];
  if (!nameservers.some((text) => parseIp(text)?.family === 6)) {
    ctx.report({
      code: "spec/hcloud-ipv6-only",
      message: `the servers are IPv6-only (${setting}), but network.nameservers has no IPv6 address: ${nameservers.length === 0 ? "Talos would ask its defaults, 1.1.1.1 and 8.8.8.8," : "the nodes would ask IPv4 nameservers"} which they cannot reach`,
      path: s.network.nameservers === undefined ? specPath("network") : specPath("network", "nameservers"),
      ...(s.network.nameservers === undefined ? { at: "key" as const } : {}),
      hint: "set network.nameservers to IPv6 resolvers, e.g. Hetzner's 2a01:4ff:ff00::add:1 and 2a01:4ff:ff00::add:2",
    });
  }
  // What the nodes pull from a registry without an IPv6 address, with no way around it in the spec.
  const unreachable = [
    ...(s.registryMirrors?.["ghcr.io"] === undefined ? ["ghcr.io (Talos's kubelet image, ghcr.io/siderolabs/kubelet: no kubelet starts)"] : []),
    ...(s.talos?.installerMirror === undefined && s.registryMirrors?.["factory.talos.dev"] === undefined
      ? ["factory.talos.dev (the installer image every talosctl upgrade pulls)"]
      : []),
  ];
  if (unreachable.length > 0) {
    ctx.report({
      code: "spec/hcloud-ipv6-only-registry",
      severity: "warning",
      message: `the servers are IPv6-only, but they would pull from ${unreachable.join(" and ")}, which ${unreachable.length === 1 ? "has" : "have"} no IPv6 address`,
      path: specPath("platform", "hcloud", "publicNetwork"),
      hint: "add registryMirrors for them with endpoints reachable over IPv6 (or talos.installerMirror for the installer); with DNS64 nameservers behind a NAT64 gateway the pulls work and this warning stays",
    });
  }
};
