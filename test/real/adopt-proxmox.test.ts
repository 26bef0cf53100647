/**
 * Adoption of running Proxmox VMs with the real OpenTofu and the real bpg/proxmox provider,
 * against a fake Proxmox VE API serving the VMs a hand-made cluster left running
 * (fake-proxmox-api.ts RUNNING_VMS). The tree built from fixtures/adopt-proxmox must import
 * every running VM, create only the new worker's, and change nothing on a running VM that
 * replaces it or needs it rebooted.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { compile } from "../../src/index.js";
import { ROOT } from "../golden-corpus.js";
import { RUNNING_VMS, RUNNING_VMS_ENV, startFakeProxmoxApi, type FakeProxmoxApi } from "./fake-proxmox-api.js";
import { validateConfigurations } from "./talos-validate.js";
import { describeWithTools } from "./tools.js";
import { changesOf, describeChanges, importsOf, makeMirrors, Workspace, type Mirrors, type ResourceChange } from "./workspace.js";

const SPEC = readFileSync(join(ROOT, "fixtures", "adopt-proxmox", "spec.yaml"), "utf8");
const ISO_SPEC = readFileSync(join(ROOT, "fixtures", "adopt-proxmox-iso", "spec.yaml"), "utf8");
const VM = (node: string): string => `module.nodes.proxmox_virtual_environment_vm.this["${node}"]`;
const ADOPTED: Readonly<Record<string, string>> = { "cp-1": "pve-a/501", "cp-2": "pve-b/502", "cp-3": "pve-a/503", "wk-1": "pve-b/511" };

/**
 * What may change on a running VM: its name, description and tags are set without a reboot,
 * and stop_on_destroy is the provider's own (bpg/proxmox vm.go vmUpdate sets rebootRequired
 * for none of them; every hardware or cloud-init change sets it, and the provider then
 * reboots the VM: reboot_after_update defaults to true).
 */
const WITHOUT_REBOOT = new Set(["name", "description", "tags", "stop_on_destroy"]);

/** The tree's provider, pointed at the fake API (an override file: docs, override files). */
function providerOverride(api: FakeProxmoxApi): string {
  return `provider "proxmox" {\n  endpoint = "${api.endpoint}"\n  insecure = true\n}\n`;
}

