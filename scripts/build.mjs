#!/usr/bin/env node
// Build: precompile what would otherwise cost time at every start (the ajv validator for the
// spec schema, the Handlebars templates), then bundle the CLI into one file so a pre-commit
// hook pays for a single module load. Run by `npm ci` (prepare) and `npm test`.
import { build } from "esbuild";
import fg from "fast-glob";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

for (const step of ["precompile-schema.mjs", "precompile-templates.mjs"]) {
  const script = join(root, "scripts", step);
  if (existsSync(script)) await (await import(script)).default(root);
}

// Start from an empty dist/: stale chunks of an earlier build would otherwise ship.
rmSync(join(root, "dist"), { recursive: true, force: true });

// The schema-only stub provider that offline validate starts (twice per provider per run):
// one self-contained file with no imports to resolve, so each launch is Node's startup only.
await build({
  entryPoints: [join(root, "src/validate/stub-provider/main.ts")],
  outfile: join(root, "dist/stub-provider.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  legalComments: "none",
  logLevel: "warning",
});

// What the CLI's output is a function of, besides the spec: every source, template, schema and
// data file, and the dependency pins. The up-to-date cache (src/cli/commands/build-cache.ts)
// keys on it, so a rebuilt compiler never trusts what an older one wrote.
const inputs = (
  await fg(["src/**", "templates/**", "schemas/**", "data/**", "package.json", "package-lock.json"], { cwd: root })
).sort();
const buildId = createHash("sha256");
for (const file of inputs) buildId.update(file).update("\0").update(readFileSync(join(root, file))).update("\0");

await build({
  define: { __TALOS_HCLGEN_BUILD_ID__: JSON.stringify(buildId.digest("hex")) },
  entryPoints: [join(root, "src/cli/main.ts"), join(root, "src/index.ts")],
  outdir: join(root, "dist"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  splitting: true,
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  // Libraries only some commands need stay outside the bundle and are imported lazily.
  // fast-glob is bundled instead: its dynamic import still becomes a chunk of its own, loaded
  // only for glob arguments, and one file loads in ~9 ms where its ~25 CommonJS files from
  // node_modules took ~27 ms (CPU, Node 20) on every `build 'clusters/*.yaml'` pre-commit run.
  external: ["@cdktf/hcl2json", "prettier", "execa"],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
