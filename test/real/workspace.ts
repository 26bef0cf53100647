/**
 * A generated tree under the real OpenTofu, as close to `tofu apply` as a machine without a
 * cloud allows. Two copies of the tree share one local state:
 *
 * - doubles/: every provider is played by tools/testkit, which applies offline. Talos secrets,
 *   machine configurations and image factory ids are computed as the real provider does;
 *   what only an API could answer gets well-formed, stable values.
 * - real/: the providers the Go module proxy serves (bpg/proxmox, hetznercloud/hcloud,
 *   integrations/github) are the real binaries, the rest the same doubles. Plans here are
 *   the real providers' plans: their defaults, their ForceNew rules, their diffs.
 *
 * An "applied" tree is one applied with the doubles and then reconciled with the real
 * providers: whatever the real plan still wants to change (defaults the doubles cannot know)
 * is written into the state, until the real plan of the same tree is empty.
 */
import { createHash } from "node:crypto";
import { execa } from "execa";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { GeneratedFile } from "../../src/types.js";
import { ROOT } from "../golden-corpus.js";
import { FAKE_HCLOUD_TOKEN } from "./fake-hcloud-api.js";
import { FAKE_PROXMOX_TOKEN } from "./fake-proxmox-api.js";
import type { Tools } from "./tools.js";

const HOSTS = ["registry.opentofu.org", "registry.terraform.io"];
const SCHEMAS = join(ROOT, "schemas", "providers");

export interface Mirrors {
  doubles: string;
  real: string;
}

/** What each provider is in each mirror: a real binary, or a wrapper that starts its double. */
export function makeMirrors(tools: Tools, work: string): Mirrors {
  const schemaDir = join(work, "schemas");
  mkdirSync(schemaDir, { recursive: true });
  const mirrors = { doubles: join(work, "mirror-doubles"), real: join(work, "mirror-real") };
  for (const file of readdirSync(SCHEMAS)
    .filter((f) => f.endsWith(".json.gz"))
    .sort()) {
    const document = JSON.parse(gunzipSync(readFileSync(join(SCHEMAS, file))).toString("utf8")) as {
      provider_schemas: Record<string, unknown>;
      provider_selections: Record<string, string>;
    };
    const [address] = Object.keys(document.provider_schemas);
    if (address === undefined) continue;
    const [, namespace = "", name = ""] = address.split("/");
    const source = `${namespace}/${name}`;
    const version = document.provider_selections[address] ?? "0.0.1";
    const schemaFile = join(schemaDir, file.replace(/\.gz$/, ""));
    writeFileSync(schemaFile, JSON.stringify(document));
    const wrapper = `#!/bin/sh\nexec '${tools.testkit}' provider '${schemaFile}' '${address}'\n`;
    for (const [kind, root] of Object.entries(mirrors)) {
      for (const host of HOSTS) {
        const dir = join(root, host, namespace, name, version, "linux_amd64");
        mkdirSync(dir, { recursive: true });
        const executable = join(dir, `terraform-provider-${name}_v${version}`);
        const real = tools.providers[source];
        if (kind === "real" && real !== undefined) {
          symlinkSync(real.binary, executable);
        } else {
          writeFileSync(executable, wrapper);
          chmodSync(executable, 0o755);
        }
      }
    }
  }
  return mirrors;
}

/** kubectl and talosctl as the tree's provisioners use them, against the talos double's fake cluster. */
const FAKE_CLIS = join(ROOT, "test", "real", "bin");

/** Credentials of the right shape, so real providers configure; only the fake APIs are reached, and they check them. */
const FAKE_CREDENTIALS: Record<string, string> = {
  TF_VAR_proxmox_api_token: FAKE_PROXMOX_TOKEN,
  TF_VAR_hcloud_token: FAKE_HCLOUD_TOKEN,
  HCLOUD_TOKEN: FAKE_HCLOUD_TOKEN,
  TF_VAR_flux_git_token: "ci-token",
  GITHUB_TOKEN: "ci-token",
  GITEA_TOKEN: "ci-token",
};

