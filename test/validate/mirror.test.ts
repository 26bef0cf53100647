/** Offline mirror pieces: versions, required_providers, the layout on disk, the CLI config. */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { topLevelBlocks } from "../../src/validate/hcl-top-level-blocks.js";
import { cliConfig, goPlatform, initArgs, writeMirror } from "../../src/validate/mirror.js";
import { planMirror } from "../../src/validate/mirror-plan.js";
import { parseProviderSource } from "../../src/validate/provider-address.js";
import type { LoadedProvider, LoadedSchemas } from "../../src/validate/provider-schemas.js";
import { readRequiredProviders, type Requirement } from "../../src/validate/required-providers.js";
import { formatVersion, parseConstraint, pickVersion } from "../../src/base/version-constraints.js";
import { listTree, REFERENCE_TREE, tempDir } from "./helpers.js";

const pick = (...constraints: string[]): string | undefined => {
  const terms = constraints.flatMap((c) => parseConstraint(c) ?? []);
  const version = pickVersion(terms);
  return version === undefined ? undefined : formatVersion(version);
};

describe("pickVersion", () => {
  it.each([
    [["~> 0.11.0"], "0.11.0"],
    [["~> 3.1"], "3.1.0"],
    [[">= 1"], "1.0.0"],
    [["3.1.2"], "3.1.2"],
    [["= 3.1.2"], "3.1.2"],
    [["> 1.2.3"], "1.2.4"],
    [[">= 1.0, != 1.0.0"], "1.0.1"],
    [["~> 0.11.0", ">= 0.11.3"], "0.11.3"],
    [["< 2", ">= 1.5"], "1.5.0"],
    [["~> 1.8.0", "1.8.5"], "1.8.5"],
    [[], "0.0.1"],
    [["0.12.0-alpha.5"], "0.12.0-alpha.5"],
  ])("%j -> %s", (constraints, expected) => {
    expect(pick(...constraints)).toBe(expected);
  });

  it("finds nothing when the constraints conflict", () => {
    expect(pick("~> 0.11.0", "0.10.0")).toBeUndefined();
    expect(pick("~> 1.2.3", ">= 1.3")).toBeUndefined();
  });

  it("rejects malformed constraints", () => {
    expect(parseConstraint("~> one")).toBeUndefined();
  });
});

describe("topLevelBlocks", () => {
  it("finds terraform blocks and is not fooled by braces in strings, comments and heredocs", () => {
    const text = [
      'locals { a = "terraform {" }',
      "# terraform { in a comment }",
      "/* terraform {",
      "*/",
      'resource "x" "y" {',
      "  t = <<-EOT",
      "    }}} terraform {",
      "  EOT",
      '  u = "${jsonencode({ a = "}" })}"',
      "}",
      "terraform {",
      '  required_providers { x = { source = "a/x" } }',
      "}",
    ].join("\n");
    expect(topLevelBlocks(text, "terraform")).toEqual(['terraform {\n  required_providers { x = { source = "a/x" } }\n}']);
  });
});

describe("readRequiredProviders", () => {
  it("collects every module's constraints, keyed by namespace/name", async () => {
    const requirements = await readRequiredProviders(REFERENCE_TREE);
    const summary = [...requirements].map(([key, r]) => [key, r.address.host, r.constraints]).sort();
    expect(summary).toEqual([
      ["bpg/proxmox", "registry.terraform.io", ["0.111.1"]],
      ["fluxcd/flux", "registry.terraform.io", ["1.8.5"]],
      ["hashicorp/helm", "registry.terraform.io", ["~> 3.1"]],
      ["siderolabs/talos", "registry.terraform.io", ["0.12.0"]],
    ]);
  });
});

function provider(source: string, version?: string): LoadedProvider {
  const address = parseProviderSource(source);
  if (address === undefined) throw new Error(source);
  return { address, schema: {}, file: "x.json", ...(version === undefined ? {} : { version }) };
}

const schemas = (...providers: LoadedProvider[]): LoadedSchemas => ({
  providers: new Map(providers.map((p) => [`${p.address.namespace}/${p.address.name}`, p])),
  diagnostics: [],
});

const requirement = (source: string, ...constraints: string[]): [string, Requirement] => {
  const address = parseProviderSource(source);
  if (address === undefined) throw new Error(source);
  return [`${address.namespace}/${address.name}`, { address, constraints }];
};

