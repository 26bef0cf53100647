/**
 * The CLI surface through the real binary: help and version, usage errors (exit 2, stderr,
 * a suggestion), and the init, schema and explain commands.
 */
import { spawnSync } from "node:child_process";
import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, ROOT, runBin, workspace } from "./harness.js";

let dir: string;
beforeAll(ensureBuilt);
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe("talos-hclgen", () => {
  it("prints help on stdout with --help, and on stderr with exit 2 when no command is given", async () => {
    dir = workspace();
    const help = await runBin(["--help"], { cwd: dir });
    expect(help.exitCode).toBe(0);
    for (const command of ["build", "validate", "init", "schema", "explain"]) expect(help.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    const bare = await runBin([], { cwd: dir });
    expect(bare).toMatchObject({ exitCode: 2, stdout: "" });
    expect(bare.stderr).toContain("Usage: talos-hclgen <command>");
  });

  it("prints the package version", async () => {
    dir = workspace();
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(await runBin(["--version"], { cwd: dir })).toEqual({
      exitCode: 0,
      stdout: `${version}\n`,
      stderr: "",
    });
  });

  it.each(["build", "validate", "init", "schema", "explain"])("has --help for %s", async (command) => {
    dir = workspace();
    const result = await runBin([command, "--help"], { cwd: dir });
    expect(result).toMatchObject({ exitCode: 0, stderr: "" });
    expect(result.stdout).toContain(`Usage: talos-hclgen ${command}`);
  });

  it.each([
    [["buidl"], /unknown command "buidl"[\s\S]*did you mean "build"/],
    [["build", "spec.yaml", "-o", "x", "--chek"], /unknown option "--chek"[\s\S]*did you mean "--check"/],
    [["build", "spec.yaml"], /no output folder given/],
    [["build", "-o", "infra"], /no spec given/],
    [["build", "spec.yaml", "-o", "x/{nmae}"], /unknown placeholder "\{nmae\}"/],
    [["build", "spec.yaml", "-o"], /option "--out" needs a value/],
    [["build", "spec.yaml", "-o", "x", "--check", "--force"], /--force has no effect with --check/],
  ])("reports usage error %j on stderr with exit 2 and no stack trace", async (args, message) => {
    dir = workspace();
    const result = await runBin(args, { cwd: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("reports an unreadable spec as exit 2, naming the path the user typed", async () => {
    dir = workspace();
    const result = await runBin(["build", "missing.yaml", "-o", "infra"], {
      cwd: dir,
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^missing\.yaml: error\[cli\/unreadable-spec\]: cannot read the spec: no such file or folder$/m);
    expect(result.stderr).not.toContain(dir);
  });
});

describe("init", () => {
  it("writes a starter spec with a schema modeline that builds as is", async () => {
    dir = workspace();
    const init = await runBin(["init"], { cwd: dir });
    expect(init).toMatchObject({ exitCode: 0, stderr: "" });
    expect(init.stdout).toContain("wrote cluster.yaml");
    const text = readFileSync(join(dir, "cluster.yaml"), "utf8");
    expect(text.split("\n")[0]).toMatch(/^# yaml-language-server: \$schema=\S+$/);
    const build = await runBin(["build", "cluster.yaml", "-o", "infra"], {
      cwd: dir,
    });
    expect(build.stderr).toBe("");
    expect(build.exitCode).toBe(0);
  });

  it.each(["proxmox", "hcloud", "metal"])("writes a %s starter that builds as is, for that platform", async (platform) => {
    dir = workspace();
    expect((await runBin(["init", "--platform", platform], { cwd: dir })).exitCode).toBe(0);
    expect(readFileSync(join(dir, "cluster.yaml"), "utf8")).toContain(`  platform:\n    ${platform}:`);
    const build = await runBin(["build", "cluster.yaml", "-o", "infra"], { cwd: dir });
    expect(build.stderr).toBe("");
    expect(build.exitCode).toBe(0);
  });

  it("replaces an existing file by a new one (--force), never rewriting it in place", async () => {
    // A hard link shares the file's inode: an in-place write would change it too, a temporary
    // file renamed over the path leaves it as it was (src/cli/write-file-atomically.ts).
    dir = workspace();
    writeFileSync(join(dir, "cluster.yaml"), "old\n");
    linkSync(join(dir, "cluster.yaml"), join(dir, "linked.yaml"));
    expect((await runBin(["init", "--force"], { cwd: dir })).exitCode).toBe(0);
    expect(readFileSync(join(dir, "cluster.yaml"), "utf8")).toContain("kind: Cluster");
    expect(readFileSync(join(dir, "linked.yaml"), "utf8")).toBe("old\n");
    // import -o writes the same way.
    writeFileSync(join(dir, "imported.yaml"), "old\n");
    linkSync(join(dir, "imported.yaml"), join(dir, "imported-link.yaml"));
    const talconfig = join(ROOT, "test/import/talhelper/pi/talconfig.yaml");
    expect((await runBin(["import", "talhelper", talconfig, "-o", "imported.yaml", "--force"], { cwd: dir })).exitCode).toBe(0);
    expect(readFileSync(join(dir, "imported.yaml"), "utf8")).toContain("kind: Cluster");
    expect(readFileSync(join(dir, "imported-link.yaml"), "utf8")).toBe("old\n");
  });

  it("refuses an unknown platform", async () => {
    dir = workspace();
    const refused = await runBin(["init", "--platform", "aws"], { cwd: dir });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--platform "aws" is not one of proxmox, hcloud, metal');
  });

  it("points the modeline at the installed package's schema when there is one", async () => {
    dir = workspace();
    const schema = join(dir, "node_modules/talos-hclgen/schemas/talos-hclgen.schema.json");
    mkdirSync(join(schema, ".."), { recursive: true });
    writeFileSync(schema, "{}");
    expect((await runBin(["init", "envs/prod.yaml", "--name", "prod"], { cwd: dir })).exitCode).toBe(0);
    const text = readFileSync(join(dir, "envs/prod.yaml"), "utf8");
    expect(text.split("\n")[0]).toBe("# yaml-language-server: $schema=../node_modules/talos-hclgen/schemas/talos-hclgen.schema.json");
    expect(text).toMatch(/^ {2}name: prod\b/m);
  });

  it("refuses to overwrite an existing file without --force", async () => {
    dir = workspace();
    writeFileSync(join(dir, "cluster.yaml"), "mine\n");
    const refused = await runBin(["init"], { cwd: dir });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('"cluster.yaml" already exists');
    expect(readFileSync(join(dir, "cluster.yaml"), "utf8")).toBe("mine\n");
    expect((await runBin(["init", "--force"], { cwd: dir })).exitCode).toBe(0);
    expect(readFileSync(join(dir, "cluster.yaml"), "utf8")).toContain("apiVersion: talos-hclgen/v1");
  });

  it("never replaces anything but a regular file, even with --force: a FIFO, a device, a folder (init and import)", async () => {
    dir = workspace();
    spawnSync("mkfifo", [join(dir, "pipe.yaml")]);
    mkdirSync(join(dir, "folder.yaml"));
    const talconfig = join(ROOT, "test", "import", "talhelper", "homelab", "talconfig.yaml");
    for (const [path, kind] of [
      ["pipe.yaml", "a named pipe (FIFO)"],
      ["/dev/null", "a character device"],
      ["folder.yaml", "a folder"],
    ] as const) {
      const init = await runBin(["init", path, "--platform", "metal", "--force"], { cwd: dir });
      expect(init.exitCode, path).toBe(2);
      const shown = path.startsWith("/") ? relative(dir, path) : path;
      expect(init.stderr, path).toBe(
        `talos-hclgen init: error: "${shown}" already exists and is ${kind}\nhint: choose another path: only a regular file is ever replaced\n`,
      );
      const imported = await runBin(["import", "talhelper", talconfig, "-o", path, "--force"], { cwd: dir });
      expect(imported.exitCode, path).toBe(2);
      expect(imported.stderr, path).toContain(`"${shown}" already exists and is ${kind}`);
    }
    expect(lstatSync(join(dir, "pipe.yaml")).isFIFO()).toBe(true);
    expect(lstatSync("/dev/null").isCharacterDevice()).toBe(true);
  });

  it("rejects a --name that is not a DNS label", async () => {
    dir = workspace();
    expect((await runBin(["init", "--name", "My Cluster"], { cwd: dir })).exitCode).toBe(2);
    expect(existsSync(join(dir, "cluster.yaml"))).toBe(false);
  });
});

describe("schema", () => {
  it("prints the packaged JSON Schema byte for byte", async () => {
    dir = workspace();
    const result = await runBin(["schema"], { cwd: dir });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(readFileSync(join(ROOT, "schemas/talos-hclgen.schema.json"), "utf8"));
  });
});

describe("explain", () => {
  it("documents a field: type, description, allowed values", async () => {
    dir = workspace();
    const result = await runBin(["explain", "spec.nodes.role"], { cwd: dir });
    expect(result).toMatchObject({ exitCode: 0, stderr: "" });
    expect(result.stdout).toMatch(/^spec\.nodes\[\]\.role <string> required\n/);
    expect(result.stdout).toContain('"controlplane", "worker"');
  });

  it("accepts paths without spec. and with [] and lists child fields", async () => {
    dir = workspace();
    const result = await runBin(["explain", "nodes[]"], { cwd: dir });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^ {2}address +<string>/m);
  });

  it("exits 2 with a suggestion for an unknown field", async () => {
    dir = workspace();
    const result = await runBin(["explain", "nodes[].rol"], { cwd: dir });
    expect(result).toMatchObject({ exitCode: 2, stdout: "" });
    expect(result.stderr).toContain('unknown field "rol" in spec.nodes[]');
    expect(result.stderr).toContain('did you mean "role"?');
  });
});
