import { describe, expect, it } from "vitest";
import { parseMachinesLock, renderMachinesLock, type LockedNode, type MachinesLock } from "./machines-lock.js";

/** A node with every field the lock can hold: a field the parser forgets is lost at the next build. */
const EVERY_FIELD: Required<LockedNode> = {
  role: "controlplane",
  step: 1,
  host: "pve-a",
  vmId: 1101,
  serverType: "cx33",
  location: "fsn1",
  placementGroup: "worker-2",
  publicNetwork: "ipv6",
  cpu: 4,
  memory: 8192,
  osDisk: 64,
  uefi: true,
  secureBoot: true,
  address: "10.0.0.11",
  configuration: "0123456789ab",
  schematic: "aabbccddeeff",
  installer: "gpu",
  volumes: "ba9876543210",
  boot: "00112233aabb",
};

describe("machines.lock.json", () => {
  it("reads back every field it writes", () => {
    const lock: Required<MachinesLock> = {
      platform: "proxmox",
      cluster: "homelab",
      talos: "v1.13.9",
      contract: "v1.13",
      kubernetes: "v1.36.3",
      digests: 2,
      nodes: { "cp-1": EVERY_FIELD },
      gone: { "cp-0": "controlplane" },
    };
    expect(parseMachinesLock(renderMachinesLock(lock, "# header"))).toEqual(lock);
  });

  it("reads each field back on its own", () => {
    for (const [key, value] of Object.entries(EVERY_FIELD)) {
      const node = { role: "worker", configuration: "c", [key]: value } as LockedNode;
      const lock: MachinesLock = { platform: "hcloud", talos: "v1.13.9", kubernetes: "v1.36.3", nodes: { n: node } };
      expect(parseMachinesLock(renderMachinesLock(lock, "# header"))?.nodes["n"], key).toEqual(node);
    }
  });
});