/**
 * What the harness sets a spec's secret variable to: recognisable in a node's configuration,
 * and shaped as 32 bytes of base64, so that it is also a key Talos accepts where one is due
 * (a WireGuard private or preshared key: machinery config/types/network/wireguard.go
 * validateWireguardKey); a disk passphrase or an environment value takes any text.
 */
export function fakeSecret(name: string): string {
  return createHash("sha256").update(`ci-secret-of-${name}`).digest("base64");
}

/**
 * The sensitive variables without a default that the root variables.tf declares besides the
 * credentials above: the secrets a spec names ({ variable: <name> }).
 */
export function specSecretVariables(files: readonly GeneratedFile[]): string[] {
  const variables = files.find((file) => file.path === "variables.tf")?.contents ?? "";
  const names: string[] = [];
  for (const block of variables.split(/^variable /m).slice(1)) {
    const name = /^"([a-z][a-z0-9_]*)"/.exec(block)?.[1];
    if (name === undefined || !/sensitive\s*=\s*true/.test(block) || /\bdefault\s*=/.test(block)) continue;
    if (`TF_VAR_${name}` in FAKE_CREDENTIALS) continue;
    names.push(name);
  }
  return names;
}

export interface ResourceChange {
  address: string;
  module_address?: string;
  mode: "managed" | "data";
  type: string;
  name: string;
  index?: string | number;
  change: {
    actions: string[];
    before: unknown;
    after: unknown;
    after_unknown: unknown;
    replace_paths?: unknown[];
    /** Set when the plan imports the resource (an import block). */
    importing?: { id?: string };
  };
  action_reason?: string;
}

export interface PlanJson {
  resource_changes?: ResourceChange[];
}

interface StateInstance {
  index_key?: string | number;
  schema_version: number;
  attributes: Record<string, unknown>;
  [key: string]: unknown;
}

interface StateResource {
  module?: string;
  mode: "managed" | "data";
  type: string;
  name: string;
  provider: string;
  instances: StateInstance[];
}

interface StateJson {
  serial: number;
  resources: StateResource[];
  [key: string]: unknown;
}

export interface TofuRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export class Workspace {
  readonly state: string;
  private readonly copies: { doubles: string; real: string };

  constructor(
    private readonly tools: Tools,
    private readonly mirrors: Mirrors,
    readonly dir: string,
    private readonly extraEnv: Record<string, string> = {},
  ) {
    this.state = join(dir, "terraform.tfstate");
    this.copies = { doubles: join(dir, "doubles"), real: join(dir, "real") };
    for (const [kind, copy] of Object.entries(this.copies)) {
      mkdirSync(copy, { recursive: true });
      writeFileSync(
        join(dir, `${kind}.tfrc`),
        `disable_checkpoint = true\nprovider_installation {\n  filesystem_mirror {\n    path = ${JSON.stringify(this.mirrors[kind as keyof Mirrors])}\n  }\n}\n`,
      );
    }
  }

  /** The folder of one copy of the tree. */
  copyOf(kind: keyof Mirrors): string {
    return this.copies[kind];
  }

  /** TF_VAR_ values for the secrets a tree's spec names (extension services), set by write(). */
  private secretEnv: Record<string, string> = {};

