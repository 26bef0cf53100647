import { describe, expect, it } from "vitest";
import { deepMerge } from "./deep-merge.js";
import { requiredCiliumValues, talosCiliumRequirements } from "../catalog/cilium-on-talos.js";

describe("deepMerge (Helm's values merge)", () => {
  it("merges maps key by key, recursively", () => {
    const merged = deepMerge({ a: { b: 1, c: { d: 2 } } }, { a: { c: { e: 3 } }, f: 4 });
    expect(merged).toEqual({ a: { b: 1, c: { d: 2, e: 3 } }, f: 4 });
  });

  it("replaces lists whole", () => {
    expect(deepMerge({ list: [1, 2, 3] }, { list: [9] })).toEqual({ list: [9] });
  });

  it("lets a scalar or null replace a map, and a map replace a scalar", () => {
    expect(deepMerge({ a: { b: 1 } }, { a: null })).toEqual({ a: null });
    expect(deepMerge({ a: 1 }, { a: { b: 2 } })).toEqual({ a: { b: 2 } });
  });

  it("modifies neither input and shares no nested object with them", () => {
    const base = { a: { b: [1] } };
    const override = { a: { c: { d: 1 } } };
    const merged = deepMerge(base, override);
    (merged["a"] as { b: number[] }).b.push(2);
    (merged["a"] as { c: { d: number } }).c.d = 5;
    expect(base).toEqual({ a: { b: [1] } });
    expect(override).toEqual({ a: { c: { d: 1 } } });
  });

  it("keeps every Talos-required Cilium value when the user's values touch the same maps", () => {
    const required = requiredCiliumValues(talosCiliumRequirements({ l2Announcements: false, inline: true }));
    const merged = deepMerge(required, {
      ipam: { operator: { clusterPoolIPv4PodCIDRList: ["10.0.0.0/8"] } },
      cgroup: { autoMount: { resources: { limits: { cpu: "100m" } } } },
      securityContext: { privileged: false },
      hubble: { enabled: true },
    });
    expect(merged).toMatchObject({
      ipam: { mode: "kubernetes", operator: { clusterPoolIPv4PodCIDRList: ["10.0.0.0/8"] } },
      kubeProxyReplacement: true,
      k8sServiceHost: "localhost",
      k8sServicePort: 7445,
      cgroup: { autoMount: { enabled: false, resources: { limits: { cpu: "100m" } } }, hostRoot: "/sys/fs/cgroup" },
      securityContext: { privileged: false, capabilities: { cleanCiliumState: ["NET_ADMIN", "SYS_ADMIN", "SYS_RESOURCE"] } },
      hubble: { enabled: true },
    });
  });
});

describe("deepMerge and odd keys", () => {
  it("treats a __proto__ key as data", () => {
    const override = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const merged = deepMerge({}, override);
    expect(Object.keys(merged)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});
