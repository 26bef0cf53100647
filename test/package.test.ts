/**
 * The package as users get it: `npm pack`, installed into a scratch project, then the bin
 * (init, build, --check, validate --offline) and a TypeScript import of the library. Only what
 * is not bundled is installed with it, no source maps ship, and `npm pack` prints nothing but
 * the tarball's name (pre-commit reads that line to install the hook). The install warms the code
 * cache of `build` (scripts/warm-code-cache.mjs), which the first build uses.
 */
import { execa } from "execa";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./golden-corpus.js";
import { ensureBuilt } from "./cli/harness.js";
import { tools, toolsRequired } from "./real/tools.js";

const work = mkdtempSync(join(tmpdir(), "talos-hclgen-package-"));
const project = join(work, "project");
/** The cache folder of the install and of the runs that check what it warmed. */
const cache = join(work, "cache");
let tarball = "";

beforeAll(async () => {
  await ensureBuilt();
  const packed = await execa("npm", ["pack", "--pack-destination", work], { cwd: ROOT, env: { npm_config_loglevel: "warn" } });
  tarball = join(work, packed.stdout.trim());
  await execa("mkdir", ["-p", project]);
  await execa("npm", ["init", "-y"], { cwd: project });
  await execa("npm", ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: project, env: { TALOS_HCLGEN_CACHE_DIR: cache } });
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

  it("warms the code cache of build at install, and nothing else, which the first build then uses", async () => {
    expect(readdirSync(cache)).toEqual(["code"]);
    const caches = readdirSync(join(cache, "code"));
    expect(caches).toHaveLength(1);
    expect(caches[0]).toMatch(new RegExp(`^build-[0-9a-f]{16}-node${process.versions.node.replaceAll(".", "\\.")}-${process.arch}\\.v8$`));
    const env = { TALOS_HCLGEN_CACHE_DIR: cache, TALOS_HCLGEN_DEBUG: "code-cache" };
    await execa(bin(), ["init", "first.yaml", "--platform", "hcloud"], { cwd: project, env: { TALOS_HCLGEN_NO_CACHE: "1" } });
    const first = await execa(bin(), ["build", "first.yaml", "-o", "infra-first", "--check", "-q"], { cwd: project, env, reject: false });
    expect(first.stderr).toContain("code cache: used");
    expect(first.exitCode).toBe(1); // the tree does not exist yet
  });

  it("ships the examples the README names, without the test-only ones, and each builds through the installed bin", async () => {
    const shipped = readdirSync(join(project, "node_modules", "talos-hclgen", "fixtures")).sort();
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const named = /Complete examples, one per supported\s+setup[\s\S]*?Copy one/.exec(readme)?.[0] ?? "";
    const listed = [...named.matchAll(/`([a-z0-9.-]+)`/g)].map((m) => m[1] ?? "").filter((n) => n !== "fixtures/" && !n.includes("/"));
    expect(shipped).toEqual([...new Set(listed)].sort());
    expect(shipped.filter((n) => n.startsWith("error-") || n.startsWith("seed-") || n === "spec-sketch")).toEqual([]);
    const examples = join(project, "examples");
    mkdirSync(examples);
    for (const name of shipped) {
      const files = readdirSync(join(project, "node_modules", "talos-hclgen", "fixtures", name));
      expect(files, name).toEqual(["spec.yaml"]);
      cpSync(join(project, "node_modules", "talos-hclgen", "fixtures", name, "spec.yaml"), join(examples, `${name}.yaml`));
    }
    const built = await execa(bin(), ["build", "examples/*.yaml", "-o", "examples-out/{stem}", "-q"], { cwd: project, reject: false });
    expect(built.exitCode, built.stderr).toBe(0);
    expect(readdirSync(join(project, "examples-out")).sort()).toEqual(shipped);
  });

  it("inits, builds and checks a spec through the installed bin", async () => {
    for (const platform of ["proxmox", "hcloud", "metal"]) {
      const spec = `${platform}.yaml`;
      expect((await execa(bin(), ["init", spec, "--platform", platform], { cwd: project })).exitCode).toBe(0);
      expect((await execa(bin(), ["build", spec, "-o", `infra-${platform}`, "-q"], { cwd: project })).exitCode).toBe(0);
      expect((await execa(bin(), ["build", spec, "-o", `infra-${platform}`, "--check", "-q"], { cwd: project })).exitCode).toBe(0);
    }
  });

  it("explains a refused spec through the bin and the library, from the validator it loads only then", async () => {
    // The explaining validator is a file of its own (dist/generated/, scripts/precompile-schema.mjs).
    expect(existsSync(join(project, "node_modules", "talos-hclgen", "dist", "generated", "schema-validator.cjs"))).toBe(true);
    writeFileSync(join(project, "typo.yaml"), "apiVersion: talos-hclgen/v1\nkind: Cluster\nmetadata:\n  nmae: x\n");
    const refused = await execa(bin(), ["build", "typo.yaml", "-o", "infra-typo", "--no-color"], { cwd: project, reject: false });
    expect({ exitCode: refused.exitCode, stderr: refused.stderr }).toEqual({
      exitCode: 2,
      stderr: [
        'typo.yaml:1:1: error[schema/required]: missing required field "spec" at the top level',
        'typo.yaml:4:3: error[schema/unknown-field]: unknown field "nmae" in metadata',
        '  hint: did you mean "name"?',
        "2 errors",
        "nothing was written",
      ].join("\n"),
    });
    writeFileSync(
      join(project, "typo.mjs"),
      'import { compile } from "talos-hclgen";\nimport { readFileSync } from "node:fs";\nconst r = compile(readFileSync("typo.yaml", "utf8"), { specPath: "typo.yaml" });\nconsole.log(r.diagnostics.map((d) => d.code).join(" "));\n',
    );
    expect((await execa("node", ["typo.mjs"], { cwd: project })).stdout).toBe("schema/required schema/unknown-field");
    // The same through require(), for CommonJS projects (dist/index.cjs).
    writeFileSync(
      join(project, "typo.cjs"),
      'const { compile } = require("talos-hclgen");\nconst { readFileSync } = require("node:fs");\nconst r = compile(readFileSync("typo.yaml", "utf8"), { specPath: "typo.yaml" });\nconsole.log(r.diagnostics.map((d) => d.code).join(" "));\n',
    );
    expect((await execa("node", ["typo.cjs"], { cwd: project })).stdout).toBe("schema/required schema/unknown-field");
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
      JSON.stringify({
        compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, types: [], skipLibCheck: false, lib: ["ES2023"] },
      }),
    );
    const typed = await execa(
      join(ROOT, "node_modules", ".bin", "tsc"),
      ["-p", "tsconfig.json", "--typeRoots", join(ROOT, "node_modules", "@types"), "--types", "node"],
      { cwd: project, reject: false },
    );
    expect(typed.stdout + typed.stderr).toBe("");
    const ran = await execa("node", ["--experimental-strip-types", "--no-warnings", "use.mts"], { cwd: project, reject: false });
    if (ran.exitCode !== 0) {
      // Node 20 cannot strip types: run the same import as JavaScript.
      writeFileSync(
        join(project, "use.mjs"),
        'import { compile } from "talos-hclgen";\nimport { readFileSync } from "node:fs";\nconst r = compile(readFileSync("proxmox.yaml", "utf8"), { specPath: "proxmox.yaml" });\nconsole.log(r.files.length, r.diagnostics.length);\n',
      );
      const js = await execa("node", ["use.mjs"], { cwd: project });
      expect(js.stdout).toMatch(/^\d+ 0$/);
    } else {
      expect(ran.stdout).toMatch(/^\d+ 0$/);
    }
  });
});
