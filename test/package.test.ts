/**
 * The package as users get it: `npm pack`, installed into a scratch project, then the bin
 * (init, build, --check, validate --offline) and a TypeScript import of the library. Only what
 * is not bundled is installed with it, no source maps ship, and `npm pack` prints nothing but
 * the tarball's name (pre-commit reads that line to install the hook).
 */
import { execa } from "execa";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./golden-corpus.js";
import { ensureBuilt } from "./cli/harness.js";
import { tools, toolsRequired } from "./real/tools.js";

const work = mkdtempSync(join(tmpdir(), "talos-hclgen-package-"));
const project = join(work, "project");
let tarball = "";

beforeAll(async () => {
  await ensureBuilt();
  const packed = await execa("npm", ["pack", "--pack-destination", work], { cwd: ROOT, env: { npm_config_loglevel: "warn" } });
  tarball = join(work, packed.stdout.trim());
  await execa("mkdir", ["-p", project]);
  await execa("npm", ["init", "-y"], { cwd: project });
  await execa("npm", ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: project });
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bin = (): string => join(project, "node_modules", ".bin", "talos-hclgen");

describe("the packed package", () => {
  it("npm pack prints the tarball's name and nothing else", async () => {
    const packed = await execa("npm", ["pack", "--dry-run"], { cwd: ROOT, env: { npm_config_loglevel: "warn" } });
    expect(packed.stdout.trim().split("\n")).toEqual(["talos-hclgen-0.1.0.tgz"]);
  });

  it("ships no source maps and installs only what it does not bundle", () => {
    const installed = readdirSync(join(project, "node_modules", "talos-hclgen", "dist"));
    expect(installed.filter((f) => f.endsWith(".map"))).toEqual([]);
    expect(installed).toEqual(expect.arrayContaining(["cli.cjs", "index.js", "launcher.cjs", "stub-provider.mjs", "types"]));
    for (const bundled of ["execa", "fast-glob", "yaml", "ajv"]) {
      expect(existsSync(join(project, "node_modules", bundled)), bundled).toBe(false);
    }
    expect(existsSync(join(project, "node_modules", "@cdktf", "hcl2json"))).toBe(true);
    for (const doc of ["LICENSE", "README.md", "docs/workflow.md", "docs/spec-reference.md", "docs/diagnostics.md"]) {
      expect(existsSync(join(project, "node_modules", "talos-hclgen", doc)), doc).toBe(true);
    }
  });

  it("inits, builds and checks a spec through the installed bin", async () => {
    for (const platform of ["proxmox", "hcloud", "metal"]) {
      const spec = `${platform}.yaml`;
      expect((await execa(bin(), ["init", spec, "--platform", platform], { cwd: project })).exitCode).toBe(0);
      expect((await execa(bin(), ["build", spec, "-o", `infra-${platform}`, "-q"], { cwd: project })).exitCode).toBe(0);
      expect((await execa(bin(), ["build", spec, "-o", `infra-${platform}`, "--check", "-q"], { cwd: project })).exitCode).toBe(0);
    }
  });

  it.skipIf(tools === null && !toolsRequired)("validates a tree offline with the schemas it ships (needs tofu: npm run tools)", async () => {
    if (tools === null) throw new Error("no tofu: run npm run tools (CI=true: this test never skips)");
    const result = await execa(bin(), ["validate", "infra-proxmox", "--offline"], {
      cwd: project,
      env: { TALOS_HCLGEN_TOFU: tools?.tofu ?? "" },
      reject: false,
    });
    expect(result.stdout + result.stderr).toContain("infra-proxmox: valid (tofu, offline)");
    expect(result.exitCode).toBe(0);
  });

  it("is imported by TypeScript with its types, and runs", async () => {
    writeFileSync(
      join(project, "use.mts"),
      [
        'import { compile, type CompileResult } from "talos-hclgen";',
        'import { readFileSync } from "node:fs";',
        'const result: CompileResult = compile(readFileSync("proxmox.yaml", "utf8"), { specPath: "proxmox.yaml" });',
        "console.log(result.files.length, result.diagnostics.length);",
        "",
      ].join("\n"),
    );
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, types: [], skipLibCheck: false, lib: ["ES2023"] } }),
    );
    const typed = await execa(join(ROOT, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.json", "--typeRoots", join(ROOT, "node_modules", "@types"), "--types", "node"], { cwd: project, reject: false });
    expect(typed.stdout + typed.stderr).toBe("");
    const ran = await execa("node", ["--experimental-strip-types", "--no-warnings", "use.mts"], { cwd: project, reject: false });
    if (ran.exitCode !== 0) {
      // Node 20 cannot strip types: run the same import as JavaScript.
      writeFileSync(join(project, "use.mjs"), 'import { compile } from "talos-hclgen";\nimport { readFileSync } from "node:fs";\nconst r = compile(readFileSync("proxmox.yaml", "utf8"), { specPath: "proxmox.yaml" });\nconsole.log(r.files.length, r.diagnostics.length);\n');
      const js = await execa("node", ["use.mjs"], { cwd: project });
      expect(js.stdout).toMatch(/^\d+ 0$/);
    } else {
      expect(ran.stdout).toMatch(/^\d+ 0$/);
    }
  });
});
