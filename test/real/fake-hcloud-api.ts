/**
 * The Hetzner Cloud API calls a plan of the trees makes: the Talos snapshot of the
 * `hcloud_image` data source, found by label selector (GET /v1/images), an existing network
 * by id (GET /v1/networks/{id}), and the running servers and primary IPs an adoption imports
 * (GET /v1/servers/{id}, /v1/primary_ips/{id}). The real
 * hetznercloud/hcloud provider is pointed here through HCLOUD_ENDPOINT (its documented
 * environment variable); anything else it asks is recorded and answered 404, so a test sees
 * a new API call instead of silently passing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeHcloudApi {
  endpoint: string;
  /** The existing networks it serves, for the provider double (TESTKIT_HCLOUD_NETWORKS). */
  networks: string;
  /** The existing subnets of those networks, for the provider double (TESTKIT_HCLOUD_SUBNETS). */
  subnets: string;
  /** The existing floating IPs it serves, for the provider double (TESTKIT_HCLOUD_FLOATING_IPS). */
  floatingIps: string;
  /** The running servers it serves (adopted nodes'), for the provider double (TESTKIT_HCLOUD_SERVERS). */
  servers: string;
  unexpected: string[];
  close(): Promise<void>;
}

const SNAPSHOT = {
  id: 424242,
  type: "snapshot",
  status: "available",
  name: null,
  description: "talos v1.13.9 (hcloud image of the image factory)",
  image_size: 0.3,
  disk_size: 20,
  created: "2026-01-01T00:00:00+00:00",
  created_from: null,
  bound_to: null,
  os_flavor: "unknown",
  os_version: null,
  rapid_deploy: false,
  protection: { delete: false },
  deprecated: null,
  deleted: null,
  labels: { os: "talos", version: "v1.13.9" },
  architecture: "x86",
};

/**
 * The existing private network of the fixtures that reuse one (platform.hcloud.networkId): the
 * `hcloud_network` data source reads it by id (GET /v1/networks/{id}).
 */
const NETWORKS: Readonly<Record<string, { ip_range: string; subnets: string[] }>> = {
  "4711": { ip_range: "10.0.0.0/16", subnets: [] },
  // The network of the hand-written cluster the adopt-hcloud fixture takes over: its node
  // subnet exists already.
  "4712": { ip_range: "10.0.0.0/16", subnets: ["10.0.1.0/24"] },
};

/** The existing floating IPs of the fixtures that reuse one (platform.hcloud.floatingIpId). */
const FLOATING_IPS: Readonly<Record<string, { ip: string; home_location: string }>> = {
  "98765": { ip: "198.51.100.80", home_location: "hel1" },
  "98766": { ip: "198.51.100.90", home_location: "fsn1" },
};

/**
 * The running servers of the adopt-hcloud fixture (nodes[].adopt), as a hand-written module
 * like the seeds' left them: named by that module, with its firewall, in no placement group,
 * with an IPv6 address beside the primary IPv4 (the Hetzner default), in network 4712.
 */
export const ADOPTED_SERVERS: Readonly<Record<string, { name: string; serverType: string; ip: string; primaryIpId: number; publicIp: string }>> = {
  "52000011": { name: "cp-1", serverType: "cx33", ip: "10.0.1.11", primaryIpId: 61000011, publicIp: "198.51.100.11" },
  "52000012": { name: "cp-2", serverType: "cx33", ip: "10.0.1.12", primaryIpId: 61000012, publicIp: "198.51.100.12" },
  "52000013": { name: "cp-3", serverType: "cx33", ip: "10.0.1.13", primaryIpId: 61000013, publicIp: "198.51.100.13" },
  "52000021": { name: "wk-1", serverType: "cx43", ip: "10.0.1.21", primaryIpId: 61000021, publicIp: "198.51.100.21" },
};

const FSN1 = {
  id: 1,
  name: "fsn1",
  description: "Falkenstein DC Park 1",
  country: "DE",
  city: "Falkenstein",
  latitude: 50.47612,
  longitude: 12.370071,
  network_zone: "eu-central",
};

/** The firewall the hand-written module attached to its servers. */
const OLD_FIREWALL_ID = 1234;

