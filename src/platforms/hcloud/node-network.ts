/**
 * A server's network: the cloud's metadata configures its NICs, and the API endpoint is a load
 * balancer or a floating IP the hcloud module announces (HCloudVIPConfig), never a Layer 2 VIP.
 * Only a private-only server needs documents: its default route.
 */
import type { HcloudModel } from "../../model/model.js";
import { dhcpv4Config, linkConfig } from "../../plan/talos/documents.js";
import type { TalosDocument } from "../../plan/platform-part.js";

/**
 * The link of a private-only Hetzner server (platform.hcloud.publicNetwork none): its one NIC,
 * eth0, since the hcloud platform boots with net.ifnames=0 (talos internal/app/machined/pkg/
 * runtime/v1alpha1/platform/hcloud/hcloud.go KernelArgs).
 */
const HCLOUD_PRIVATE_LINK = "eth0";

/**
 * What every node's network needs beside its own documents. A private-only Hetzner server's
 * DHCP lease routes only the network, through the network's gateway (docs.hetzner.com
 * networks architecture: the range via its first address, that address on-link), so its
 * default route goes to that gateway too, where the network's route to the NAT gateway takes
 * over (platform.hcloud.natGateway). A link the machine configuration names gets no default
 * DHCP from Talos (operator_config.go: "interface is configured explicitly, don't run default
 * dhcp4"), so DHCPv4Config keeps the lease.
 */
export function hcloudCommonNetworkDocuments(platform: HcloudModel): TalosDocument[] {
  if (platform.publicNetwork !== "none") return [];
  return [linkConfig(HCLOUD_PRIVATE_LINK, { gateway: platform.privateGateway }), dhcpv4Config(HCLOUD_PRIVATE_LINK)];
}
