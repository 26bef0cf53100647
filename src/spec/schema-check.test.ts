import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PATTERN_EXPECTATIONS } from "./pattern-names.js";
import { HANDLED_KEYWORDS } from "./schema-messages.js";
import { check, checkMutated, plain, ROOT, sketch } from "./spec.test-helper.js";
import type { NodeSpec } from "./types.js";

const schemaText = readFileSync(join(ROOT, "schemas/talos-hclgen.schema.json"), "utf8");
const schema = JSON.parse(schemaText) as { definitions: Record<string, { pattern?: string }> };

/** Keywords that only annotate (editors show them; validation ignores them). */
const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "title",
  "description",
  "examples",
  "default",
  "$comment",
  "definitions",
  "properties",
  "items",
  "additionalProperties",
  "propertyNames",
]);

function keywordsOf(node: unknown, into: Set<string>, underMap = false): void {
  if (Array.isArray(node)) return node.forEach((item) => keywordsOf(item, into));
  if (node === null || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    if (!underMap) into.add(key);
    if (key === "examples" || key === "default" || key === "enum" || key === "const" || key === "required") continue;
    keywordsOf(value, into, key === "properties" || key === "definitions");
  }
}

describe("the schema file", () => {
  it("uses only keywords schema-check knows how to explain", () => {
    const used = new Set<string>();
    keywordsOf(schema, used);
    const unexplained = [...used].filter((k) => !ANNOTATIONS.has(k) && !HANDLED_KEYWORDS.has(k) && k !== "$ref");
    expect(unexplained).toEqual([]);
  });

  it("keeps every pattern in a named definition that pattern-names.ts describes", () => {
    const named = Object.entries(schema.definitions)
      .filter(([, d]) => d.pattern !== undefined)
      .map(([name]) => name)
      .sort();
    expect(named).toEqual(Object.keys(PATTERN_EXPECTATIONS).sort());
    // A pattern outside the definitions would be reported without a description.
    const patterns = schemaText.match(/"pattern":/g)?.length ?? 0;
    expect(patterns).toBe(named.length);
  });

  it("is inlined by ajv so pattern errors carry their definition name", () => {
    const generated = readFileSync(join(ROOT, "src/spec/generated/schema-validator.cjs"), "utf8");
    for (const name of Object.keys(PATTERN_EXPECTATIONS)) expect(generated, name).toContain(`"#/definitions/${name}/pattern"`);
  });
});

describe("schema diagnostics", () => {
  it("points an unknown key at the key and suggests the nearest field", () => {
    const text = "apiVersion: talos-hclgen/v1\nkind: Cluster\nmetadata:\n  nmae: x\n";
    expect(plain(text)).toEqual([
      'spec.yaml:1:1: error[schema/required]: missing required field "spec" at the top level',
      'spec.yaml:4:3: error[schema/unknown-field]: unknown field "nmae" in metadata\n  hint: did you mean "name"?',
    ]);
  });

  it("lists the allowed fields when nothing is close", () => {
    expect(checkMutated((s) => Object.assign(s.spec.endpoint, { bananas: 1 }))).toEqual(['error schema/unknown-field: unknown field "bananas" in endpoint']);
    const d = check({ ...sketch(), spec: { ...sketch().spec, endpoint: { vip: "192.168.62.20", bananas: 1 } } });
    // All of them, vip (already set) included.
    expect(d[0]?.hint).toBe("fields allowed here: vip, host, port");
  });

  it("explains type errors with what was expected and what was written", () => {
    const text = `${readFileSync(join(ROOT, "fixtures/spec-sketch/spec.yaml"), "utf8")}`
      .replace("vmId: 1201", 'vmId: "1201"')
      .replace("version: 1.20.0", "version: 1.20");
    expect(plain(text, "s.yaml")).toEqual([
      's.yaml:57:13: error[schema/type]: nodes[3].vmId must be a whole number (got the string "1201")\n  hint: remove the quotes: 1201',
      's.yaml:67:16: error[schema/type]: cni.cilium.version must be a string (got the number 1.2)\n  hint: quote it: "1.20"',
    ]);
  });

  it("names enum choices and suggests the nearest", () => {
    const out = check({ ...sketch(), spec: { ...sketch().spec, nodes: [{ name: "cp-1", role: "controlplan" }] } });
    expect(out.map((d) => [d.code, d.message, d.hint])).toEqual([
      ["schema/enum", 'nodes[0].role must be one of "controlplane", "worker" (got "controlplan")', 'did you mean "controlplane"?'],
    ]);
  });

  it("reports ranges, lengths, duplicates, and exclusive alternatives", () => {
    expect(
      checkMutated((s) => {
        (s.spec.nodes[3] as NodeSpec).vmId = 99;
        s.spec.talos = { ...s.spec.talos, schematic: { extensions: ["siderolabs/a", "siderolabs/a"] } };
        s.spec.kubernetes = { ...s.spec.kubernetes, podSubnets: [] };
        Object.assign(s.spec.platform, { metal: {} });
      }),
    ).toEqual([
      'error schema/unique: talos.schematic.extensions[1] repeats talos.schematic.extensions[0] ("siderolabs/a")',
      "error schema/length: kubernetes.podSubnets must have at least 1 item (got 0)",
      'error schema/exclusive: platform must set exactly one of "proxmox", "hcloud", "metal" (got "proxmox" and "metal")',
      "error schema/range: nodes[3].vmId must be at least 100 (got 99)",
    ]);
  });

  it("collapses oneOf noise into the branch the user meant, or one message", () => {
    const pools = (p: unknown[]): string[] => checkMutated((s) => Object.assign(s.spec.cni?.cilium?.loadBalancer ?? {}, { pools: p }));
    expect(pools([{ start: "192.168.62.200" }])).toEqual(['error schema/required: cni.cilium.loadBalancer.pools[0] is missing required field "stop"']);
    expect(pools(["192.168.62.0/28"])).toEqual([
      'error schema/one-of: cni.cilium.loadBalancer.pools[0] must be an address range with "start" and "stop" or a block with "cidr" (got the string "192.168.62.0/28")',
    ]);
    expect(pools([{ cidr: "192.168.62.192/27x" }])).toEqual([
      'error schema/pattern: cni.cilium.loadBalancer.pools[0].cidr must be a CIDR block such as "10.244.0.0/16" (got "192.168.62.192/27x")',
    ]);
  });

  it("points a bad map key at the key", () => {
    const out = check({ ...sketch(), spec: { ...sketch().spec, nodeClasses: { "9lives": { cpu: 1, memory: 1024, osDisk: 10 } } } });
    expect(out.map((d) => [d.code, d.message])).toContainEqual([
      "schema/pattern",
      'key "9lives" in nodeClasses must be a class name (a letter, then letters, digits, "_" or "-")',
    ]);
  });

  it("never lets an ajv message through", () => {
    const broken = {
      apiVersion: 1,
      kind: [],
      metadata: { name: "A B" },
      spec: { nodes: [{}], platform: { proxmox: {}, hcloud: {} }, endpoint: [], network: { cidr: 5 } },
    };
    const messages = check(broken).map((d) => d.message);
    expect(messages.length).toBeGreaterThan(5);
    for (const message of messages) expect(message).not.toMatch(/must NOT|must match|must have required property|must be equal to|property name must be valid/);
  });

  it("drops the missing-field error that an unknown-field typo already explains", () => {
    expect(checkMutated((s) => Object.assign(s.spec.nodes[0] as NodeSpec, { rol: "controlplane", role: undefined }))).toEqual([
      'error schema/unknown-field: unknown field "rol" in nodes[0]',
    ]);
  });
});
