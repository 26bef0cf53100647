/**
 * `import talhelper`: each talconfig in test/import/talhelper/ imports to its expected spec
 * and diagnostics, whole; a spec it writes builds with no error; and the command, run as a
 * process, writes the spec or nothing, with the exit codes of the CLI.
 */
import { execa } from "execa";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { compile } from "../src/index.js";
import { importTalhelper } from "../src/import/talhelper/index.js";
import { ROOT } from "./golden-corpus.js";
import { listImportCases, readExpected, runImportCase } from "./import-corpus.js";

describe("import talhelper: the corpus", () => {
  it("has cases", () => {
    expect(listImportCases().length).toBeGreaterThanOrEqual(3);
  });

  for (const name of listImportCases()) {
    it(`${name}: imports to expected/ whole`, () => {
      const result = runImportCase(name);
      expect(Object.fromEntries(result.expected)).toEqual(Object.fromEntries(readExpected(name)));
      if (result.specText === undefined) return;
      const built = compile(result.specText, { specPath: "spec.yaml" });
      expect(built.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(built.files.length).toBeGreaterThan(10);
    });
  }
});

describe("import talhelper: what a talconfig says is carried or reported, never dropped", () => {
  const talconfig = (nodes: string) => `clusterName: lab
talosVersion: v1.13.9
endpoint: https://10.40.0.11:6443
nodes:
${nodes}`;
  const node = (name: string, address: string, extra: string) =>
    `  - hostname: ${name}\n    ipAddress: ${address}\n    controlPlane: true\n    installDisk: /dev/sda\n${extra}` +
    (extra.includes("networkInterfaces") ? "" : `    networkInterfaces:\n      - interface: enp1s0\n        addresses: [${address}/24]\n`);
  const importText = (text: string) => importTalhelper(text, "talconfig.yaml", () => undefined);

  it("carries a bridge's STP and VLAN filtering", () => {
    const bridge = `    networkInterfaces:
      - interface: br0
        addresses: [10.40.0.11/24]
        bridge:
          stp: { enabled: true }
          vlan: { vlanFiltering: true }
          interfaces: [enp1s0]
`;
    const result = importText(talconfig(node("cp-1", "10.40.0.11", bridge)));
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const spec = parse(result.specText ?? "") as { spec: { nodes: Array<{ networks: Array<{ bridge: Record<string, unknown> }> }> } };
    expect(spec.spec.nodes[0]?.networks[0]?.bridge).toMatchObject({ stp: true, vlanFiltering: true });
  });

  it("does not drop nameservers that differ between nodes", () => {
    const result = importText(
      talconfig(
        node("cp-1", "10.40.0.11", "    nameservers: [10.40.0.1]\n") +
          node("cp-2", "10.40.0.12", "    nameservers: [10.40.0.2]\n") +
          node("cp-3", "10.40.0.13", ""),
      ),
    );
    const said = result.diagnostics.map((d) => `${d.path?.join(".") ?? ""} ${d.message}`).join("\n");
    const carried = result.specText ?? "";
    // Either each node's list is in the spec, or the import says, at a node's nameservers, that it is not.
    const reported = said.includes(".nameservers ");
    for (const address of ["10.40.0.1", "10.40.0.2"]) expect(carried.includes(`- ${address}`) || reported, `${address}\n${said}\n${carried}`).toBe(true);
  });
});

describe("import talhelper: the command", () => {
  const work = mkdtempSync(join(tmpdir(), "talos-hclgen-import-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const cli = join(ROOT, "bin", "talos-hclgen.js");
  const schemaId = (JSON.parse(readFileSync(join(ROOT, "schemas", "talos-hclgen.schema.json"), "utf8")) as { $id: string }).$id;
  const MODELINE = `# yaml-language-server: $schema=${schemaId}\n`;
  const run = (args: string[]) => execa(process.execPath, [cli, ...args], { cwd: ROOT, reject: false, env: { NO_COLOR: "1", TALOS_HCLGEN_NO_CACHE: "1" } });

  it("writes the spec with -o, refuses to overwrite it, and says what is next", async () => {
    const out = join(work, "homelab.yaml");
    const first = await run(["import", "talhelper", "test/import/talhelper/homelab/talconfig.yaml", "-o", out]);
    expect(first.exitCode, first.stderr).toBe(0);
    // The editor's modeline first, as init writes it (no node_modules/talos-hclgen here: the schema's URL).
    expect(readFileSync(out, "utf8")).toBe(`${MODELINE}${readExpected("homelab").get("spec.yaml") ?? ""}`);
    expect(first.stderr).toContain("next: npx talos-hclgen build");
    const again = await run(["import", "talhelper", "test/import/talhelper/homelab/talconfig.yaml", "-o", out]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain("already exists");
  });

  it("prints the spec on stdout without -o", async () => {
    const result = await run(["import", "talhelper", "test/import/talhelper/homelab/talconfig.yaml"]);
    expect(result.exitCode).toBe(0);
    // execa drops the output's final newline.
    expect(`${result.stdout}\n`).toBe(`${MODELINE}${readExpected("homelab").get("spec.yaml") ?? ""}`);
  });

  it("writes nothing and exits 2 when the talconfig cannot be carried over", async () => {
    const out = join(work, "refused.yaml");
    const result = await run(["import", "talhelper", "test/import/talhelper/refused/talconfig.yaml", "-o", out]);
    expect(result.exitCode).toBe(2);
    expect(existsSync(out)).toBe(false);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("error[import/");
  });

  it("exits 2 on a usage mistake and on a file it cannot read", async () => {
    expect((await run(["import", "helmfile", "x.yaml"])).exitCode).toBe(2);
    expect((await run(["import", "talhelper"])).exitCode).toBe(2);
    const missing = await run(["import", "talhelper", join(work, "nope.yaml")]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("cannot read");
  });

  const node =
    "nodes:\n  - hostname: cp-1\n    ipAddress: 10.0.0.11\n    controlPlane: true\n    networkInterfaces:\n      - interface: eth0\n        addresses: [10.0.0.11/24]\n";

  it("writes the spec but exits 2 when it would not build, saying why", async () => {
    const talconfig = join(work, "old-kubernetes.yaml");
    writeFileSync(talconfig, `clusterName: lab\ntalosVersion: v1.13.9\nkubernetesVersion: v1.20.0\nendpoint: https://10.0.0.11:6443\n${node}`);
    const out = join(work, "old-kubernetes-spec.yaml");
    const result = await run(["import", "talhelper", talconfig, "-o", out]);
    expect(result.exitCode).toBe(2);
    expect(existsSync(out)).toBe(true);
    expect(result.stderr).toContain("the spec does not build yet");
    expect(result.stderr).toContain("error[spec/");
  });

  it("refuses a JSON Patch path through __proto__, constructor or prototype: the spec leaves it out, and --strict writes nothing", async () => {
    for (const key of ["__proto__", "constructor", "prototype"]) {
      const talconfig = join(work, `pollute-${key}.yaml`);
      writeFileSync(
        talconfig,
        `clusterName: lab\ntalosVersion: v1.13.9\nendpoint: https://10.0.0.11:6443\npatches:\n  - |-\n    - op: add\n      path: /${key}/specText\n      value: "apiVersion: evil"\n${node}`,
      );
      const out = join(work, `pollute-${key}-spec.yaml`);
      const strict = await run(["import", "talhelper", talconfig, "-o", out, "--strict"]);
      expect(strict.exitCode, strict.stderr).toBe(2);
      expect(existsSync(out)).toBe(false);
      expect(strict.stderr).toBe(
        `${relative(ROOT, talconfig)}:5:5: error[import/unsupported]: the JSON Patch path "/${key}/specText" walks through "${key}", which is no configuration field\n` +
          "  hint: a JSON Patch may only address the machine configuration's own fields\n1 error\n" +
          "nothing was written (--strict): the errors above leave parts of the talconfig out",
      );
      // Without --strict: the spec without the patch, which stays a comment; nothing polluted.
      const result = await run(["import", "talhelper", talconfig, "-o", out]);
      expect(result.exitCode).toBe(2);
      const spec = parse(readFileSync(out, "utf8")) as { spec: Record<string, unknown>; specText?: unknown };
      expect(spec.specText).toBeUndefined();
      expect(spec.spec["patches"]).toBeUndefined();
      expect(readFileSync(out, "utf8")).toContain("# Not carried over: patches[0] (");
      expect(({} as Record<string, unknown>)["specText"]).toBeUndefined();
    }
  });

  it("reads a patch under the spec's limits: an alias bomb or a runaway nesting, inline or in a file, is an error, not a crash", async () => {
    const laughs = ['l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) laughs.push(`l${i}: &l${i} [${Array.from({ length: 9 }, () => `*l${i - 1}`).join(", ")}]`);
    writeFileSync(join(work, "bomb.yaml"), `machine:\n  bomb:\n${laughs.map((line) => `    ${line}`).join("\n")}\n`);
    writeFileSync(join(work, "deep.yaml"), `${"[".repeat(5000)}${"]".repeat(5000)}\n`);
    const inline = `  - |-\n    machine:\n${laughs.map((line) => `      ${line}`).join("\n")}\n`;
    for (const [name, patch, problem] of [
      ["inline", inline, /the patch cannot be read: (aliases repeat more than 100000 values|its aliases expand)/],
      ["file", "  - '@bomb.yaml'\n", /the patch cannot be read: (aliases repeat more than 100000 values|its aliases expand)/],
      ["deep", "  - '@deep.yaml'\n", /the patch cannot be read: maps and lists nest more than 64 levels deep here/],
    ] as const) {
      const talconfig = join(work, `bomb-${name}.yaml`);
      writeFileSync(talconfig, `clusterName: lab\ntalosVersion: v1.13.9\nendpoint: https://10.0.0.11:6443\npatches:\n${patch}${node}`);
      const out = join(work, `bomb-${name}-spec.yaml`);
      const result = await run(["import", "talhelper", talconfig, "-o", out, "--strict"]);
      expect(result.exitCode, `${name}: ${result.stderr}`).toBe(2);
      expect(result.stderr, name).toMatch(problem);
      expect(result.stderr, name).toContain("error[import/patch-file]");
      expect(existsSync(out), name).toBe(false);
    }
  });

  it("reads @ files only from the talconfig's folder tree: an absolute path or one that climbs out is refused", async () => {
    const folder = join(work, "reach");
    mkdirSync(join(folder, "patches"), { recursive: true });
    writeFileSync(join(work, "outside.yaml"), "machine:\n  env:\n    FROM: outside\n");
    writeFileSync(join(folder, "patches", "inside.yaml"), "machine:\n  env:\n    FROM: inside\n");
    symlinkSync(join(work, "outside.yaml"), join(folder, "patches", "link.yaml"));
    const talconfig = join(folder, "talconfig.yaml");
    writeFileSync(
      talconfig,
      `clusterName: lab\ntalosVersion: v1.13.9\nendpoint: https://10.0.0.11:6443\npatches:\n  - "@patches/inside.yaml"\n  - "@${join(work, "outside.yaml")}"\n  - "@../outside.yaml"\n  - "@patches/link.yaml"\n${node}`,
    );
    const result = await run(["import", "talhelper", talconfig]);
    expect(result.exitCode).toBe(2);
    // The spec carries the patch from inside the folder and none of the others' text.
    expect(result.stdout).toContain("FROM: inside");
    expect(result.stdout).not.toContain("outside\n");
    const refused = result.stderr.split("\n").filter((line) => line.includes("error[import/patch-file]"));
    expect(refused.map((line) => /:(\d+):\d+: /.exec(line)?.[1])).toEqual(["6", "7", "8"]);
    for (const line of refused) expect(line).toContain("is outside the talconfig's folder, and its text would go into the spec");
    expect(result.stderr).not.toContain("FROM");
  });

  it("never copies a plain-text secret of the talconfig into a spec", async () => {
    const secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    const talconfig = join(work, "secret.yaml");
    writeFileSync(
      talconfig,
      `clusterName: lab\nendpoint: https://10.0.0.11:6443\npatches:\n  - |-\n    machine:\n      env:\n        AWS_SECRET_ACCESS_KEY: ${secret}\n${node}`,
    );
    const out = join(work, "secret-spec.yaml");
    const result = await run(["import", "talhelper", talconfig, "-o", out]);
    expect(result.exitCode).toBe(2);
    expect(existsSync(out)).toBe(false);
    expect(result.stderr).toContain("spec/secret-in-spec");
    expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
    const piped = await run(["import", "talhelper", talconfig]);
    expect(piped.exitCode).toBe(2);
    expect(piped.stdout).toBe("");
  });
});