function adoptedServer(id: string, server: (typeof ADOPTED_SERVERS)[string]): unknown {
  return {
    id: Number(id),
    name: server.name,
    status: "running",
    created: "2025-06-01T00:00:00+00:00",
    public_net: {
      ipv4: { id: server.primaryIpId, ip: server.publicIp, blocked: false, dns_ptr: "static.example.com" },
      ipv6: { id: adoptedIpv6Id(server.primaryIpId), ip: "2001:db8:1::/64", blocked: false, dns_ptr: [] },
      floating_ips: [],
      firewalls: [{ id: OLD_FIREWALL_ID, status: "applied" }],
    },
    private_net: [{ network: 4712, ip: server.ip, alias_ips: [], mac_address: "86:00:00:00:00:01" }],
    server_type: {
      id: 1,
      name: server.serverType,
      description: server.serverType,
      category: "cost_optimized",
      cores: 4,
      memory: 8,
      disk: 80,
      storage_type: "local",
      cpu_type: "shared",
      architecture: "x86",
      prices: [],
      deprecated: false,
      deprecation: null,
      locations: [],
    },
    included_traffic: 0,
    outgoing_traffic: 0,
    ingoing_traffic: 0,
    backup_window: null,
    rescue_enabled: false,
    iso: null,
    locked: false,
    location: FSN1,
    image: { ...SNAPSHOT, id: 424242 },
    protection: { delete: false, rebuild: false },
    labels: { cluster: "hetzner" },
    volumes: [],
    primary_disk_size: 80,
    placement_group: null,
    load_balancers: [],
  };
}

/** The id of an adopted server's primary IPv6 (its public_net.ipv6.id). */
export const adoptedIpv6Id = (primaryIpId: number): number => primaryIpId + 500;

function adoptedPrimaryIp(id: string): unknown {
  const entry = Object.entries(ADOPTED_SERVERS).find(([, server]) => String(server.primaryIpId) === id || String(adoptedIpv6Id(server.primaryIpId)) === id);
  if (entry === undefined) return undefined;
  const [serverId, server] = entry;
  // A primary IPv6 is its /64 (Hetzner Cloud API primary_ips: ip, "2001:db8::/64" for ipv6).
  const ipv6 = String(adoptedIpv6Id(server.primaryIpId)) === id;
  return {
    id: Number(id),
    ip: ipv6 ? "2001:db8:1::/64" : server.publicIp,
    labels: {},
    name: `primary_ip-${id}`,
    type: ipv6 ? "ipv6" : "ipv4",
    protection: { delete: false },
    dns_ptr: ipv6 ? [] : [{ ip: server.publicIp, dns_ptr: "static.example.com" }],
    assignee_id: Number(serverId),
    assignee_type: "server",
    auto_delete: true,
    blocked: false,
    created: "2025-06-01T00:00:00+00:00",
    location: FSN1,
  };
}

/**
 * The existing firewall of the fixtures that attach one beside the tree's own
 * (platform.hcloud.firewallIds): the `hcloud_firewall` data source reads it by id
 * (GET /v1/firewalls/{id}).
 */
const FIREWALLS: Readonly<Record<string, { name: string }>> = { "31337": { name: "baseline" } };

/** The token the harness gives the providers (HCLOUD_TOKEN, TF_VAR_hcloud_token): 64 characters, as Hetzner's are. */
export const FAKE_HCLOUD_TOKEN = "x".repeat(64);

