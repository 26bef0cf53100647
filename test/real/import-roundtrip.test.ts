/**
 * The talhelper import, round trip: each talconfig of the import corpus (test/import/talhelper/,
 * written from talhelper's documentation and examples) that imports whole is built, applied
 * with the provider doubles under the real OpenTofu, and every node's final configuration goes
 * through Talos's own validation (metal mode, the Talos minor it installs). Then what talhelper's
 * documented behaviour puts into each node's configuration (talhelper pkg/generate, pkg/talos)
 * is looked for in the node's, field by field: its labels, install disk, nameservers, bonds,
 * VLANs, WireGuard devices and user volumes, and one image per distinct schematic.
 */
import { parse, parseAllDocuments } from "yaml";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { compile } from "../../src/index.js";
import { importTalhelper } from "../../src/import/talhelper/index.js";
import { ROOT } from "../golden-corpus.js";
import { listImportCases } from "../import-corpus.js";
import { refusedConfigurations, talosMinor } from "./talos-validate.js";
import { describeWithTools } from "./tools.js";
import { makeMirrors, Workspace } from "./workspace.js";

type Map_ = Record<string, unknown>;
const isMap = (value: unknown): value is Map_ => value !== null && typeof value === "object" && !Array.isArray(value);

interface TalNode {
  hostname: string;
  controlPlane?: boolean;
  installDisk?: string;
  nameservers?: string[];
  nodeLabels?: Record<string, string>;
  schematic?: unknown;
  userVolumes?: Array<{ name: string }>;
  networkInterfaces?: Array<{ interface?: string; bond?: unknown; wireguard?: unknown; vlans?: Array<{ vlanId: number }> }>;
}

/** Every case that imports whole into a spec that builds. */
function roundTrips(): Array<{ name: string; talconfig: Map_; specText: string }> {
  return listImportCases().flatMap((name) => {
    const folder = join(ROOT, "test", "import", "talhelper", name);
    const file = `test/import/talhelper/${name}/talconfig.yaml`;
    const text = readFileSync(join(ROOT, file), "utf8");
    const result = importTalhelper(text, file, (path) => {
      try {
        return readFileSync(join(folder, path), "utf8");
      } catch {
        return undefined;
      }
    });
    if (!result.complete || result.specText === undefined) return [];
    if (compile(result.specText, { specPath: "spec.yaml" }).diagnostics.some((d) => d.severity === "error")) return [];
    return [{ name, talconfig: parse(text) as Map_, specText: result.specText }];
  });
}

/** A talhelper schematic as the image it makes: the factory sorts the extensions (its id is a hash of them). */
function imageKey(schematic: unknown): string {
  const value = isMap(schematic) ? schematic : {};
  const customization = isMap(value["customization"]) ? value["customization"] : {};
  const system = isMap(customization["systemExtensions"]) ? customization["systemExtensions"] : {};
  const extensions = Array.isArray(system["officialExtensions"]) ? [...(system["officialExtensions"] as string[])].sort() : [];
  return JSON.stringify({ extensions, args: customization["extraKernelArgs"] ?? [], overlay: value["overlay"] ?? null, meta: customization["meta"] ?? [] });
}

function documents(text: string): Map_[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as unknown)
    .filter(isMap);
}

describeWithTools("talconfigs written from talhelper's docs: import, build, Talos's validation, talhelper's fields in each node", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-import-roundtrip-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const mirrors = makeMirrors(tools, work);
  const cases = roundTrips();

  it("has talconfigs that import whole", () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
  });

  for (const { name, talconfig, specText } of cases) {
    it(name, async () => {
      const built = compile(specText, { specPath: "spec.yaml" });
      const spec = parse(specText) as { spec: { network: { cidr: string }; talos?: { version?: string } } };
      const workspace = new Workspace(tools, mirrors, join(work, name), { TESTKIT_DHCP_CIDR: spec.spec.network.cidr });
      await workspace.write(built.files);
      await workspace.applyChecked();
      const configs = workspace.machineConfigurations();
      const talos = talosMinor(spec.spec.talos?.version ?? "v1.13.9");
      const refused = await refusedConfigurations(tools, join(work, name, "configs"), configs, "metal", talos);
      expect(refused, refused.map((p) => `${p.node}: ${p.error} ${p.warnings.join("; ")}`).join("\n")).toEqual([]);

      const groups = { controlplane: (talconfig["controlPlane"] ?? {}) as Map_, worker: (talconfig["worker"] ?? {}) as Map_ };
      const nodes = (talconfig["nodes"] ?? []) as TalNode[];
      const images = new Map<string, Set<string>>();
      for (const node of nodes) {
        const text = configs.get(node.hostname);
        expect(text, `${node.hostname} is a node of the tree`).toBeDefined();
        const docs = documents(text ?? "");
        const v1alpha1 = docs.find((d) => d["version"] === "v1alpha1") ?? {};
        const machine = (v1alpha1["machine"] ?? {}) as Map_;
        const group = node.controlPlane === true ? groups.controlplane : groups.worker;
        // Labels: the group's, then the node's (talhelper mergeNodeConfigs: the node's win).
        const labels = { ...((group["nodeLabels"] ?? {}) as Record<string, string>), ...(node.nodeLabels ?? {}) };
        for (const [key, value] of Object.entries(labels)) {
          if (value.includes("{{")) continue;
          expect((machine["nodeLabels"] as Map_ | undefined)?.[key], `${node.hostname}: label ${key}`).toBe(value);
        }
        if (node.installDisk !== undefined) expect((machine["install"] as Map_ | undefined)?.["disk"], `${node.hostname}: install disk`).toBe(node.installDisk);
        if (node.nameservers !== undefined) {
          const resolver = docs.find((d) => d["kind"] === "ResolverConfig");
          const addresses = ((resolver?.["nameservers"] ?? []) as Array<{ address: string }>).map((n) => n.address);
          expect(addresses, `${node.hostname}: nameservers`).toEqual(node.nameservers);
        }
        for (const device of node.networkInterfaces ?? []) {
          if (device.bond !== undefined)
            expect(
              docs.some((d) => d["kind"] === "BondConfig" && d["name"] === device.interface),
              `${node.hostname}: bond ${device.interface}`,
            ).toBe(true);
          if (device.wireguard !== undefined)
            expect(
              docs.some((d) => d["kind"] === "WireguardConfig" && d["name"] === device.interface),
              `${node.hostname}: wireguard ${device.interface}`,
            ).toBe(true);
          for (const vlan of device.vlans ?? [])
            expect(
              docs.some((d) => d["kind"] === "VLANConfig" && d["vlanID"] === vlan.vlanId),
              `${node.hostname}: VLAN ${vlan.vlanId}`,
            ).toBe(true);
        }
        for (const volume of [...((group["userVolumes"] ?? []) as Array<{ name: string }>), ...(node.userVolumes ?? [])])
          expect(
            docs.some((d) => d["kind"] === "UserVolumeConfig" && d["name"] === volume.name),
            `${node.hostname}: user volume ${volume.name}`,
          ).toBe(true);
        // One installer per distinct talhelper image: the node's schematic, else its group's.
        const image = imageKey(node.schematic ?? group["schematic"]);
        const installer = String((machine["install"] as Map_ | undefined)?.["image"] ?? "");
        images.set(image, new Set([...(images.get(image) ?? []), installer]));
      }
      for (const [image, installers] of images) expect(installers.size, `one installer for ${image}`).toBe(1);
      const all = [...images.values()].flatMap((s) => [...s]);
      expect(new Set(all).size, "a different installer for each different image").toBe(images.size);
    });
  }
});