  /**
   * Puts a tree in place (replacing the previous one) with a local backend on the shared state.
   * A tree that adopts a running cluster (talos.secrets: import) gets that cluster's
   * secrets.yaml, made as `talosctl gen secrets` makes it, unless told not to.
   */
  async write(files: readonly GeneratedFile[], options: { provideSecretsFile?: boolean; override?: string } = {}): Promise<void> {
    this.secretEnv = Object.fromEntries(specSecretVariables(files).map((name) => [`TF_VAR_${name}`, fakeSecret(name)]));
    const adopts = /^variable "talos_secrets_file"/m.test(files.find((file) => file.path === "variables.tf")?.contents ?? "");
    if (adopts && options.provideSecretsFile !== false) {
      const secretsFile = join(this.dir, "secrets.yaml");
      const generated = await execa(this.tools.testkit, ["gen-secrets", "v1.13"]);
      writeFileSync(secretsFile, generated.stdout, { mode: 0o600 });
      this.secretEnv["TF_VAR_talos_secrets_file"] = secretsFile;
    }
    for (const [kind, copy] of Object.entries(this.copies)) {
      for (const entry of readdirSync(copy)) {
        if (!entry.startsWith(".terraform")) rmSync(join(copy, entry), { recursive: true, force: true });
      }
      for (const file of files) {
        mkdirSync(dirname(join(copy, file.path)), { recursive: true });
        writeFileSync(join(copy, file.path), file.contents);
      }
      // An override file replaces the tree's S3 backend (docs: override files, terraform block),
      // and whatever else the test overrides (a provider's endpoint).
      writeFileSync(
        join(copy, "zz_harness_override.tf"),
        `terraform {\n  backend "local" {\n    path = ${JSON.stringify(this.state)}\n  }\n}\n${options.override ?? ""}`,
      );
      rmSync(join(copy, ".terraform.lock.hcl"), { force: true });
      await this.tofu(kind as keyof Mirrors, ["init", "-input=false", "-no-color"], true);
    }
  }

  async tofu(kind: keyof Mirrors, args: string[], mustSucceed = false): Promise<TofuRun> {
    const before = join(this.dir, "state-before-run.json");
    if (existsSync(this.state)) copyFileSync(this.state, before);
    else rmSync(before, { force: true });
    const result = await execa(this.tools.tofu, args, { cwd: this.copies[kind], reject: false, env: this.env(kind), extendEnv: true });
    const run = { exitCode: result.exitCode ?? 1, stdout: result.stdout, stderr: result.stderr };
    if (mustSucceed && run.exitCode !== 0) throw new Error(`tofu ${args.join(" ")} (${kind}) failed:\n${run.stderr || run.stdout}`);
    return run;
  }

  /**
   * A command of the tree's own (dry-run.sh) run in one copy as a user runs it, with the env
   * tofu gets here: the doubles of talosctl and kubectl on PATH, this tofu as $TOFU.
   */
  async runInTree(kind: keyof Mirrors, command: string, args: string[]): Promise<TofuRun> {
    const result = await execa(command, args, {
      cwd: this.copies[kind],
      reject: false,
      env: { ...this.env(kind), TOFU: this.tools.tofu, TESTKIT: this.tools.testkit },
      extendEnv: true,
    });
    return { exitCode: result.exitCode ?? 1, stdout: result.stdout, stderr: result.stderr };
  }

  private env(kind: keyof Mirrors): Record<string, string> {
    return {
      TF_CLI_CONFIG_FILE: join(this.dir, `${kind}.tfrc`),
      TF_IN_AUTOMATION: "1",
      // The tree's provisioners run kubectl and talosctl: their doubles (test/real/bin).
      PATH: `${FAKE_CLIS}${delimiter}${process.env["PATH"] ?? ""}`,
      CHECKPOINT_DISABLE: "1",
      ...FAKE_CREDENTIALS,
      // The charts on this machine (npm run tools), for the helm double's helm_template.
      TESTKIT_CHARTS: JSON.stringify(
        Object.entries(this.tools.charts).map(([chart, c]) => ({ chart, repository: c.repository, version: c.version, dir: c.dir })),
      ),
      // The state the run starts from, for the doubles that count what exists (placement.go):
      // a copy, since tofu rewrites the state itself while it applies.
      TESTKIT_STATE_FILE: join(this.dir, "state-before-run.json"),
      ...this.secretEnv,
      ...this.extraEnv,
    };
  }

