import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check, ROOT } from "../spec.test-helper.js";
import { checkSpec } from "../index.js";
import { PLATFORMS } from "../../platforms/index.js";

describe("dhcp-gateway", () => {
  it("warns that a gateway beside address: dhcp has no effect", () => {
    const path = "fixtures/proxmox-multi-nic-dhcp/spec.yaml";
    const { spec } = checkSpec(readFileSync(join(ROOT, path), "utf8"), path, PLATFORMS);
    if (spec === undefined) throw new Error("test setup: fixture does not validate");
    expect(check(spec)).toEqual([]);
    const nic = spec.spec.nodes[3]?.networks?.[0];
    if (nic === undefined) throw new Error("test setup: no DHCP NIC");
    nic.gateway = "10.0.200.1";
    expect(check(spec).map((d) => `${d.severity} ${d.code}: ${d.message}`)).toEqual([
      "warning spec/ignored-gateway: nodes[3].networks[0].gateway 10.0.200.1 is ignored: the interface takes its address and routes from DHCP",
    ]);
  });
});
