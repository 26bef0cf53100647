/**
 * Adoption with the real OpenTofu: a cluster that already runs (made with talosctl or
 * talhelper from a secrets.yaml) is taken over by a tree built with `talos.secrets: import`.
 * The plan must import its secrets and create none (talos_cluster's bootstrap finds the etcd
 * that runs: AlreadyExists); every node's
 * configuration must then carry the running cluster's certificates and tokens, read from the
 * secrets.yaml (by the talos provider double, which imports it as the provider does:
 * tools/testkit/talos.go importSecrets); and later plans must need the file no more.
 */
import { execa } from "execa";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parse as parseYaml, parseAllDocuments, stringify as stringifyYaml } from "yaml";
import { compile } from "../../src/index.js";
import { ROOT } from "../golden-corpus.js";
import { runImportCase } from "../import-corpus.js";
import { validateConfigurations } from "./talos-validate.js";
import { describeWithTools } from "./tools.js";
import { changesOf, describeChanges, importsOf, makeMirrors, Workspace, type Mirrors } from "./workspace.js";

const SPEC = readFileSync(join(ROOT, "fixtures", "adopt-metal", "spec.yaml"), "utf8");
const SECRETS = "module.cluster.talos_machine_secrets.this";

interface SecretsFile {
  cluster: { id: string; secret: string };
  secrets: { bootstraptoken: string; secretboxencryptionsecret: string };
  trustdinfo: { token: string };
  certs: { etcd: { crt: string }; k8s: { crt: string }; k8saggregator: { crt: string }; os: { crt: string } };
}

