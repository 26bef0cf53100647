/**
 * The Hetzner Cloud API calls a plan of the trees makes: the Talos snapshot of the
 * `hcloud_image` data source, found by label selector (GET /v1/images), and an existing network
 * by id (GET /v1/networks/{id}). The real
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
  /** The existing floating IPs it serves, for the provider double (TESTKIT_HCLOUD_FLOATING_IPS). */
  floatingIps: string;
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
const NETWORKS: Readonly<Record<string, { ip_range: string }>> = { "4711": { ip_range: "10.0.0.0/16" } };

/** The existing floating IP of the fixtures that reuse one (platform.hcloud.floatingIpId). */
const FLOATING_IPS: Readonly<Record<string, { ip: string; home_location: string }>> = { "98765": { ip: "198.51.100.80", home_location: "hel1" } };

/**
 * The existing firewall of the fixtures that attach one beside the tree's own
 * (platform.hcloud.firewallIds): the `hcloud_firewall` data source reads it by id
 * (GET /v1/firewalls/{id}).
 */
const FIREWALLS: Readonly<Record<string, { name: string }>> = { "31337": { name: "baseline" } };

export async function startFakeHcloudApi(): Promise<FakeHcloudApi> {
  const unexpected: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    response.setHeader("content-type", "application/json");
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
            subnets: [],
            routes: [],
            servers: [],
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
            home_location: { id: 3, name: home_location, description: "Helsinki DC Park 1", country: "FI", city: "Helsinki", latitude: 60.169855, longitude: 24.938379, network_zone: "eu-central" },
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
            rules: [{ description: "node exporter from monitoring", direction: "in", protocol: "tcp", port: "9100", source_ips: ["198.51.100.0/24"], destination_ips: [] }],
            applied_to: [],
          },
        }),
      );
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
    unexpected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