describe("planMirror", () => {
  it("offers every schema under both public registries, at a version the tree accepts", () => {
    const plan = planMirror(
      schemas(provider("siderolabs/talos"), provider("hashicorp/random", "3.9.0")),
      new Map([requirement("registry.opentofu.org/siderolabs/talos", "~> 0.11.0")]),
    );
    expect(plan.diagnostics).toEqual([]);
    expect(plan.entries.map((e) => [e.provider.address.name, e.version, e.hosts])).toEqual([
      ["random", "3.9.0", ["registry.terraform.io", "registry.opentofu.org"]],
      ["talos", "0.11.0", ["registry.terraform.io", "registry.opentofu.org"]],
    ]);
  });

  it("prefers a recorded version, warning when the tree asks for another", () => {
    const plan = planMirror(schemas(provider("siderolabs/talos", "0.10.0")), new Map([requirement("siderolabs/talos", "~> 0.11.0")]));
    expect(plan.entries[0]?.version).toBe("0.11.0");
    expect(plan.diagnostics).toEqual([expect.objectContaining({ code: "validate/schema-version", severity: "warning" })]);
  });

  it("reports providers the tree needs that have no schema, and conflicting constraints", () => {
    const plan = planMirror(
      schemas(provider("siderolabs/talos")),
      new Map([requirement("hashicorp/kubernetes", "~> 3.2"), requirement("siderolabs/talos", "0.11.0", "0.10.0")]),
    );
    expect(plan.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["validate/missing-provider-schema", 'the tree requires "registry.terraform.io/hashicorp/kubernetes", which is not in the provider schemas'],
      ["validate/version-conflict", 'no version of "registry.terraform.io/siderolabs/talos" meets all of the tree\'s constraints: 0.11.0, 0.10.0'],
    ]);
  });
});

describe("writeMirror", () => {
  const dir = tempDir("mirror");
  afterAll(dir.remove);

  it("writes one executable wrapper per provider and host, in the unpacked layout", async () => {
    const root = join(dir.path, "mirror");
    const executables = await writeMirror(
      {
        root,
        schemaDir: join(dir.path, "schemas"),
        platform: "linux_amd64",
        nodePath: "/usr/bin/node",
        stubScript: "/opt/it's/stub.mjs",
      },
      [
        {
          provider: provider("siderolabs/talos"),
          hosts: ["registry.terraform.io", "registry.opentofu.org"],
          version: "0.11.0",
        },
      ],
    );
    expect(listTree(root).filter((p) => p.endsWith("_v0.11.0"))).toEqual([
      "registry.opentofu.org/siderolabs/talos/0.11.0/linux_amd64/terraform-provider-talos_v0.11.0",
      "registry.terraform.io/siderolabs/talos/0.11.0/linux_amd64/terraform-provider-talos_v0.11.0",
    ]);
    for (const executable of executables) {
      expect(statSync(executable).mode & 0o777).toBe(0o755);
      const wrapper = readFileSync(executable, "utf8");
      expect(wrapper).toMatch(
        /^#!\/bin\/sh\nunset NODE_OPTIONS NODE_EXTRA_CA_CERTS\nexec '\/usr\/bin\/node' '\/opt\/it'\\''s\/stub\.mjs' '.*registry\.terraform\.io__siderolabs__talos\.json'\n$/,
      );
    }
    const schemaFile = JSON.parse(readFileSync(join(dir.path, "schemas", "registry.terraform.io__siderolabs__talos.json"), "utf8"));
    expect(schemaFile).toEqual({ address: "registry.terraform.io/siderolabs/talos", schema: {} });
  });
});

describe("install forms", () => {
  it("cli-config puts the mirror in provider_installation; plugin-dir passes it to init", () => {
    expect(cliConfig("cli-config", "/tmp/m")).toBe('disable_checkpoint = true\nprovider_installation {\n  filesystem_mirror {\n    path = "/tmp/m"\n  }\n}\n');
    expect(initArgs("cli-config", "/tmp/m")).toEqual([]);
    expect(cliConfig("plugin-dir", "/tmp/m")).toBe("disable_checkpoint = true\n");
    expect(initArgs("plugin-dir", "/tmp/m")).toEqual(["-plugin-dir=/tmp/m"]);
  });

  it("names platforms the way Terraform does", () => {
    expect(goPlatform("linux", "x64")).toBe("linux_amd64");
    expect(goPlatform("darwin", "arm64")).toBe("darwin_arm64");
    expect(goPlatform("win32", "x64")).toBeUndefined();
  });
});
