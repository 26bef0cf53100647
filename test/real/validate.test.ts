/**
 * Real validate: every golden tree through the real OpenTofu, with the real providers the Go
 * module proxy serves (bpg/proxmox, hetznercloud/hcloud, integrations/github) and the doubles
 * (their schemas in schemas/providers/) for the rest: `tofu fmt -check -recursive`, `tofu init
 * -backend=false` from the local mirror, `tofu validate`. A warning fails too: the real
 * providers warn about arguments they ignore.
 */
import { execa } from "execa";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ROOT } from "../golden-corpus.js";
import { describeWithTools, type Tools } from "./tools.js";
import { realTrees } from "./trees.js";
import { makeMirrors, type Mirrors } from "./workspace.js";

interface ValidateJson {
  valid: boolean;
  diagnostics: { severity: string; summary: string; detail?: string; range?: { filename: string; start: { line: number } } }[];
}

async function validate(tools: Tools, mirrors: Mirrors, dir: string): Promise<string[]> {
  const cliConfig = join(dir, "..", `${dir.split("/").pop() ?? "tree"}.tfrc`);
  writeFileSync(cliConfig, `provider_installation {\n  filesystem_mirror {\n    path = ${JSON.stringify(mirrors.real)}\n  }\n}\n`);
  const env = { TF_CLI_CONFIG_FILE: cliConfig, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1" };
  const init = await execa(tools.tofu, ["init", "-backend=false", "-input=false", "-no-color"], { cwd: dir, env, reject: false });
  if (init.exitCode !== 0) return [`init: ${init.stderr || init.stdout}`];
  const run = await execa(tools.tofu, ["validate", "-json", "-no-color"], { cwd: dir, env, reject: false });
  const result = JSON.parse(run.stdout) as ValidateJson;
  return result.diagnostics.map(
    (d) => `${d.severity}: ${d.summary}${d.range ? ` (${d.range.filename}:${d.range.start.line})` : ""}${d.detail ? `: ${d.detail}` : ""}`,
  );
}

describeWithTools("golden trees pass the real tofu fmt and validate", (tools) => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-real-validate-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const mirrors = makeMirrors(tools, join(work, "mirrors"));

  it("tofu fmt -check -recursive finds nothing in golden/", async () => {
    const run = await execa(tools.tofu, ["fmt", "-check", "-recursive", "-diff", join(ROOT, "golden")], {
      reject: false,
      env: { TF_CLI_CONFIG_FILE: "/dev/null", CHECKPOINT_DISABLE: "1" },
    });
    expect(run.stdout, run.stderr).toBe("");
    expect(run.exitCode, run.stderr).toBe(0);
  });

  for (const tree of realTrees()) {
    it(tree.name, async () => {
      const dir = join(work, tree.name);
      for (const file of tree.files) {
        mkdirSync(dirname(join(dir, file.path)), { recursive: true });
        writeFileSync(join(dir, file.path), file.contents);
      }
      expect(await validate(tools, mirrors, dir)).toEqual([]);
    });
  }

  it("a wrong provider argument fails it, with the real provider's schema", async () => {
    const dir = join(work, "broken");
    cpSync(join(ROOT, "golden", "ha-proxmox"), dir, { recursive: true });
    const main = join(dir, "modules", "proxmox-nodes", "main.tf");
    writeFileSync(main, readFileSync(main, "utf8").replace('scsi_hardware = "', 'scsi_controller = "'));
    const problems = await validate(tools, mirrors, dir);
    expect(problems.join("\n")).toContain("error: Unsupported argument (modules/proxmox-nodes/main.tf:");
    expect(problems.join("\n")).toContain('An argument named "scsi_controller" is not expected here.');
  });
});