  /** `tofu apply` with every provider a double. */
  async applyWithDoubles(): Promise<void> {
    await this.tofu("doubles", ["apply", "-auto-approve", "-input=false", "-no-color"], true);
  }

  /** The plan of the real providers (doubles where none is served), without refresh. */
  async planReal(extraArgs: readonly string[] = [], options: { show?: "always" } = {}): Promise<{ plan: PlanJson; run: TofuRun }> {
    const planFile = join(this.dir, "real.tfplan");
    // -detailed-exitcode: 0 when the plan changes nothing, 2 when it does; `tofu show` (which
    // starts every provider again to read the plan) only then, unless the caller reads the
    // plan's prior state.
    const run = await this.tofu("real", ["plan", "-refresh=false", "-input=false", "-no-color", "-detailed-exitcode", ...extraArgs, `-out=${planFile}`]);
    if (run.exitCode === 0 && options.show !== "always") return { plan: {}, run };
    if (run.exitCode !== 0 && run.exitCode !== 2) return { plan: {}, run };
    const shown = await this.tofu("real", ["show", "-json", planFile], true);
    return { plan: JSON.parse(shown.stdout) as PlanJson, run: { ...run, exitCode: 0 } };
  }

  /**
   * Writes what the real plan of the applied tree still changes into the state, until that plan
   * is empty: the state a real apply would have left. Fails if a real provider wants to create,
   * destroy or replace something, which a double-applied tree must never need. The tree is
   * settled when it returns: the real plan of the same tree changes nothing.
   */
  async reconcile(): Promise<number> {
    for (let round = 1; round <= 4; round++) {
      const { plan, run } = await this.planReal();
      if (run.exitCode !== 0) throw new Error(`real plan failed:\n${run.stderr || run.stdout}`);
      const pending = changesOf(plan);
      if (pending.length === 0) return round - 1;
      const unexpected = pending.filter((c) => c.change.actions.join() !== "update");
      if (unexpected.length > 0) throw new Error(`the real providers would ${describeChanges(unexpected).join("; ")} in a tree just applied`);
      const state = this.readState();
      for (const change of pending) {
        const instance = findInstance(state, change);
        instance.attributes = mergeKnown(change.change.after, change.change.after_unknown, instance.attributes) as Record<string, unknown>;
        await this.computeOnApply(change, instance.attributes);
      }
      state.serial += 1;
      writeFileSync(this.state, JSON.stringify(state, null, 2));
    }
    throw new Error("the real plan of the applied tree did not settle in four rounds");
  }

  /**
   * What a provider computes when it applies an update, which the plan could only call "known
   * after apply": without it the next plan would see the same difference again.
   */
  private async computeOnApply(change: ResourceChange, attributes: Record<string, unknown>): Promise<void> {
    const unknown = (change.change.after_unknown ?? {}) as Record<string, unknown>;
    if (change.type === "talos_machine" && unknown.machine_configuration_hash === true) {
      // talos_machine keeps the hash of the configuration it applied (provider v0.12
      // talos_machine_resource.go); the testkit double computes it the same way.
      const mode = attributes.ignore_kubernetes_upgrade_drift === true ? "ignore-kubernetes" : "exact";
      const hashed = await execa(this.tools.testkit, ["machine-config-hash", mode], { input: String(attributes.machine_configuration ?? "") });
      attributes.machine_configuration_hash = hashed.stdout.trim();
    }
    // terraform_data's output is its input once applied (OpenTofu's terraform_data resource).
    if (change.type === "terraform_data" && unknown.output === true) attributes.output = attributes.input;
  }

  /** Applied with the doubles, reconciled with the real providers: a state later plans can start from. */
  async apply(): Promise<void> {
    await this.applyWithDoubles();
    await this.reconcile();
  }

