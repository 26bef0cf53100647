/**
 * The Cilium objects the trees create (manifests/cilium-lb.yaml: the LoadBalancer IP pool, the
 * L2 announcement policy, the BGP control plane's cluster and peer configurations and its
 * advertisement) against the CustomResourceDefinitions of the Cilium release the trees install:
 * the chart's Go module (npm run tools) holds them, pkg/k8s/apis/cilium.io/client/crds/. Each
 * document must name a served version of its kind and match that version's OpenAPI schema, as
 * the API server would check it when Talos applies the manifest.
 */
import Ajv from "ajv";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { listCases, readGolden } from "../golden-corpus.js";
import { describeWithTools } from "./tools.js";

interface Crd {
  spec: { group: string; names: { kind: string }; versions: Array<{ name: string; served: boolean; schema: { openAPIV3Schema: object } }> };
}

/**
 * The CRDs' patterns are Go (RE2) expressions, checked by the API server in Go: RE2's one-letter
 * Unicode classes (\PC: not a control or other character) are \P{C} in a JavaScript expression.
 */
function jsPatterns(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsPatterns);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "pattern" && typeof value === "string" ? value.replace(/\\([pP])([A-Z])/g, "\\$1{$2}") : jsPatterns(value),
    ]),
  );
}

describeWithTools("the Cilium objects of every tree match the CRDs of the Cilium they run on", (tools) => {
  const chart = tools.charts["cilium"];
  if (chart === undefined) throw new Error("no cilium chart in the tools manifest: npm run tools");
  const crdFolder = join(resolve(chart.dir, "..", "..", ".."), "pkg", "k8s", "apis", "cilium.io", "client", "crds");
  const ajv = new Ajv.default({ strict: false, allErrors: true, validateFormats: false });
  const schemas = new Map<string, ReturnType<typeof ajv.compile>>();
  for (const version of readdirSync(crdFolder)) {
    for (const file of readdirSync(join(crdFolder, version)).filter((f) => f.endsWith(".yaml"))) {
      const crd = parse(readFileSync(join(crdFolder, version, file), "utf8")) as Crd;
      for (const served of crd.spec.versions.filter((v) => v.served)) {
        const key = `${crd.spec.group}/${served.name} ${crd.spec.names.kind}`;
        if (!schemas.has(key)) schemas.set(key, ajv.compile(jsPatterns(served.schema.openAPIV3Schema) as object));
      }
    }
  }
  const validate = (object: { apiVersion?: string; kind?: string }): unknown[] => {
    const check = schemas.get(`${object.apiVersion ?? ""} ${object.kind ?? ""}`);
    if (check === undefined) return [`${object.apiVersion ?? "?"} ${object.kind ?? "?"} is no served version of a Cilium CRD`];
    return check(object) ? [] : (check.errors ?? []);
  };

  const trees = listCases()
    .map((name) => ({ name, file: readGolden(name).find((f) => f.path === "manifests/cilium-lb.yaml") }))
    .filter((tree) => tree.file !== undefined);
  it("finds trees with Cilium objects, of every kind the trees write", () => {
    const kinds = new Set(trees.flatMap((tree) => parseAllDocuments(tree.file?.contents ?? "").map((d) => (d.toJS() as { kind: string }).kind)));
    expect([...kinds].sort()).toEqual([
      "CiliumBGPAdvertisement",
      "CiliumBGPClusterConfig",
      "CiliumBGPPeerConfig",
      "CiliumL2AnnouncementPolicy",
      "CiliumLoadBalancerIPPool",
    ]);
  });
  for (const tree of trees) {
    it(tree.name, () => {
      for (const document of parseAllDocuments(tree.file?.contents ?? "")) {
        const object = document.toJS() as { apiVersion?: string; kind?: string };
        expect(validate(object), `${tree.name}: ${object.kind ?? "?"}`).toEqual([]);
      }
    });
  }
  it("refuses an object its CRD does not allow (the tier can fail)", () => {
    expect(
      validate({
        apiVersion: "cilium.io/v2",
        kind: "CiliumBGPPeerConfig",
        metadata: { name: "x" },
        spec: { families: [{ afi: "ipv5", safi: "unicast" }] },
      } as never),
    ).not.toEqual([]);
    expect(validate({ apiVersion: "cilium.io/v2", kind: "CiliumL2AnnouncementPolicy" })).toEqual([
      "cilium.io/v2 CiliumL2AnnouncementPolicy is no served version of a Cilium CRD",
    ]);
  });
});
