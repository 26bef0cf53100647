/**
 * The machine-config contract a tree's nodes are generated with (the talos provider's
 * talos_version) stays what the tree uses when the spec does not pin one: a Talos upgrade
 * changes the installed version, never the shape of a running cluster's configurations. A new
 * tree takes the installed minor, at most the newest contract the compiler emits (v1.13: with
 * v1.14's, the provider would generate documents the tree's patches conflict with).
 */
import { describe, expect, it } from "vitest";
import { compile } from "../src/index.js";
import { MACHINES_LOCK, parseMachinesLock } from "../src/lock/machines-lock.js";
import { rolloutImpact } from "../src/lock/impact.js";
import { PLATFORMS } from "../src/platforms/index.js";

function spec(talos: string, contract?: string): string {
  return `apiVersion: talos-hclgen/v1
kind: Cluster
metadata: { name: contract }
spec:
  talos: { version: ${talos}${contract === undefined ? "" : `, contract: ${contract}`} }
  kubernetes: { version: v1.33.4 }
  endpoint: { host: 10.0.0.10 }
  network: { cidr: 10.0.0.0/24, gateway: 10.0.0.1 }
  platform: { metal: { interface: enp1s0 } }
  nodes:
    - name: cp-1
      role: controlplane
      networks: [{ mac: "52:54:00:00:00:01", address: 10.0.0.10/24 }]
`;
}

interface Built {
  contract: string | undefined;
  lock: string;
}

function build(talos: string, options: { contract?: string; previousLock?: string } = {}): Built {
  const result = compile(spec(talos, options.contract), {
    specPath: "spec.yaml",
    ...(options.previousLock === undefined ? {} : { previousLock: options.previousLock }),
  });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const main = result.files.find((f) => f.path === "main.tf")?.contents ?? "";
  const lock = result.files.find((f) => f.path === MACHINES_LOCK)?.contents ?? "";
  return { contract: /talos_contract\s*=\s*"([^"]+)"/.exec(main)?.[1], lock };
}

describe("the machine-config contract", () => {
  it("is the installed minor for a new tree, at most the newest the compiler emits", () => {
    expect(build("v1.12.6").contract).toBe("v1.12");
    expect(build("v1.13.9").contract).toBe("v1.13");
    expect(build("v1.14.0").contract).toBe("v1.13");
    expect(parseMachinesLock(build("v1.14.0").lock)?.contract).toBe("v1.13");
  });

  it("stays what the tree uses across a Talos upgrade", () => {
    const before = build("v1.12.6");
    const after = build("v1.13.9", { previousLock: before.lock });
    expect(after.contract).toBe("v1.12");
    // Twice: the pinned contract is recorded again, not lost after one build.
    expect(build("v1.14.0", { previousLock: after.lock }).contract).toBe("v1.12");
  });

  it("is the locked Talos minor for a lock written before the contract was recorded", () => {
    const old = build("v1.12.6").lock.replace(/\n {2}"contract": "v1\.12",/, "");
    expect(parseMachinesLock(old)?.contract).toBeUndefined();
    expect(build("v1.13.9", { previousLock: old }).contract).toBe("v1.12");
  });

  it("moves only when the spec says so, and the impact report tells", () => {
    const before = build("v1.12.6");
    const after = build("v1.13.9", { contract: "v1.13", previousLock: before.lock });
    expect(after.contract).toBe("v1.13");
    const previous = parseMachinesLock(before.lock);
    const next = parseMachinesLock(after.lock);
    if (previous === undefined || next === undefined) throw new Error("unreadable lock");
    const impact = rolloutImpact(previous, next, PLATFORMS[next.platform].lock);
    expect([impact.talos, impact.contract]).toEqual([
      { from: "v1.12.6", to: "v1.13.9" },
      { from: "v1.12", to: "v1.13" },
    ]);
    expect(impact.nodes.map((node) => node.effects.map((effect) => effect.kind))).toEqual(impact.nodes.map(() => ["upgrade", "configure"]));
  });

  it("is never newer than the installed Talos, whatever the lock says", () => {
    const newer = build("v1.13.9").lock;
    expect(build("v1.12.6", { previousLock: newer }).contract).toBe("v1.12");
  });
});