  /**
   * Applied with the doubles, then planned once with the real providers, which may only update
   * what the doubles could not know (their defaults): never create, destroy or replace anything
   * in a tree just applied. For a tree no later plan starts from (reconcile() settles it too).
   */
  async applyChecked(): Promise<void> {
    await this.applyWithDoubles();
    const { plan, run } = await this.planReal();
    if (run.exitCode !== 0) throw new Error(`real plan failed:\n${run.stderr || run.stdout}`);
    const unexpected = changesOf(plan).filter((c) => c.change.actions.join() !== "update");
    if (unexpected.length > 0) throw new Error(`the real providers would ${describeChanges(unexpected).join("; ")} in a tree just applied`);
  }

  readState(): StateJson {
    return JSON.parse(readFileSync(this.state, "utf8")) as StateJson;
  }

  /** What each node was sent: its talos_machine's machine_configuration, by node name. */
  machineConfigurations(): Map<string, string> {
    const out = new Map<string, string>();
    for (const resource of this.readState().resources) {
      if (resource.type !== "talos_machine" || resource.mode !== "managed") continue;
      for (const instance of resource.instances) {
        // talos_machine.<node>, or talos_machine.node_<node> for a name that starts with a digit.
        out.set(resource.name.replace(/^node_(?=[0-9])/, ""), String(instance.attributes["machine_configuration"]));
      }
    }
    return out;
  }
}

/** What a plan imports: address and import id. */
export function importsOf(plan: PlanJson): Record<string, string> {
  const out: Record<string, string> = {};
  for (const change of plan.resource_changes ?? []) {
    if (change.change.importing !== undefined) out[change.address] = change.change.importing.id ?? "";
  }
  return out;
}

/** Managed resources the plan changes (not no-ops, not data source reads). */
export function changesOf(plan: PlanJson): ResourceChange[] {
  return (plan.resource_changes ?? []).filter(
    (c) => c.mode === "managed" && !(c.change.actions.length === 1 && ["no-op", "read"].includes(c.change.actions[0] ?? "")),
  );
}

const ACTION_WORDS: Record<string, string> = {
  create: "create",
  update: "update",
  delete: "destroy",
  "delete,create": "replace",
  "create,delete": "replace",
};

export function describeChanges(changes: readonly ResourceChange[]): string[] {
  return changes.map((c) => `${ACTION_WORDS[c.change.actions.join()] ?? c.change.actions.join("+")} ${c.address}`).sort();
}

function findInstance(state: StateJson, change: ResourceChange): StateInstance {
  const resource = state.resources.find(
    (r) => r.mode === change.mode && r.type === change.type && r.name === change.name && (r.module ?? "") === (change.module_address ?? ""),
  );
  const instance = resource?.instances.find((i) => (i.index_key ?? null) === (change.index ?? null));
  if (instance === undefined) throw new Error(`${change.address} is not in the state`);
  return instance;
}

/** The planned value, with what the plan does not know yet taken from the state. */
function isDynamicValue(value: unknown): value is { value: unknown; type: unknown } {
  return value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).sort().join() === "type,value";
}

function mergeKnown(after: unknown, unknown: unknown, prior: unknown): unknown {
  if (unknown === true) return prior;
  // A dynamically typed attribute (terraform_data's input) is kept in the state as its value and
  // its type; the plan shows the value alone. The type stays: the tree changes values, not shapes.
  if (isDynamicValue(prior) && !isDynamicValue(after)) return { value: mergeKnown(after, unknown, prior.value), type: prior.type };
  if (Array.isArray(after)) {
    const unknowns = Array.isArray(unknown) ? unknown : [];
    const priors = Array.isArray(prior) ? prior : [];
    return after.map((item, i) => mergeKnown(item, unknowns[i], priors[i]));
  }
  if (after !== null && typeof after === "object") {
    const unknowns = (unknown ?? {}) as Record<string, unknown>;
    const priors = (prior ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(after), ...Object.keys(unknowns)])) {
      out[key] = mergeKnown((after as Record<string, unknown>)[key] ?? null, unknowns[key], priors[key]);
    }
    return out;
  }
  return after;
}