describeWithTools("adoption: a running cluster's secrets are imported, never created", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-adopt-"));
  let mirrors: Mirrors;
  beforeAll(() => {
    mirrors = makeMirrors(tools, join(work, "mirrors"));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("imports the secrets.yaml, and every configuration carries the running cluster's certificates", async () => {
    const result = compile(SPEC, { specPath: "spec.yaml" });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.files.map((f) => f.path)).toContain("imports.tf");

    // The cluster's secrets.yaml, as `talosctl gen secrets` (and talhelper gensecret) writes it.
    const secretsPath = join(work, "secrets.yaml");
    writeFileSync(secretsPath, (await execa(tools.testkit, ["gen-secrets", "v1.13"])).stdout, { mode: 0o600 });
    const secrets = parseYaml(readFileSync(secretsPath, "utf8")) as SecretsFile;

    const workspace = new Workspace(tools, mirrors, join(work, "adopt"));
    await workspace.write(result.files, { provideSecretsFile: false });

    // Forgotten variable: the plan fails on the default path, which names the variable, and
    // never falls back to generating secrets the running nodes would refuse.
    const forgotten = await workspace.planReal();
    expect(forgotten.run.exitCode).not.toBe(0);
    expect(forgotten.run.stderr).toContain("talos_secrets_file-is-not-set--see-README.md");

    // An empty path would make OpenTofu skip the import and create new secrets: refused.
    const empty = await workspace.planReal(["-var", "talos_secrets_file="]);
    expect(empty.run.exitCode).not.toBe(0);
    expect(empty.run.stderr).toContain("talos_secrets_file is empty");

    const withFile = ["-var", `talos_secrets_file=${secretsPath}`];
    const { plan, run } = await workspace.planReal(withFile);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(importsOf(plan)).toEqual({ [SECRETS]: secretsPath });
    const changes = describeChanges(changesOf(plan));
    // Imported, so not created (nor replaced) by the plan: no new CA.
    expect(changes.filter((c) => c.endsWith(SECRETS)).every((c) => c.startsWith("update "))).toBe(true);
    expect(changes.filter((c) => c.startsWith("create module.cluster.talos_machine.")).length).toBe(4);
    expect(changes.filter((c) => /^(destroy|replace) /.test(c))).toEqual([]);

    await workspace.tofu("doubles", ["apply", "-auto-approve", "-input=false", "-no-color", ...withFile], true);
    await workspace.reconcile();

    // Every node was sent a configuration of the running cluster: its CAs, its identity, its tokens.
    const configurations = workspace.machineConfigurations();
    expect([...configurations.keys()].sort()).toEqual(["lab-cp-1", "lab-cp-2", "lab-cp-3", "lab-wk-1"]);
    for (const [name, text] of configurations) {
      const v1alpha1 = parseAllDocuments(text)[0]?.toJS() as {
        machine: { ca: { crt: string }; token: string };
        cluster: {
          id: string;
          secret: string;
          ca: { crt: string };
          token: string;
          etcd?: { ca: { crt: string } };
          aggregatorCA?: { crt: string };
          secretboxEncryptionSecret?: string;
        };
      };
      expect(v1alpha1.machine.ca.crt, name).toBe(secrets.certs.os.crt);
      expect(v1alpha1.machine.token, name).toBe(secrets.trustdinfo.token);
      expect(v1alpha1.cluster.id, name).toBe(secrets.cluster.id);
      expect(v1alpha1.cluster.secret, name).toBe(secrets.cluster.secret);
      expect(v1alpha1.cluster.ca.crt, name).toBe(secrets.certs.k8s.crt);
      expect(v1alpha1.cluster.token, name).toBe(secrets.secrets.bootstraptoken);
      if (name.startsWith("lab-cp-")) {
        expect(v1alpha1.cluster.etcd?.ca.crt, name).toBe(secrets.certs.etcd.crt);
        expect(v1alpha1.cluster.aggregatorCA?.crt, name).toBe(secrets.certs.k8saggregator.crt);
        expect(v1alpha1.cluster.secretboxEncryptionSecret, name).toBe(secrets.secrets.secretboxencryptionsecret);
      }
    }

    // Afterwards the file is gone and nothing asks for it: the import blocks stay and do nothing.
    rmSync(secretsPath);
    const again = await workspace.planReal();
    expect(again.run.exitCode, again.run.stderr).toBe(0);
    expect(importsOf(again.plan)).toEqual({});
    expect(describeChanges(changesOf(again.plan))).toEqual([]);
  }, 300_000);

  // dry-run.sh: before the first apply, each running node says what the plan's configuration
  // changes on it (talosctl apply-config --dry-run, answered by the talosctl double with Talos's
  // own configdiff and v1.13's reboot decision), and nothing is applied.
  it("shows each running node, before the first apply, what it would change, and applies nothing", async () => {
    const result = compile(SPEC, { specPath: "spec.yaml" });
    expect(result.files.map((f) => f.path)).toContain("dry-run.sh");
    const cluster = join(work, "dry-run-cluster");
    mkdirSync(cluster);
    const workspace = new Workspace(tools, mirrors, join(work, "dry-run"), { TESTKIT_TALOS_STATE: cluster });
    await workspace.write(result.files);
    await workspace.tofu("doubles", ["plan", "-input=false", "-no-color", "-out", "adopt.tfplan"], true);
    // The first plan cannot know a configuration: each names its installer, whose schematic id
    // the Image Factory gives when the schematic is created. The script says so, and how to go on.
    const first = await workspace.runInTree("doubles", "sh", ["dry-run.sh", "adopt.tfplan"]);
    expect(first.exitCode).toBe(1);
    expect(first.stdout).toContain("== lab-cp-1: the plan does not know its configuration yet");
    const target = /^ {2}\S+ apply (-target=\S+(?: -target=\S+)*) {3}\(with the -var options of the plan\)$/m.exec(first.stderr);
    expect(target?.[1], first.stderr).toBe("-target=module.image.talos_image_factory_schematic.this");
    // The README's adoption steps name the same schematics.
    expect(result.files.find((f) => f.path === "README.md")?.contents).toContain(`tofu apply -var talos_secrets_file="$secrets_file" ${target?.[1] ?? ""}\n`);
    await workspace.tofu("doubles", ["apply", "-auto-approve", "-input=false", "-no-color", target?.[1] ?? ""], true);
    await workspace.tofu("doubles", ["plan", "-input=false", "-no-color", "-out", "adopt.tfplan"], true);

    // The running cluster, made from the same secrets.yaml: each node runs the configuration the
    // tree computes, except the worker, which has another label, and lab-cp-2, which was given
    // a proxy by hand (machine.env, which Talos 1.13 takes only at boot).
    const plan = JSON.parse((await workspace.tofu("doubles", ["show", "-json", "adopt.tfplan"], true)).stdout) as {
      resource_changes: Array<{ address: string; change: { actions: string[]; after: { node: string; machine_configuration: string } } }>;
    };
    const running: Record<
      string,
      { version: string; schematic: string; config: string; type: string; bootId: number; member: boolean; down: boolean; reset: boolean }
    > = {};
    for (const change of plan.resource_changes.filter((c) => c.address.startsWith("module.cluster.talos_machine."))) {
      expect(change.change.actions).toEqual(["create"]);
      const name = change.address.replace("module.cluster.talos_machine.", "");
      expect(change.change.after.machine_configuration, name).toEqual(expect.any(String));
      const documents = parseAllDocuments(change.change.after.machine_configuration).map((d) => d.toJS() as { machine?: Record<string, unknown> });
      const v1alpha1 = documents[0]?.machine ?? {};
      if (name === "lab-wk-1") v1alpha1["nodeLabels"] = { ...(v1alpha1["nodeLabels"] as object), "example.net/rack": "r2" };
      if (name === "lab-cp-2") v1alpha1["env"] = { https_proxy: "http://proxy.lab.example.net:3128" };
      const config = documents.map((d) => stringifyYaml(d)).join("---\n");
      running[change.change.after.node] = {
        version: "v1.13.9",
        schematic: "",
        config,
        type: name.includes("-cp-") ? "controlplane" : "worker",
        bootId: 1,
        member: name.includes("-cp-"),
        down: false,
        reset: false,
      };
    }
    expect(Object.keys(running).length).toBe(4);
    writeFileSync(join(cluster, "nodes.json"), JSON.stringify(running, null, 2));
    writeFileSync(join(cluster, "cluster.json"), JSON.stringify({ bootstrapped: true, kubernetes: "v1.36.3" }));
    const before = readFileSync(join(cluster, "nodes.json"), "utf8");

    const run = await workspace.runInTree("doubles", "sh", ["dry-run.sh", "adopt.tfplan"]);
    expect(run.exitCode, run.stderr).toBe(0);
    const sections = new Map(
      run.stdout
        .split(/^== /m)
        .slice(1)
        .map((section) => [section.slice(0, section.indexOf(" ")), section] as const),
    );
    // In rollout order, each with its answer.
    expect([...sections.keys()]).toEqual(["lab-cp-1", "lab-cp-2", "lab-cp-3", "lab-wk-1"]);
    expect(sections.get("lab-cp-1")).toContain("Applied configuration without a reboot (skipped in dry-run).\nConfig diff:\n\nNo changes.");
    expect(sections.get("lab-cp-3")).toContain("No changes.");
    expect(sections.get("lab-wk-1")).toContain("Applied configuration without a reboot (skipped in dry-run).");
    expect(sections.get("lab-wk-1")).toMatch(/^-\s+example\.net\/rack: r2$/m);
    expect(sections.get("lab-cp-2")).toContain("Applied configuration with a reboot (skipped in dry-run).");
    expect(sections.get("lab-cp-2")).toMatch(/^-\s+https_proxy: http:\/\/proxy\.lab\.example\.net:3128$/m);
    expect(run.stdout).toContain("dry-run.sh: this plan reaches 4 of 4 nodes; nothing was applied");
    // Nothing was applied: each node was only asked, and runs what it ran.
    const log = readFileSync(join(cluster, "log.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { node: string; op: string });
    expect(log.map((entry) => entry.op)).toEqual(Array(4).fill("apply-config-dry-run"));
    expect(readFileSync(join(cluster, "nodes.json"), "utf8")).toBe(before);
    // The configurations and the client key were only in a private temporary folder.
    expect(readdirSync(workspace.copyOf("doubles")).filter((f) => /talosconfig|\.yaml$/.test(f))).toEqual([]);
  }, 300_000);

  // talos-hclgen import talhelper, then the tree, then what each node receives: it passes Talos's
  // own validation, and what the talconfig said reaches the node.
  it("an imported talconfig's nodes receive valid configurations that say what the talconfig said", async () => {
    const imported = runImportCase("homelab");
    expect(imported.specText).toBeDefined();
    const result = compile(imported.specText ?? "", { specPath: "cluster.yaml" });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const workspace = new Workspace(tools, mirrors, join(work, "imported"));
    await workspace.write(result.files);
    await workspace.apply();
    const configs = workspace.machineConfigurations();
    expect([...configs.keys()].sort()).toEqual(["cp-1", "cp-2", "cp-3", "wk-1"]);
    const verdicts = await validateConfigurations(tools, join(work, "imported", "configs"), configs, "metal");
    const problems = verdicts.filter((v) => !v.valid || v.warnings.length > 0);
    expect(problems, problems.map((p) => `${p.node}: ${p.error} ${p.warnings.join("; ")}`).join("\n")).toEqual([]);

    const documents = (node: string): Array<Record<string, unknown>> =>
      parseAllDocuments(configs.get(node) ?? "").map((d) => d.toJS() as Record<string, unknown>);
    const kind = (node: string, wanted: string, name?: string) =>
      documents(node).find((d) => d["kind"] === wanted && (name === undefined || d["name"] === name));
    // cp-1: its 802.3ad bond over two ports found by MAC, the VIP on it, the role's label and patch.
    expect(kind("cp-1", "BondConfig", "bond0")).toMatchObject({
      bondMode: "802.3ad",
      lacpRate: "fast",
      xmitHashPolicy: "layer3+4",
      miimon: 100,
      addresses: [{ address: "10.10.0.11/24" }],
    });
    expect(kind("cp-1", "Layer2VIPConfig", "10.10.0.10")).toMatchObject({ link: "bond0" });
    const v1alpha1 = (node: string) => documents(node)[0] as { machine: Record<string, unknown>; cluster: Record<string, unknown> };
    expect(v1alpha1("cp-1").machine["nodeLabels"]).toMatchObject({ "topology.kubernetes.io/region": "home" });
    expect(v1alpha1("cp-1").cluster["proxy"]).toMatchObject({ disabled: true });
    expect(v1alpha1("cp-1").cluster["apiServer"]).toMatchObject({ certSANs: expect.arrayContaining(["k8s.home.example.net"]) });
    // wk-1: its own address and the storage VLAN on one port, its route, labels and taint, its patch file.
    expect(kind("wk-1", "LinkConfig", "eno1")).toMatchObject({ addresses: [{ address: "10.10.0.21/24" }, { address: "fd00:10::21/64" }] });
    expect(kind("wk-1", "VLANConfig", "eno1.30")).toMatchObject({
      parent: "eno1",
      vlanID: 30,
      mtu: 9000,
      routes: [{ destination: "10.40.0.0/16", gateway: "10.10.30.254" }],
    });
    expect(v1alpha1("wk-1").machine["sysfs"]).toEqual({ "devices.system.cpu.intel_pstate.no_turbo": "1" });
    expect(v1alpha1("wk-1").machine["nodeAnnotations"]).toEqual({ "example.net/rack": "r1" });
    expect(JSON.stringify(v1alpha1("wk-1").machine["kubelet"])).toContain("storage=true:NoSchedule");
    // Every node: the cluster patch file (time servers) and the JSON Patch turned strategic merge.
    for (const node of configs.keys()) {
      expect(JSON.stringify(documents(node)), node).toContain("time.cloudflare.com");
      expect(JSON.stringify(v1alpha1(node).machine["kubelet"]), node).toContain("rotate-server-certificates");
    }
  }, 300_000);
});
