/**
 * `talos-hclgen completion <shell>`, through the binary, each script loaded into its shell and
 * asked what a user's TAB would be: commands, a command's options, an option's values, and
 * spec fields for explain, with their "[" and "<" intact. bash runs everywhere; zsh and fish
 * are Debian packages .ci/run installs (under CI a missing shell fails, never skips); zsh's
 * compsys needs a terminal, so its script runs against stand-ins of _arguments, _describe and
 * compadd that print what they were given. PowerShell is not packaged for Debian here: its
 * script is checked for what it offers.
 */
import { execa } from "execa";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { underCI } from "../ci.js";
import { ensureBuilt, runBin } from "./harness.js";

const work = mkdtempSync(join(tmpdir(), "talos-hclgen-completion-"));
beforeAll(ensureBuilt);
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function script(shell: string): Promise<string> {
  const result = await runBin(["completion", shell], { cwd: work });
  expect(result.exitCode, result.stderr).toBe(0);
  const path = join(work, `completion.${shell}`);
  writeFileSync(path, result.stdout);
  return path;
}

async function available(shell: string): Promise<boolean> {
  const found = (await execa("sh", ["-c", `command -v ${shell}`], { reject: false })).exitCode === 0;
  if (!found && underCI) throw new Error(`${shell} is not installed: .ci/run installs it (CI: this test never skips)`);
  return found;
}

describe("completion", () => {
  it("refuses a shell it does not know, naming the ones it does", async () => {
    const result = await runBin(["completion", "tcsh"], { cwd: work });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('"tcsh" is not one of bash, zsh, fish, powershell');
  });

  it("bash: commands, options, option values and spec fields", async () => {
    const path = await script("bash");
    const complete = async (...words: string[]): Promise<string[]> => {
      const quotedWords = words.map((w) => `'${w}'`).join(" ");
      const run = await execa("bash", [
        "-c",
        `source '${path}'; COMP_WORDS=(${quotedWords}); COMP_CWORD=${words.length - 1}; _talos_hclgen; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ]);
      return run.stdout.split("\n").filter((line) => line !== "");
    };
    expect(await complete("talos-hclgen", "")).toEqual([
      "build",
      "impact",
      "validate",
      "init",
      "import",
      "schema",
      "explain",
      "completion",
      "--help",
      "--version",
    ]);
    expect(await complete("talos-hclgen", "build", "--allow-")).toEqual(["--allow-replace", "--allow-restart"]);
    expect(await complete("talos-hclgen", "init", "--platform", "")).toEqual(["proxmox", "hcloud", "metal"]);
    expect(await complete("talos-hclgen", "explain", "nodes[].ro")).toEqual([
      "nodes[].role",
      "nodes[].routingRules",
      "nodes[].routingRules[].priority",
      "nodes[].routingRules[].from",
      "nodes[].routingRules[].to",
      "nodes[].routingRules[].table",
    ]);
    expect(await complete("talos-hclgen", "explain", "registryMirrors.<")).toEqual([
      "registryMirrors.<name>.endpoints",
      "registryMirrors.<name>.overridePath",
      "registryMirrors.<name>.skipFallback",
    ]);
    expect(await complete("talos-hclgen", "completion", "")).toEqual(["bash", "zsh", "fish", "powershell"]);
  });

  it("fish: the same, as fish's complete -C answers it", async () => {
    if (!(await available("fish"))) return;
    const path = await script("fish");
    const complete = async (line: string): Promise<string[]> => {
      const run = await execa("fish", ["--no-config", "-c", `source '${path}'; complete -C '${line}'`]);
      return run.stdout.split("\n").map((entry) => entry.split("\t")[0] ?? "");
    };
    expect(await complete("talos-hclgen bui")).toEqual(["build"]);
    expect(await complete("talos-hclgen build --allow-")).toEqual(["--allow-replace", "--allow-restart"]);
    expect((await complete("talos-hclgen init --platform ")).sort()).toEqual(["hcloud", "metal", "proxmox"]);
    expect(await complete("talos-hclgen explain nodes[].rol")).toEqual(["nodes[].role"]);
  });

  it("zsh: loads under compinit, and hands compsys the commands, option specs and fields", async () => {
    if (!(await available("zsh"))) return;
    const path = await script("zsh");
    const loaded = await execa("zsh", ["-f", "-c", `autoload -U compinit; compinit -u -D; source '${path}'; print $_comps[talos-hclgen]`]);
    expect(loaded.stdout).toBe("_talos_hclgen");
    // Stand-ins: each prints what compsys would have been given.
    const stubs = [
      "compdef() { :; }",
      '_describe() { print -l -- "${(@P)2}"; }',
      '_arguments() { print -l -- "$@"; [[ "$*" == *"->fields"* ]] && state=fields; return 0; }',
      'compadd() { shift; print -l -- "$@"; }',
    ].join("\n");
    const call = async (...words: string[]): Promise<string[]> => {
      const run = await execa("zsh", [
        "-f",
        "-c",
        `${stubs}\nsource '${path}'\nwords=(${words.map((w) => `'${w}'`).join(" ")}); CURRENT=${words.length}; _talos_hclgen`,
      ]);
      return run.stdout.split("\n");
    };
    expect((await call("talos-hclgen", "")).slice(0, 2)).toEqual([
      "build:compile specs into OpenTofu/Terraform trees, or --check that they are up to date",
      "impact:say what going from one machines.lock.json to another does to running machines",
    ]);
    const init = await call("talos-hclgen", "init", "--platform", "");
    expect(init).toContain("--platform:value:(proxmox hcloud metal)");
    const explain = await call("talos-hclgen", "explain", "");
    expect(explain).toContain("nodes[].role");
    expect(explain).toContain("registryMirrors.<name>.endpoints");
  });

  it("powershell: a native completer over the same commands, options and fields, fields quoted", async () => {
    const text = (await runBin(["completion", "powershell"], { cwd: work })).stdout;
    expect(text).toContain("Register-ArgumentCompleter -Native -CommandName talos-hclgen");
    expect(text).toContain("$commands = @('build', 'impact', 'validate', 'init', 'import', 'schema', 'explain', 'completion')");
    expect(text).toContain("'build' = @('--out', '-o', '--check',");
    expect(text).toContain("'nodes[].role'");
    expect(text).toContain(`$text = if ($quote) { "'" + $candidate + "'" } else { $candidate }`);
  });
});
