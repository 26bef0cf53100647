/**
 * validateTree and the CLI command against a fake tofu (a shell script), so the plumbing is
 * tested everywhere, fast: arguments, environment, scratch copy, output mapping, exit codes.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runValidateCommand } from "../../src/cli/commands/validate.js";
import { SCRATCH_PREFIX, validateTree, type ValidateOptions } from "../../src/validate/index.js";
import { goPlatform } from "../../src/validate/mirror.js";
import { listTree, REFERENCE_TREE, tempDir } from "./helpers.js";

const FAKE_TOFU = `#!/bin/sh
printf '%s\\n' "$PWD|$*|$TF_IN_AUTOMATION|$CHECKPOINT_DISABLE|\${TF_PLUGIN_CACHE_DIR-unset}|\${TF_CLI_ARGS_init-unset}|\${TF_DATA_DIR-unset}" >> "$FAKE_LOG"
case "$1" in
  init)
    case "$*" in *-json*) if [ -n "$FAKE_NO_JSON" ]; then echo "flag provided but not defined: -json" >&2; exit 1; fi;; esac
    if [ -n "$FAKE_INIT_OUT" ]; then cat "$FAKE_INIT_OUT"; echo "init went wrong" >&2; exit 1; fi
    if [ -n "$FAKE_SHOW_MIRROR" ]; then
      echo "HOME=$HOME CONFIG=$TF_CLI_CONFIG_FILE" >> "$FAKE_LOG"
      cat "$TF_CLI_CONFIG_FILE" >> "$FAKE_LOG"
      (cd "$(dirname "$TF_CLI_CONFIG_FILE")/mirror" && find . -type f | sort) >> "$FAKE_LOG"
    fi
    mkdir -p .terraform && touch .terraform.lock.hcl
    exit 0;;
  validate)
    cat "$FAKE_VALIDATE_OUT"; exit "\${FAKE_VALIDATE_EXIT:-0}";;
esac
exit 3
`;

const VALIDATE_INVALID = JSON.stringify({
  format_version: "1.0",
  valid: false,
  error_count: 1,
  warning_count: 1,
  diagnostics: [
    {
      severity: "error",
      summary: "Unsupported argument",
      detail: 'An argument named "bogus" is not expected here.',
      range: {
        filename: "modules/talos-cluster/main.tf",
        start: { line: 12, column: 3, byte: 200 },
        end: { line: 12, column: 8, byte: 205 },
      },
    },
    { severity: "warning", summary: "Something old", detail: "Line one.\n\nLine two." },
  ],
});

const INIT_FAILED = [
  JSON.stringify({ "@level": "info", "@message": "Terraform 1.11.4", type: "version" }),
  JSON.stringify({
    "@level": "error",
    type: "diagnostic",
    diagnostic: { severity: "error", summary: "Failed to query available provider packages", detail: "no network" },
  }),
].join("\n");

let dir: ReturnType<typeof tempDir>;
let scratchParent: string;
const savedTmpdir = process.env["TMPDIR"];
let tree: string;
let fake: string;
let log: string;
const files: Record<string, string> = {};

beforeAll(() => {
  dir = tempDir("runner");
  // os.tmpdir() follows $TMPDIR: scratch dirs of this file go where only this file looks.
  mkdirSync((scratchParent = join(dir.path, "tmp")));
  process.env["TMPDIR"] = scratchParent;
  fake = join(dir.path, "bin", "tofu");
  cpSync(REFERENCE_TREE, (tree = join(dir.path, "infra")), { recursive: true });
  for (const [name, text] of Object.entries({
    validate: VALIDATE_INVALID,
    valid: '{"valid":true,"diagnostics":[]}',
    init: INIT_FAILED,
    garbage: "panic: boom",
  })) {
    files[name] = join(dir.path, `${name}.out`);
    writeFileSync(files[name], text);
  }
  mkdirSync(join(dir.path, "bin"));
  writeFileSync(fake, FAKE_TOFU);
  chmodSync(fake, 0o755);
  log = join(dir.path, "calls.log");
});
afterAll(() => {
  if (savedTmpdir === undefined) delete process.env["TMPDIR"];
  else process.env["TMPDIR"] = savedTmpdir;
  dir.remove();
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: `${join(dir.path, "bin")}:/usr/bin:/bin`,
    FAKE_LOG: log,
    FAKE_VALIDATE_OUT: files["validate"] ?? "",
    FAKE_VALIDATE_EXIT: "1",
    TF_PLUGIN_CACHE_DIR: "/should/not/pass",
    TF_CLI_ARGS_init: "-upgrade",
    TF_DATA_DIR: "/elsewhere",
    ...extra,
  };
}

const run = (options: ValidateOptions = {}): ReturnType<typeof validateTree> => validateTree(tree, { label: "infra/", env: env(), ...options });

const calls = (): string[] =>
  existsSync(log)
    ? readFileSync(log, "utf8")
        .split("\n")
        .filter((l) => l !== "")
    : [];

describe("validateTree with a fake tofu", () => {
  it("runs init then validate in a scratch copy, with a clean environment, and maps the output", async () => {
    writeFileSync(log, "");
    const before = listTree(tree);
    const result = await run();
    expect(result.exitCode).toBe(1);
    expect(result.binary).toEqual({ path: fake, name: "tofu" });
    expect(result.offline).toBe(false);
    expect(result.diagnostics).toEqual([
      {
        code: "validate/tofu",
        severity: "warning",
        message: "Something old: Line one. Line two.",
        file: "infra/",
      },
      {
        code: "validate/tofu",
        severity: "error",
        message: 'Unsupported argument: An argument named "bogus" is not expected here.',
        span: { file: "infra/modules/talos-cluster/main.tf", start: 200, end: 205, pos: { line: 12, col: 3 } },
      },
    ]);
    const [init, validate] = calls().map((line) => line.split("|"));
    expect(init?.slice(1)).toEqual(["init -backend=false -input=false -no-color -json", "1", "1", "unset", "unset", "unset"]);
    expect(validate?.[1]).toBe("validate -json -no-color");
    expect(init?.[0]).toContain(SCRATCH_PREFIX);
    expect(listTree(tree)).toEqual(before); // the fake's .terraform and lock file went to the copy
  });

  it("attaches the spec location a sourceMap gives", async () => {
    const related = { file: "cluster.yaml", start: 10, end: 20, pos: { line: 7, col: 5 } };
    const result = await run({
      sourceMap: (file, line) => (file === "infra/modules/talos-cluster/main.tf" && line === 12 ? related : undefined),
    });
    expect(result.diagnostics.find((d) => d.span !== undefined)?.related).toEqual(related);
  });

  it("reports a failed init without a source range as an environment problem (exit 2)", async () => {
    const result = await run({ env: env({ FAKE_INIT_OUT: files["init"] ?? "" }) });
    expect(result.exitCode).toBe(2);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "validate/init",
        message: "Failed to query available provider packages: no network",
      }),
    ]);
  });

  it("retries init without -json for a tool that lacks it", async () => {
    writeFileSync(log, "");
    const result = await run({
      env: env({ FAKE_NO_JSON: "1", FAKE_VALIDATE_OUT: files["valid"] ?? "", FAKE_VALIDATE_EXIT: "0" }),
    });
    expect(result.exitCode).toBe(0);
    expect(calls().map((line) => line.split("|")[1])).toEqual([
      "init -backend=false -input=false -no-color -json",
      "init -backend=false -input=false -no-color",
      "validate -json -no-color",
    ]);
  });

  it("turns output that is not validate -json into an environment problem", async () => {
    const result = await run({ env: env({ FAKE_VALIDATE_OUT: files["garbage"] ?? "" }) });
    expect(result.exitCode).toBe(2);
    expect(result.diagnostics[0]?.message).toBe("tofu validate failed: panic: boom");
  });
});

describe("offline mode with a fake tofu", () => {
  it("points tofu at its own CLI config and a mirror of every schema under both registries", async () => {
    writeFileSync(log, "");
    const schemaFile = join(dir.path, "schemas.json");
    const provider = { provider: { block: {} }, resource_schemas: {} };
    writeFileSync(
      schemaFile,
      JSON.stringify({
        format_version: "1.0",
        provider_schemas: {
          "registry.terraform.io/siderolabs/talos": provider,
          "registry.terraform.io/hashicorp/random": { ...provider, version: "3.9.0" },
        },
      }),
    );
    const result = await run({
      providerSchemas: schemaFile,
      env: env({ FAKE_SHOW_MIRROR: "1", FAKE_VALIDATE_OUT: files["valid"] ?? "", FAKE_VALIDATE_EXIT: "0" }),
    });
    // The reference tree also needs proxmox, helm and flux, which this schema file lacks.
    expect(result.exitCode).toBe(2);
    expect(result.diagnostics.map((d) => d.code)).toEqual([
      "validate/missing-provider-schema",
      "validate/missing-provider-schema",
      "validate/missing-provider-schema",
    ]);
    expect(calls()).toEqual([]); // nothing ran

    const talosOnly = join(dir.path, "talos-only");
    mkdirSync(talosOnly);
    writeFileSync(
      join(talosOnly, "main.tf"),
      'terraform {\n  required_providers {\n    talos = { source = "siderolabs/talos", version = "~> 0.11.0" }\n  }\n}\n',
    );
    const ok = await validateTree(talosOnly, {
      providerSchemas: schemaFile,
      env: env({ FAKE_SHOW_MIRROR: "1", FAKE_VALIDATE_OUT: files["valid"] ?? "", FAKE_VALIDATE_EXIT: "0" }),
    });
    expect(ok.exitCode).toBe(0);
    expect(ok.offline).toBe(true);
    const lines = calls().filter((line) => !line.includes("|"));
    expect(lines[0]).toMatch(new RegExp(`^HOME=.*${SCRATCH_PREFIX}[^/]+/home CONFIG=.*${SCRATCH_PREFIX}[^/]+/terraformrc$`));
    expect(lines.slice(1)).toEqual([
      "disable_checkpoint = true",
      "provider_installation {",
      "  filesystem_mirror {",
      expect.stringMatching(/^ {4}path = ".*\/mirror"$/),
      "  }",
      "}",
      `./registry.opentofu.org/hashicorp/random/3.9.0/${goPlatform()}/terraform-provider-random_v3.9.0`,
      `./registry.opentofu.org/siderolabs/talos/0.11.0/${goPlatform()}/terraform-provider-talos_v0.11.0`,
      `./registry.terraform.io/hashicorp/random/3.9.0/${goPlatform()}/terraform-provider-random_v3.9.0`,
      `./registry.terraform.io/siderolabs/talos/0.11.0/${goPlatform()}/terraform-provider-talos_v0.11.0`,
    ]);
  });
});

describe("choosing the binary", () => {
  it("explains what to install when there is neither tofu nor terraform", async () => {
    const result = await validateTree(tree, { env: { PATH: join(dir.path, "nothing-here") } });
    expect(result.exitCode).toBe(2);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "validate/binary-not-found",
        message: "neither tofu nor terraform is on PATH: install OpenTofu (tofu) or Terraform, or pass --binary",
      }),
    ]);
  });

  it("takes $TALOS_HCLGEN_TOFU, and --binary over it", async () => {
    const viaEnv = await validateTree(tree, { env: { ...env(), PATH: "/nowhere", TALOS_HCLGEN_TOFU: fake } });
    expect(viaEnv.binary?.path).toBe(fake);
    const missing = await validateTree(tree, {
      binary: "./no/such/tofu",
      cwd: dir.path,
      env: { ...env(), TALOS_HCLGEN_TOFU: fake },
    });
    expect(missing.exitCode).toBe(2);
    expect(missing.diagnostics[0]?.message).toBe(
      '"./no/such/tofu" (from --binary) is not an executable file: install OpenTofu (tofu) or Terraform, or pass --binary',
    );
  });
});

describe("the tree argument", () => {
  it("must be a directory holding .tf files", async () => {
    const missing = await validateTree(join(dir.path, "nope"), { label: "nope/", env: env() });
    expect(missing.exitCode).toBe(2);
    expect(missing.diagnostics[0]?.message).toBe('"nope/" is not a directory');
    const empty = await validateTree(join(dir.path, "bin"), { label: "bin/", env: env() });
    expect(empty.diagnostics[0]?.message).toBe('"bin/" holds no .tf files');
  });
});

describe("talos-hclgen validate", () => {
  const capture = () => {
    const out = { stdout: "", stderr: "" };
    return {
      out,
      io: {
        stdout: (s: string) => void (out.stdout += s),
        stderr: (s: string) => void (out.stderr += s),
        cwd: dir.path,
      },
    };
  };

  it("prints plain diagnostics, a summary, and returns the exit code", async () => {
    const { out, io } = capture();
    const code = await runValidateCommand(["infra/"], { ...io, env: env() });
    expect(code).toBe(1);
    expect(out.stderr).toBe(
      [
        // Sorted by file: the tree-wide diagnostic (no range) names the tree itself.
        "infra/: warning[validate/tofu]: Something old: Line one. Line two.",
        'infra/modules/talos-cluster/main.tf:12:3: error[validate/tofu]: Unsupported argument: An argument named "bogus" is not expected here.',
        "1 error and 1 warning",
        "",
      ].join("\n"),
    );
    expect(out.stdout).toBe("");
  });

  it("says which tool and mode validated a valid tree", async () => {
    const { out, io } = capture();
    const code = await runValidateCommand(["infra/"], {
      ...io,
      env: env({ FAKE_VALIDATE_OUT: files["valid"] ?? "", FAKE_VALIDATE_EXIT: "0" }),
    });
    expect(code).toBe(0);
    expect(out.stdout).toBe("infra/: valid (tofu, online)\n");
  });

  it("prints JSON with --json", async () => {
    const { out, io } = capture();
    const code = await runValidateCommand(["infra", "--json", "--binary", fake], { ...io, env: env() });
    expect(code).toBe(1);
    const report = JSON.parse(out.stdout) as { valid: boolean; binary: string; diagnostics: unknown[] };
    expect(report).toMatchObject({ valid: false, exitCode: 1, binary: "tofu", offline: false });
    expect(report.diagnostics).toHaveLength(2);
  });

  it("rejects bad usage with exit 2", async () => {
    const missing = capture();
    expect(await runValidateCommand([], missing.io)).toBe(2);
    expect(missing.out.stderr).toContain("missing the tree to validate");
    const unknown = capture();
    expect(await runValidateCommand(["infra", "--provider-schema", "x"], unknown.io)).toBe(2);
    expect(unknown.out.stderr).toContain('did you mean "--provider-schemas"?');
  });

  it("reports unreadable provider schemas as exit 2", async () => {
    const { out, io } = capture();
    expect(await runValidateCommand(["infra", "--provider-schemas", "nope/"], { ...io, env: env() })).toBe(2);
    expect(out.stderr).toBe('error[validate/provider-schemas]: provider schemas "nope/" not found\n1 error\n');
  });

  it("leaves no scratch directory behind", () => {
    expect(tmpdir()).toBe(scratchParent);
    expect(readdirSync(scratchParent)).toEqual([]);
  });
});
