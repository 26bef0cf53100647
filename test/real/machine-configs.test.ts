/**
 * Real machine configurations: every golden tree is applied under the real OpenTofu with the
 * provider doubles (test/real/workspace.ts), so each node's configuration is what the
 * siderolabs/talos provider would send it (its talos_machine_configuration data source plus
 * the apply resource's config_patches, all computed by OpenTofu from the tree). Each one must
 * pass Talos's own validation in the runtime mode of the node's platform, strictly, with the
 * machinery of the Talos minor the tree installs (v1.13.9; v1.14.1 for v1.14), and a
 * v1.13 tree's with v1.14's too, which an upgrade of Talos leaves them to. Strictly means every
 * warning fails, but for the deprecations the v1.13 contract cannot avoid
 * (V1_13_CONTRACT_DEPRECATIONS). The reference tree's configurations are kept in rendered/, secrets blanked, so a
 * reviewer sees exactly what a node receives (`npm run update` rewrites them).
 */
import { parse, parseAllDocuments } from "yaml";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FAKE_HCLOUD_TOKEN, startFakeHcloudApi, type FakeHcloudApi } from "./fake-hcloud-api.js";
import { RUNNING_VMS_ENV } from "./fake-proxmox-api.js";
import { ROOT } from "../golden-corpus.js";
import { renderedFiles } from "./redact.js";
import { CONTROL_PLANE_ONLY_IN_V1_14, NEW_IN_V1_14, REPLACES_A_V1ALPHA1_FIELD } from "../../src/catalog/talos-document-kinds.js";
import { OWNED_FIELDS } from "../../src/spec/rules/patch-fields.js";
import { isConflict, kindRefusals, refusedConfigurations, validateConfigurations } from "./talos-validate.js";
import { describeWithTools } from "./tools.js";
import { realTrees } from "./trees.js";
import { fakeSecret, makeMirrors, specSecretVariables, Workspace } from "./workspace.js";

import { REFERENCE } from "./trees.js";

