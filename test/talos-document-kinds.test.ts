/**
 * The Talos document kinds the spec rules know by version are those of Talos's own config
 * schemas (test/schemas/): the kinds new in v1.14 are exactly those the v1.14.0-rc.1 schema has
 * and the v1.13 one has not, and every kind said to replace a v1alpha1 field is one of them.
 */
import { describe, expect, it } from "vitest";
import { NEW_IN_V1_14, REPLACES_A_V1ALPHA1_FIELD } from "../src/catalog/talos-document-kinds.js";
import { compile } from "../src/index.js";
import { upstreamSchema } from "./tools.js";

/** Every kind a config schema's documents declare (their `kind` const or enum). */
function kindsOf(schema: unknown): Set<string> {
  const definitions = schema as { $defs?: Record<string, unknown>; definitions?: Record<string, unknown> };
  const kinds = new Set<string>();
  for (const definition of Object.values(definitions.$defs ?? definitions.definitions ?? {})) {
    const kind = (definition as { properties?: { kind?: { const?: string; enum?: string[] } } }).properties?.kind;
    if (kind?.const !== undefined) kinds.add(kind.const);
    for (const value of kind?.enum ?? []) kinds.add(value);
  }
  return kinds;
}

// The schema is generated from the docs, which name the install document "UnattendedInstall";
// the code registers "UnattendedInstallConfig" (machinery v1.14.0-rc.1 runtime/unattended_install.go).
const CODE_NAMES: Record<string, string> = { UnattendedInstall: "UnattendedInstallConfig" };

describe("Talos document kinds by version", () => {
  it("are the kinds of the v1.14 config schema that the v1.13 one has not", () => {
    const v113 = kindsOf(upstreamSchema("talos-v1.13.config.schema.json"));
    const v114 = kindsOf(upstreamSchema("talos-v1.14.0-rc.1.config.schema.json"));
    expect(v113.size).toBeGreaterThan(30);
    const added = [...v114].filter((kind) => !v113.has(kind)).map((kind) => CODE_NAMES[kind] ?? kind);
    expect([...NEW_IN_V1_14].sort()).toEqual(added.sort());
    for (const kind of REPLACES_A_V1ALPHA1_FIELD.keys()) expect(NEW_IN_V1_14.has(kind), kind).toBe(true);
  });

  const spec = (talos: string, kind: string): string => `apiVersion: talos-hclgen/v1
kind: Cluster
metadata: { name: kinds }
spec:
  talos: { version: ${talos} }
  kubernetes: { version: v1.36.3 }
  endpoint: { host: 10.0.0.10 }
  network: { cidr: 10.0.0.0/24, gateway: 10.0.0.1 }
  platform: { metal: { interface: enp1s0 } }
  nodes:
    - name: cp-1
      role: controlplane
      networks: [{ address: 10.0.0.10/24 }]
      patches:
        - { apiVersion: v1alpha1, kind: ${kind} }
`;
  const codes = (talos: string, kind: string): string[] =>
    compile(spec(talos, kind), { specPath: "spec.yaml" }).diagnostics.map((d) => `${d.code}: ${d.message}`);

  it("refuses a v1.14 document on Talos v1.13, and one that replaces a field the tree sets on Talos v1.14", () => {
    expect(codes("v1.13.9", "KubeletConfig")).toEqual([
      "spec/patch-kind-unknown: a KubeletConfig document is new in Talos v1.14, and Talos v1.13.9 does not know it",
    ]);
    expect(codes("v1.14.0", "KubeletConfig")).toEqual([
      "spec/patch-kind-conflict: a KubeletConfig document replaces .machine.kubelet, which the configurations this tree generates already have (the v1.13 contract), and Talos refuses both in one configuration",
    ]);
    // New in v1.14 and beside nothing the tree sets: fine on v1.14, on a control plane even if
    // only control planes may have it.
    expect(codes("v1.14.0", "KernelModuleConfig")).toEqual([]);
    expect(codes("v1.14.0", "KubeCoreDNSConfig")).toEqual([]);
    // Known to both.
    expect(codes("v1.13.9", "ResolverConfig")).toEqual([]);
  });
});
