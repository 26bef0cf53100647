/**
 * The one Hetzner Cloud API call a plan of the trees makes: the Talos snapshot of the
 * `hcloud_image` data source, found by label selector (GET /v1/images). The real
 * hetznercloud/hcloud provider is pointed here through HCLOUD_ENDPOINT (its documented
 * environment variable); anything else it asks is recorded and answered 404, so a test sees
 * a new API call instead of silently passing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeHcloudApi {
  endpoint: string;
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

export async function startFakeHcloudApi(): Promise<FakeHcloudApi> {
  const unexpected: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    response.setHeader("content-type", "application/json");
    if (request.method === "GET" && url.pathname === "/v1/images") {
      const selector = url.searchParams.get("label_selector") ?? "";
      const wanted = selector.split(",").filter((term) => term !== "").map((term) => term.split("="));
      const matches = wanted.every(([key, value]) => (SNAPSHOT.labels as Record<string, string>)[key ?? ""] === value);
      // One snapshot per architecture with the same labels, as a project with Arm servers has
      // (the provider asks for one with ?architecture=x86 or arm).
      const architecture = url.searchParams.get("architecture");
      const images = !matches
        ? []
        : architecture === "arm"
          ? [{ ...SNAPSHOT, id: SNAPSHOT.id + 1, architecture: "arm" }]
          : architecture === null || architecture === "x86"
            ? [SNAPSHOT]
            : [];
      response.end(
        JSON.stringify({
          images,
          meta: { pagination: { page: 1, per_page: 25, previous_page: null, next_page: null, last_page: 1, total_entries: images.length } },
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
    unexpected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
