/**
 * Every YAML file of every golden tree parses (patches, Helm values, tofu-controller
 * manifests), and the tofu-controller manifests hold together: the Terraform object fetches
 * the GitRepository next to it, credentials only ever come from a Secret, and the backend it
 * hands the runner is the tree's own.
 */
import { parse } from "@cdktf/hcl2json";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { describe, expect, it } from "vitest";
import { DIAGNOSTICS_FILE, listCases, readGolden, ROOT } from "./golden-corpus.js";

const trees = listCases()
  .filter((name) => existsSync(join(ROOT, "golden", name)) && !existsSync(join(ROOT, "golden", name, DIAGNOSTICS_FILE)))
  .map((name) => ({ name, files: readGolden(name) }));

function documentsOf(contents: string): unknown[] {
  const documents = parseAllDocuments(contents);
  if (!Array.isArray(documents)) throw new Error("empty YAML stream");
  for (const document of documents) {
    const problems = [...document.errors, ...document.warnings].map((e) => e.message);
    if (problems.length > 0) throw new Error(problems.join("; "));
  }
  return documents.map((document) => document.toJS() as unknown);
}

describe("golden YAML files parse", () => {
  for (const tree of trees) {
    it(tree.name, () => {
      for (const file of tree.files.filter((f) => f.path.endsWith(".yaml"))) {
        expect(() => documentsOf(file.contents), `${tree.name}/${file.path}`).not.toThrow();
      }
    });
  }
});

interface K8sObject {
  apiVersion?: unknown;
  kind?: unknown;
  metadata?: { name?: unknown; namespace?: unknown };
  spec?: Record<string, unknown>;
}

const withTofuController = trees.filter((tree) => tree.files.some((f) => f.path.startsWith("tofu-controller/")));

describe("tofu-controller manifests", () => {
  it("exist in at least one golden tree", () => {
    expect(withTofuController.length).toBeGreaterThan(0);
  });
  for (const tree of withTofuController) {
    it(tree.name, async () => {
      const objects = tree.files.filter((f) => f.path.startsWith("tofu-controller/")).flatMap((f) => documentsOf(f.contents) as K8sObject[]);
      const source = objects.find((o) => o.kind === "GitRepository");
      const terraform = objects.find((o) => o.kind === "Terraform");
      expect(source?.apiVersion).toBe("source.toolkit.fluxcd.io/v1");
      expect(terraform?.apiVersion).toBe("infra.contrib.fluxcd.io/v1alpha2");
      expect(terraform?.spec?.["sourceRef"]).toEqual({
        kind: "GitRepository",
        name: source?.metadata?.name,
        namespace: source?.metadata?.namespace,
      });
      expect(terraform?.spec?.["writeOutputsToSecret"]).toMatchObject({ outputs: ["kubeconfig", "talosconfig"] });
      const pod = terraform?.spec?.["runnerPodTemplate"] as { spec?: { env?: Array<Record<string, unknown>> } } | undefined;
      for (const variable of pod?.spec?.env ?? []) {
        expect(Object.keys(variable).sort(), String(variable["name"])).toEqual(["name", "valueFrom"]);
        expect(variable["valueFrom"]).toHaveProperty("secretKeyRef");
      }
      // The runner writes customConfiguration, wrapped in terraform {}, over the tree's backend.
      const versions = tree.files.find((f) => f.path === "versions.tf")?.contents ?? "";
      const treeBackend = await backendOf(versions);
      const custom = (terraform?.spec?.["backendConfig"] as { customConfiguration?: string } | undefined)?.customConfiguration;
      if (custom === undefined) expect(treeBackend?.["s3"]).toBeUndefined();
      else expect(await backendOf(`terraform {\n${custom}}\n`)).toEqual(treeBackend);
    });
  }
});

async function backendOf(hcl: string): Promise<Record<string, unknown> | undefined> {
  const parsed = (await parse("backend.tf", hcl)) as { terraform?: Array<{ backend?: Record<string, unknown> }> };
  return parsed.terraform?.find((block) => block.backend !== undefined)?.backend;
}