export async function startFakeHcloudApi(): Promise<FakeHcloudApi> {
  const unexpected: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    response.setHeader("content-type", "application/json");
    // Every call carries the token as the real API wants it (hcloud-go v2 client.go:
    // `Authorization: Bearer <token>`); one without it is answered as Hetzner answers it.
    if (request.headers.authorization !== `Bearer ${FAKE_HCLOUD_TOKEN}`) {
      unexpected.push(`unauthenticated ${request.method ?? "?"} ${url.pathname}${url.search}`);
      response.statusCode = 401;
      response.end(JSON.stringify({ error: { code: "unauthorized", message: "unable to authenticate" } }));
      return;
    }
    if (request.method === "GET" && url.pathname === "/v1/images") {
      const selector = url.searchParams.get("label_selector") ?? "";
      const terms = selector.split(",").filter((term) => term !== "");
      // A node class image's snapshot carries the talos-image label too (one per image, as the
      // tree's README says to make them); the cluster's own is the one without it (!talos-image).
      const classImage = terms.find((term) => term.startsWith("talos-image="))?.slice("talos-image=".length);
      const labels: Record<string, string> = { ...SNAPSHOT.labels, ...(classImage === undefined ? {} : { "talos-image": classImage }) };
      const matches = terms.every((term) => (term.startsWith("!") ? !(term.slice(1) in labels) : labels[term.split("=")[0] ?? ""] === term.split("=")[1]));
      // One snapshot per architecture with the same labels, as a project with Arm servers has
      // (the provider asks for one with ?architecture=x86 or arm).
      const architecture = url.searchParams.get("architecture");
      const id = SNAPSHOT.id + (classImage === undefined ? 0 : 10 * (1 + [...classImage].reduce((sum, c) => sum + c.charCodeAt(0), 0)));
      const snapshot = { ...SNAPSHOT, id, labels };
      const images = !matches
        ? []
        : architecture === "arm"
          ? [{ ...snapshot, id: id + 1, architecture: "arm" }]
          : architecture === null || architecture === "x86"
            ? [snapshot]
            : [];
      response.end(
        JSON.stringify({
          images,
          meta: { pagination: { page: 1, per_page: 25, previous_page: null, next_page: null, last_page: 1, total_entries: images.length } },
        }),
      );
      return;
    }
    const network = /^\/v1\/networks\/(\d+)$/.exec(url.pathname)?.[1];
    if (request.method === "GET" && network !== undefined && NETWORKS[network] !== undefined) {
      response.end(
        JSON.stringify({
          network: {
            id: Number(network),
            name: "shared",
            created: "2026-01-01T00:00:00+00:00",
            ip_range: NETWORKS[network].ip_range,
            subnets: NETWORKS[network].subnets.map((ip_range) => ({
              type: "cloud",
              ip_range,
              network_zone: "eu-central",
              gateway: "10.0.0.1",
              vswitch_id: null,
            })),
            routes: [],
            servers: network === "4712" ? Object.keys(ADOPTED_SERVERS).map(Number) : [],
            load_balancers: [],
            protection: { delete: true },
            labels: {},
            expose_routes_to_vswitch: false,
          },
        }),
      );
      return;
    }
    const floatingIp = /^\/v1\/floating_ips\/(\d+)$/.exec(url.pathname)?.[1];
    if (request.method === "GET" && floatingIp !== undefined && FLOATING_IPS[floatingIp] !== undefined) {
      const { ip, home_location } = FLOATING_IPS[floatingIp];
      response.end(
        JSON.stringify({
          floating_ip: {
            id: Number(floatingIp),
            name: "api",
            description: null,
            created: "2026-01-01T00:00:00+00:00",
            ip,
            type: "ipv4",
            server: null,
            dns_ptr: [{ ip, dns_ptr: "static.example.com" }],
            home_location: {
              id: 3,
              name: home_location,
              description: "Helsinki DC Park 1",
              country: "FI",
              city: "Helsinki",
              latitude: 60.169855,
              longitude: 24.938379,
              network_zone: "eu-central",
            },
            blocked: false,
            protection: { delete: true },
            labels: {},
          },
        }),
      );
      return;
    }
    const firewall = /^\/v1\/firewalls\/(\d+)$/.exec(url.pathname)?.[1];
    if (request.method === "GET" && firewall !== undefined && FIREWALLS[firewall] !== undefined) {
      response.end(
        JSON.stringify({
          firewall: {
            id: Number(firewall),
            name: FIREWALLS[firewall].name,
            labels: {},
            created: "2026-01-01T00:00:00+00:00",
            rules: [
              {
                description: "node exporter from monitoring",
                direction: "in",
                protocol: "tcp",
                port: "9100",
                source_ips: ["198.51.100.0/24"],
                destination_ips: [],
              },
            ],
            applied_to: [],
          },
        }),
      );
      return;
    }
    const serverId = /^\/v1\/servers\/(\d+)$/.exec(url.pathname)?.[1];
    const adopted = serverId === undefined ? undefined : ADOPTED_SERVERS[serverId];
    if (request.method === "GET" && serverId !== undefined && adopted !== undefined) {
      response.end(JSON.stringify({ server: adoptedServer(serverId, adopted) }));
      return;
    }
    const primaryIpId = /^\/v1\/primary_ips\/(\d+)$/.exec(url.pathname)?.[1];
    const primaryIp = primaryIpId === undefined ? undefined : adoptedPrimaryIp(primaryIpId);
    if (request.method === "GET" && primaryIp !== undefined) {
      response.end(JSON.stringify({ primary_ip: primaryIp }));
      return;
    }
    unexpected.push(`${request.method ?? "?"} ${url.pathname}${url.search}`);
    response.statusCode = 404;
    response.end(JSON.stringify({ error: { code: "not_found", message: "not served by the test's fake API" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/v1`,
    floatingIps: JSON.stringify(Object.fromEntries(Object.entries(FLOATING_IPS).map(([id, ip]) => [id, { type: "ipv4", home_location: ip.home_location }]))),
    networks: JSON.stringify(Object.fromEntries(Object.entries(NETWORKS).map(([id, network]) => [id, network.ip_range]))),
    subnets: JSON.stringify(Object.fromEntries(Object.entries(NETWORKS).map(([id, network]) => [id, network.subnets]))),
    servers: JSON.stringify(
      Object.fromEntries(
        Object.entries(ADOPTED_SERVERS).map(([id, server]) => [
          id,
          {
            name: server.name,
            location: "fsn1",
            server_type: server.serverType,
            network_id: 4712,
            ip: server.ip,
            primary_ip_id: server.primaryIpId,
            public_ip: server.publicIp,
          },
        ]),
      ),
    ),
    unexpected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