describeWithTools("every node's final machine configuration passes Talos's own validation", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-configs-"));
  afterAll(() => {
    if (process.env["TALOS_HCLGEN_KEEP_WORK"] === "1") console.warn(`kept: ${work}`);
    else rmSync(work, { recursive: true, force: true });
  });
  const mirrors = makeMirrors(tools, work);
  let hcloudApi: FakeHcloudApi;
  beforeAll(async () => {
    hcloudApi = await startFakeHcloudApi();
  });
  afterAll(async () => {
    await hcloudApi.close();
    expect(hcloudApi.unexpected, "Hetzner API calls a plan made that the fake API does not serve").toEqual([]);
  });

  for (const tree of realTrees()) {
    it(`${tree.name} (${tree.mode} mode)`, async () => {
      const workspace = new Workspace(tools, mirrors, join(work, tree.name), {
        TESTKIT_DHCP_CIDR: tree.cidr,
        HCLOUD_ENDPOINT: hcloudApi.endpoint,
        TESTKIT_HCLOUD_NETWORKS: hcloudApi.networks,
        TESTKIT_HCLOUD_SUBNETS: hcloudApi.subnets,
        TESTKIT_HCLOUD_FLOATING_IPS: hcloudApi.floatingIps,
        TESTKIT_HCLOUD_SERVERS: hcloudApi.servers,
        TESTKIT_PROXMOX_VMS: RUNNING_VMS_ENV,
      });
      await workspace.write(tree.files);
      await workspace.applyChecked();
      const configs = workspace.machineConfigurations();
      expect(configs.size).toBeGreaterThan(0);
      const problems = await refusedConfigurations(tools, join(work, tree.name, "configs"), configs, tree.mode, tree.talos);
      expect(problems, problems.map((p) => `${p.node}: ${p.error} ${p.warnings.join("; ")}`).join("\n")).toEqual([]);
      // A Talos upgrade keeps a node's configuration (the tree keeps its contract): every v1.13
      // tree's configurations must pass Talos v1.14's validation too, strictly, so that
      // `talosctl upgrade` to v1.14 finds nothing it refuses.
      if (tree.talos === "v1.13") {
        const refused = await refusedConfigurations(tools, join(work, tree.name, "configs-v1.14"), configs, tree.mode, "v1.14");
        expect(refused, refused.map((p) => `Talos v1.14: ${p.node}: ${p.error} ${p.warnings.join("; ")}`).join("\n")).toEqual([]);
      }
      // Every secret the spec names reaches a node through its sensitive variable, and no file
      // of the tree holds it.
      for (const name of specSecretVariables(tree.files)) {
        const holders = [...configs].filter(([, text]) => text.includes(fakeSecret(name))).map(([node]) => node);
        expect(holders, `the secret variable ${name} reaches no node`).not.toEqual([]);
        expect(tree.files.filter((file) => file.contents.includes(fakeSecret(name))).map((file) => file.path)).toEqual([]);
      }

      // The cluster's own Hetzner token (floating IP VIP), never OpenTofu's, is what the
      // control planes hold (review v2 m6): the one tofu uses stays out of every configuration.
      for (const [node, text] of configs) expect(text.includes(FAKE_HCLOUD_TOKEN), `${node} holds OpenTofu's Hetzner token`).toBe(false);
      if (
        tree.files.some((file) => file.path === "variables.tf" && file.contents.includes('variable "hcloud_cluster_token"')) &&
        tree.name.includes("floating")
      ) {
        const holders = [...configs].filter(([, text]) => text.includes(fakeSecret("hcloud_cluster_token"))).map(([node]) => node);
        expect(holders.length, "the cluster's token reaches the control planes' VIP").toBeGreaterThan(0);
      }

      // A node of a class with a schematic of its own installs that schematic's installer: its
      // image differs from the cluster's, and every node of one schematic installs the same.
      const installImages = new Map([...configs].map(([node, text]) => [node, /^\s+install:\n(?:\s+\S.*\n)*?\s+image: (\S+)$/m.exec(text)?.[1]]));
      expect(
        [...installImages].filter(([, image]) => image === undefined).map(([node]) => node),
        "nodes without machine.install.image",
      ).toEqual([]);
      const bySchematic = new Map<string, Set<string | undefined>>();
      const spec = parse(readFileSync(join(ROOT, "fixtures", tree.name, "spec.yaml"), "utf8")) as {
        spec: {
          nodes: Array<{ name: string; role: string; class?: string; gone?: boolean }>;
          addons?: { charts?: Array<{ name: string; mode?: string }> };
          kubernetes?: { podSubnets?: string[] };
          cni?: { cilium?: { mode?: string } };
          talos?: { schematic?: { overlay?: { name: string }; meta?: unknown } };
          nodeClasses?: Record<string, { schematic?: { overlay?: { name: string }; meta?: unknown } }>;
          platform: {
            metal?: { boot?: { secureBoot?: boolean } };
            proxmox?: { secureBoot?: boolean };
            hcloud?: { firewallIds?: number[]; firewallRules?: Array<{ description: string; protocol: string; port?: string; sources: string[] }> };
          };
        };
      };
      // Secure Boot machines install the factory's Secure Boot installer (and only they do).
      const secureBoot = spec.spec.platform.metal?.boot?.secureBoot === true || spec.spec.platform.proxmox?.secureBoot === true;
      for (const [node, image] of installImages) expect(image?.includes("-installer-secureboot/"), `${node} installs ${image}`).toBe(secureBoot);
      // Proxmox Secure Boot: every VM boots OVMF in setup mode with a virtual TPM 2.0, from the
      // factory's signed image; other Proxmox trees download the plain one and have no TPM.
      if (spec.spec.platform.proxmox !== undefined) {
        const resources = workspace.readState().resources;
        for (const vm of resources.filter((r) => r.type === "proxmox_virtual_environment_vm").flatMap((r) => r.instances)) {
          const attributes = vm.attributes as { bios: string; tpm_state: Array<{ version: string }>; efi_disk: Array<{ pre_enrolled_keys: boolean }> };
          expect(attributes.tpm_state.map((t) => t.version)).toEqual(secureBoot ? ["v2.0"] : []);
          if (secureBoot) {
            expect(attributes.bios).toBe("ovmf");
            expect(attributes.efi_disk.map((e) => e.pre_enrolled_keys)).toEqual([false]);
          }
        }
        const downloads = resources.filter((r) => r.type === "proxmox_download_file").flatMap((r) => r.instances.map((i) => String(i.attributes["url"])));
        expect(downloads.length).toBeGreaterThan(0);
        for (const url of downloads) expect(url.endsWith("-secureboot.raw.gz"), url).toBe(secureBoot);
      }
      // A gone node has no configuration: the tree only removes it.
      for (const node of spec.spec.nodes.filter((n) => n.gone !== true)) {
        const key = node.class !== undefined && spec.spec.nodeClasses?.[node.class]?.schematic !== undefined ? node.class : "";
        bySchematic.set(key, (bySchematic.get(key) ?? new Set()).add(installImages.get(node.name)));
      }
      for (const [schematic, images] of bySchematic) expect(images.size, `nodes of schematic "${schematic}" install one image`).toBe(1);
      if (bySchematic.size > 1) {
        const distinct = new Set([...bySchematic.values()].map((images) => [...images][0]));
        expect(distinct.size, "each schematic has its own installer").toBe(bySchematic.size);
      }

      // What each image is made of reaches the image factory: the board overlays and META values
      // the spec gives are in the schematics the tree posts, and no other schematic has any.
      const posted = workspace
        .readState()
        .resources.filter((r) => r.type === "talos_image_factory_schematic")
        .flatMap((r) =>
          r.instances.map((i) => parse(String(i.attributes["schematic"])) as { overlay?: { name: string }; customization?: { meta?: Array<{ key: number }> } }),
        );
      const specOverlays = [spec.spec.talos?.schematic, ...Object.values(spec.spec.nodeClasses ?? {}).map((c) => c.schematic)].flatMap((x) =>
        x?.overlay === undefined ? [] : [x.overlay.name],
      );
      expect([...new Set(posted.flatMap((p) => (p.overlay === undefined ? [] : [p.overlay.name])))].sort()).toEqual([...new Set(specOverlays)].sort());
      const specMeta = [spec.spec.talos?.schematic, ...Object.values(spec.spec.nodeClasses ?? {}).map((c) => c.schematic)].some((x) => x?.meta !== undefined);
      expect(posted.some((p) => p.customization?.meta !== undefined)).toBe(specMeta);

      // The spec's inline charts reach every control plane as inline manifests, by their names;
      // a helm-release chart never does (its release installs it).
      const inlineManifests = (text: string): Array<{ name: string; contents: string }> =>
        parseAllDocuments(text).flatMap(
          (document) =>
            (document.toJS() as { cluster?: { inlineManifests?: Array<{ name: string; contents: string }> } } | null)?.cluster?.inlineManifests ?? [],
        );
      for (const node of spec.spec.nodes.filter((n) => n.role === "controlplane" && n.gone !== true)) {
        const manifests = inlineManifests(configs.get(node.name) ?? "");
        const names = manifests.map((m) => m.name);
        for (const chart of spec.spec.addons?.charts ?? [])
          expect(names.includes(`chart-${chart.name}`), `${node.name}: inline manifest of chart ${chart.name}`).toBe(chart.mode === "inline");
        // An IPv6 pod subnet turns on the agent's IPv6 in the chart Cilium renders (cilium-config enable-ipv6).
        const cilium = manifests.find((m) => m.name === "cilium");
        if (spec.spec.cni?.cilium !== undefined && (spec.spec.cni.cilium.mode ?? "inline") === "inline") {
          const ipv6 = (spec.spec.kubernetes?.podSubnets ?? []).some((s) => s.includes(":"));
          expect(/\benable-ipv6: "(true|false)"/.exec(cilium?.contents ?? "")?.[1], `${node.name}: cilium-config enable-ipv6`).toBe(String(ipv6));
        }
      }

      // Hetzner Cloud with class images: the real provider's snapshot lookups (from the fake API,
      // which labels a class image's snapshot talos-image=<image>) find each class image's
      // snapshot, and the cluster's own is the one without that label.
      if (spec.spec.platform.hcloud !== undefined && Object.values(spec.spec.nodeClasses ?? {}).some((c) => c.schematic !== undefined)) {
        const { plan, run } = await workspace.planReal([], { show: "always" });
        expect(run.exitCode, run.stderr).toBe(0);
        type Module = {
          resources?: Array<{ mode: string; type: string; name: string; index?: string; values: { labels?: Record<string, string>; architecture?: string } }>;
          child_modules?: Module[];
        };
        const all = (m: Module | undefined): NonNullable<Module["resources"]> => [...(m?.resources ?? []), ...(m?.child_modules ?? []).flatMap(all)];
        const lookups = all((plan as { prior_state?: { values?: { root_module?: Module } } }).prior_state?.values?.root_module).filter(
          (r) => r.mode === "data" && r.type === "hcloud_image",
        );
        expect(lookups.some((r) => r.name === "class")).toBe(true);
        for (const lookup of lookups) {
          expect(lookup.values.labels?.["talos-image"], `${lookup.type}.${lookup.name}[${lookup.index ?? ""}]`).toBe(
            lookup.name === "class" ? String(lookup.index).replace(/-arm$/, "") : undefined,
          );
          // An Arm (cax) server's snapshot is an arm one: a class image's too (key <image>-arm).
          const arm = lookup.name === "talos_arm" || (lookup.name === "class" && String(lookup.index).endsWith("-arm"));
          expect(lookup.values.architecture, `${lookup.type}.${lookup.name}[${lookup.index ?? ""}]`).toBe(arm ? "arm" : "x86");
        }
      }

      // The spec's own Hetzner firewall rules are rules of the servers' firewall, inbound, as given.
      const hcloudRules = spec.spec.platform.hcloud?.firewallRules;
      if (hcloudRules !== undefined) {
        const firewall = workspace.readState().resources.find((r) => r.type === "hcloud_firewall" && r.mode === "managed");
        const rules = (firewall?.instances[0]?.attributes["rule"] ?? []) as Array<{
          description: string;
          direction: string;
          protocol: string;
          port: string | null;
          source_ips: string[];
        }>;
        for (const rule of hcloudRules) {
          expect(rules, `firewall rule ${rule.description}`).toContainEqual(
            expect.objectContaining({
              description: rule.description,
              direction: "in",
              protocol: rule.protocol,
              port: rule.port ?? null,
              source_ips: [...rule.sources].sort(),
            }),
          );
        }
      }

      // The project's existing firewalls: the real provider reads each one (from the fake API)
      // and every server's plan has them beside the tree's own firewall.
      const extraFirewalls = spec.spec.platform.hcloud?.firewallIds;
      if (extraFirewalls !== undefined) {
        const { plan, run } = await workspace.planReal([], { show: "always" });
        expect(run.exitCode, run.stderr).toBe(0);
        type Module = { resources?: Array<{ mode: string; type: string; index?: string; values: { name?: string } }>; child_modules?: Module[] };
        const all = (m: Module | undefined): NonNullable<Module["resources"]> => [...(m?.resources ?? []), ...(m?.child_modules ?? []).flatMap(all)];
        const read = all((plan as { prior_state?: { values?: { root_module?: Module } } }).prior_state?.values?.root_module).filter(
          (r) => r.mode === "data" && r.type === "hcloud_firewall",
        );
        // The fake API's firewall 31337 is named "baseline" (test/real/fake-hcloud-api.ts).
        expect(read.map((r) => [r.index, r.values.name])).toEqual(extraFirewalls.map((id) => [String(id), "baseline"]));
        const state = workspace
          .readState()
          .resources.filter((r) => r.type === "hcloud_server")
          .flatMap((r) => r.instances);
        expect(state.length).toBe(spec.spec.nodes.filter((n) => n.gone !== true).length);
        for (const server of state) {
          const ids = (server.attributes["firewall_ids"] as number[]).map(Number);
          expect(ids.length, "the tree's firewall and the existing ones").toBe(1 + extraFirewalls.length);
          for (const id of extraFirewalls) expect(ids).toContain(id);
        }
      }

      if (tree.name === REFERENCE) {
        const dir = join(ROOT, "rendered", REFERENCE);
        const rendered = renderedFiles(configs);
        expect(existsSync(dir), "rendered/ha-proxmox is missing: npm run update").toBe(true);
        expect(readdirSync(dir).sort()).toEqual([...rendered.keys()].sort());
        for (const [file, text] of rendered) expect(text, `rendered/${REFERENCE}/${file}`).toBe(readFileSync(join(dir, file), "utf8"));
      }

      // Every v1alpha1 field the spec rule spec/patch-field-conflict refuses in a raw patch
      // (OWNED_FIELDS) makes Talos refuse a configuration of the tree that has the document, on
      // v1.13 and v1.14: the reference tree has HostnameConfig, ResolverConfig and
      // TimeSyncConfig; hcloud-kubespan has KubeSpanConfig.
      const owned = OWNED_FIELDS.filter((field) =>
        tree.name === REFERENCE ? field.document !== "KubeSpanConfig" : tree.name === "hcloud-kubespan" && field.document === "KubeSpanConfig",
      );
      if (owned.length > 0) {
        const kinds = new Set(owned.map((field) => field.document));
        const [, text] =
          [...configs].find(([, config]) => [...kinds].every((kind) => kind === "HostnameConfig" || new RegExp(`^kind: ${kind}$`, "m").test(config))) ?? [];
        expect(text, `a configuration with ${[...kinds].join(", ")}`).toBeDefined();
        const samples: Record<string, unknown> = {
          hostname: "probe",
          stableHostname: true,
          nameservers: ["192.0.2.53"],
          searchDomains: ["probe.example"],
          disableSearchDomain: true,
          servers: ["time.example"],
          disabled: true,
          bootTimeout: "2m",
          kubespan: { enabled: true },
        };
        const trials = new Map(
          owned.map((field) => {
            const documents = parseAllDocuments(text ?? "");
            const value = samples[field.path.at(-1) ?? ""];
            expect(field.isSet(value), field.path.join(".")).toBe(true);
            documents[0]?.setIn(field.path, value);
            return [field.path.join("."), documents.map((document) => document.toString()).join("")];
          }),
        );
        for (const minor of ["v1.13", "v1.14"] as const) {
          const verdicts = await validateConfigurations(tools, join(work, tree.name, `owned-${minor}`), trials, tree.mode, minor, { strict: false });
          expect(verdicts.filter((v) => v.valid || !isConflict(v.error)).map((v) => `${minor} ${v.node}: ${v.error}`)).toEqual([]);
        }
      }

      // And machine.systemDiskEncryption.state beside the encrypted STATE VolumeConfig that
      // metal-secureboot's control planes have (the rule's disk-encryption half).
      if (tree.name === "metal-secureboot") {
        const [, text] = [...configs].find(([, config]) => /^kind: VolumeConfig\nname: STATE\nencryption:/m.test(config)) ?? [];
        expect(text, "a configuration with an encrypted STATE").toBeDefined();
        const documents = parseAllDocuments(text ?? "");
        documents[0]?.setIn(["machine", "systemDiskEncryption", "state"], { provider: "luks2", keys: [{ slot: 0, tpm: {} }] });
        const trial = new Map([["system-disk-encryption", documents.map((document) => document.toString()).join("")]]);
        for (const minor of ["v1.13", "v1.14"] as const) {
          const [verdict] = await validateConfigurations(tools, join(work, tree.name, `encryption-${minor}`), trial, tree.mode, minor, { strict: false });
          expect(verdict?.error, minor).toContain('system disk encryption for "STATE" is configured in both v1alpha1.Config and VolumeConfig');
        }
      }

      // Talos v1.14 validates with its own machinery: the document the v1.14 contract would
      // make the provider generate (KubeAPIServerConfig) is refused beside the v1alpha1 field
      // the tree sets, which is why its trees keep the v1.13 contract (src/catalog/defaults.ts).
      if (tree.talos === "v1.14") {
        const [node, text] = [...configs].find(([, config]) => /^\s+apiServer:/m.test(config)) ?? [];
        expect(node, "a control plane with cluster.apiServer").toBeDefined();
        const withDocument = new Map([
          [`${node}-kube-apiserver-config`, `${text}---\napiVersion: v1alpha1\nkind: KubeAPIServerConfig\nimage: registry.k8s.io/kube-apiserver:v1.36.3\n`],
        ]);
        const [verdict] = await validateConfigurations(tools, join(work, tree.name, "conflict"), withDocument, tree.mode, tree.talos);
        expect(verdict?.error).toContain("kube-apiserver config is already set in v1alpha1 config (.cluster.apiServer)");

        // Among every kind new in v1.14: the kinds the spec rule spec/patch-kind-conflict
        // refuses in a raw patch (REPLACES_A_V1ALPHA1_FIELD) are exactly those Talos refuses
        // beside a control plane's or a worker's configuration of the tree, and those
        // spec/patch-kind-control-plane-only keeps off workers (CONTROL_PLANE_ONLY_IN_V1_14)
        // exactly those it refuses on a worker.
        const byRole = new Map<string, string>();
        for (const [, config] of configs) {
          const role = /^ {4}type: (controlplane|worker)$/m.exec(config)?.[1];
          if (role !== undefined && !byRole.has(role)) byRole.set(role, config);
        }
        expect([...byRole.keys()].sort()).toEqual(["controlplane", "worker"]);
        const refused = await kindRefusals(tools, join(work, tree.name, "kinds"), byRole, NEW_IN_V1_14, tree.mode, tree.talos);
        expect([...refused.conflicting].sort()).toEqual([...REPLACES_A_V1ALPHA1_FIELD.keys()].sort());
        expect([...refused.controlPlaneOnly].sort()).toEqual([...CONTROL_PLANE_ONLY_IN_V1_14].sort());
      }
    });
  }
});