/** The attributes whose values differ between before and after, by name. */
function changedAttributes(change: ResourceChange | undefined): string[] {
  const before = (change?.change.before ?? {}) as Record<string, unknown>;
  const after = (change?.change.after ?? {}) as Record<string, unknown>;
  const unknown = (change?.change.after_unknown ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => unknown[key] === true || JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .sort();
}

/** A running VM's planned change: an update in place, of nothing that reboots it. */
function expectUpdatedWithoutReboot(byAddress: ReadonlyMap<string, ResourceChange>, node: string): ResourceChange | undefined {
  const change = byAddress.get(VM(node));
  expect(change?.change.actions, node).toEqual(["update"]);
  expect(
    changedAttributes(change).filter((key) => !WITHOUT_REBOOT.has(key)),
    node,
  ).toEqual([]);
  return change;
}

describeWithTools("adoption on Proxmox: running VMs are imported, never created, replaced or rebooted", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-adopt-proxmox-"));
  let mirrors: Mirrors;
  let api: FakeProxmoxApi;
  beforeAll(async () => {
    mirrors = makeMirrors(tools, join(work, "mirrors"));
    api = await startFakeProxmoxApi();
  });
  afterAll(async () => {
    await api.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("imports each running VM; creates only the new worker's", async () => {
    const result = compile(SPEC, { specPath: "spec.yaml" });
    expect(result.diagnostics).toEqual([]);
    const adopt = new Workspace(tools, mirrors, join(work, "adopt"), { TESTKIT_PROXMOX_VMS: RUNNING_VMS_ENV });
    await adopt.write(result.files, { override: providerOverride(api) });
    const { plan, run } = await adopt.planReal();
    expect(run.exitCode, run.stderr).toBe(0);
    expect(importsOf(plan)).toEqual({
      ...Object.fromEntries(Object.entries(ADOPTED).map(([node, id]) => [VM(node), id])),
      "module.cluster.talos_machine_secrets.this": expect.stringMatching(/secrets\.yaml$/),
    });
    const described = describeChanges(changesOf(plan));
    expect(described.filter((c) => /^(destroy|replace) /.test(c))).toEqual([]);
    // The new worker's VM is the only one made.
    expect(described.filter((c) => c.startsWith("create module.nodes.proxmox_virtual_environment_vm."))).toEqual([`create ${VM("wk-2")}`]);
    // Each running VM is updated in place, and only where no reboot follows.
    const byAddress = new Map<string, ResourceChange>((plan.resource_changes ?? []).map((c) => [c.address, c]));
    for (const [node, id] of Object.entries(ADOPTED)) {
      const change = expectUpdatedWithoutReboot(byAddress, node);
      const running = RUNNING_VMS.find((vm) => `${vm.node}/${vm.vmid}` === id);
      expect((change?.change.before as { name?: string }).name, node).toBe(running?.name);
      expect((change?.change.after as { name?: string }).name, node).toBe(node);
    }
    expect(api.unexpected, "Proxmox API calls the plan made that the fake API does not serve").toEqual([]);
    // Applied (the doubles stand in for the clouds) and reconciled with the real provider: the
    // adopted machines settle, and a later edit (one more label on every node) plans no create,
    // replacement or destroy of any of them.
    await adopt.applyWithDoubles();
    await adopt.reconcile();
    const later = compile(
      SPEC.replace("  nodes:\n", "  nodes:\n").replace(/(class: (?:control_plane|controlplane|worker),)/g, '$1 labels: { adopted: "yes" },'),
      { specPath: "spec.yaml" },
    );
    expect(later.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    await adopt.write(later.files, { override: providerOverride(api) });
    const edited = await adopt.planReal();
    expect(edited.run.exitCode, edited.run.stderr).toBe(0);
    expect(describeChanges(changesOf(edited.plan)).filter((c) => !c.startsWith("update "))).toEqual([]);
    expect(describeChanges(changesOf(edited.plan)).filter((c) => c.startsWith("update module.cluster.talos_machine.")).length).toBe(5);
  }, 300_000);

  // VMs installed from the metal ISO have no cloud-init drive: their addresses live in their
  // Talos configuration only. The tree must leave the VMs without one (adding it reboots the
  // VM), and send each node a configuration that keeps its address on the NIC with its MAC.
  it("takes over VMs installed from the metal ISO: no cloud-init drive, each address kept in the node's configuration", async () => {
    const result = compile(ISO_SPEC, { specPath: "spec.yaml" });
    expect(result.diagnostics).toEqual([]);
    const iso = RUNNING_VMS.filter((vm) => vm.installedFrom === "iso");
    const adopted = Object.fromEntries(iso.map((vm) => [vm.name.replace("talos-iso-", ""), vm]));
    const adopt = new Workspace(tools, mirrors, join(work, "adopt-iso"), { TESTKIT_PROXMOX_VMS: RUNNING_VMS_ENV });
    await adopt.write(result.files, { override: providerOverride(api) });
    const { plan, run } = await adopt.planReal();
    expect(run.exitCode, run.stderr).toBe(0);
    expect(importsOf(plan)).toEqual({
      ...Object.fromEntries(Object.entries(adopted).map(([node, vm]) => [VM(node), `${vm.node}/${vm.vmid}`])),
      "module.cluster.talos_machine_secrets.this": expect.stringMatching(/secrets\.yaml$/),
    });
    const described = describeChanges(changesOf(plan));
    expect(described.filter((c) => /^(destroy|replace) /.test(c) || c.startsWith("create module.nodes.proxmox_virtual_environment_vm."))).toEqual([]);
    const byAddress = new Map<string, ResourceChange>((plan.resource_changes ?? []).map((c) => [c.address, c]));
    for (const node of Object.keys(adopted)) {
      // Nothing that reboots the VM: no cloud-init drive added, the CD drive and boot order as they are.
      const change = expectUpdatedWithoutReboot(byAddress, node);
      expect((change?.change.after as { initialization?: unknown[] }).initialization ?? [], node).toEqual([]);
    }
    expect(api.unexpected, "Proxmox API calls the plan made that the fake API does not serve").toEqual([]);

    // The first apply sends each node its address, on the link its VM's MAC names, with the
    // gateway's route, and the metal installer for its upgrades.
    await adopt.applyWithDoubles();
    const configurations = adopt.machineConfigurations();
    expect([...configurations.keys()].sort()).toEqual(Object.keys(adopted).sort());
    for (const [node, vm] of Object.entries(adopted)) {
      const documents = parseAllDocuments(configurations.get(node) ?? "").map((d) => d.toJS() as Record<string, unknown>);
      const alias = documents.find((d) => d["kind"] === "LinkAliasConfig");
      expect(alias, node).toMatchObject({ name: "net0", selector: { match: `mac(link.permanent_addr) == "${vm.mac.toLowerCase()}"` } });
      expect(
        documents.find((d) => d["kind"] === "LinkConfig"),
        node,
      ).toEqual({
        apiVersion: "v1alpha1",
        kind: "LinkConfig",
        name: "net0",
        addresses: [{ address: `${vm.ip}/24` }],
        routes: [{ gateway: "192.168.60.1" }],
      });
      const install = (documents[0] as { machine: { install: { image: string } } }).machine.install;
      expect(install.image, node).toMatch(/^factory\.talos\.dev\/metal-installer\/[0-9a-f]{64}:v1\.13\.9$/);
    }
    const verdicts = await validateConfigurations(tools, join(work, "adopt-iso", "configs"), configurations, "metal");
    const problems = verdicts.filter((v) => !v.valid || v.warnings.length > 0);
    expect(problems, problems.map((p) => `${p.node}: ${p.error} ${p.warnings.join("; ")}`).join("\n")).toEqual([]);
  }, 300_000);

  it("shows a class that differs from a running VM as a change that reboots it", async () => {
    // The control plane class says 8 GiB; the running control planes have 4: the plan must say
    // so (the tree README: fix the spec until the plan changes nothing but names and tags).
    const result = compile(SPEC.replace("control_plane: { cpu: 2, memory: 4096, osDisk: 32 }", "control_plane: { cpu: 2, memory: 8192, osDisk: 32 }"), {
      specPath: "spec.yaml",
    });
    const mismatch = new Workspace(tools, mirrors, join(work, "mismatch"));
    await mismatch.write(result.files, { override: providerOverride(api) });
    const { plan, run } = await mismatch.planReal();
    expect(run.exitCode, run.stderr).toBe(0);
    const byAddress = new Map<string, ResourceChange>((plan.resource_changes ?? []).map((c) => [c.address, c]));
    for (const node of ["cp-1", "cp-2", "cp-3"]) {
      expect(
        changedAttributes(byAddress.get(VM(node))).filter((key) => !WITHOUT_REBOOT.has(key)),
        node,
      ).toEqual(["memory"]);
    }
    expect(changedAttributes(byAddress.get(VM("wk-1"))).filter((key) => !WITHOUT_REBOOT.has(key))).toEqual([]);
  }, 300_000);

  // The doubles refuse what Proxmox refuses: a node that names a running VM's id without
  // adopting it would be a second VM under that id.
  it("refuses, as Proxmox does, a new VM under a running VM's id", async () => {
    const forgotten = SPEC.replace("host: pve-a, vmId: 501, adopt: true,", "host: pve-a, vmId: 501,");
    expect(forgotten).not.toBe(SPEC);
    const result = compile(forgotten, { specPath: "spec.yaml" });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const again = new Workspace(tools, mirrors, join(work, "vm-id-in-use"), { TESTKIT_PROXMOX_VMS: RUNNING_VMS_ENV });
    await again.write(result.files, { override: providerOverride(api) });
    await expect(again.applyWithDoubles()).rejects.toThrow("VM 501 already exists on node 'pve-a'");
  }, 300_000);
});
