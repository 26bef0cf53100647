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

/** What every bundle shares: self-contained files for the Node line the package supports. */
const bundle = (options) => build({ bundle: true, platform: "node", target: "node20", legalComments: "none", logLevel: "warning", ...options });

// The schema-only stub provider that offline validate starts (twice per provider per run):
// one self-contained file with no imports to resolve, so each launch is Node's startup only.
await bundle({
  entryPoints: [join(root, "src/validate/stub-provider/main.ts")],
  outfile: join(root, "dist/stub-provider.mjs"),
  format: "esm",
});

// What the CLI's output is a function of, besides the spec: every source, template, schema and
// data file, the scripts that turn them into dist/, and the dependency pins. The up-to-date cache (src/cli/commands/build-cache.ts)
// keys on it, so a rebuilt compiler never trusts what an older one wrote.
const inputs = (
  await fg(["src/**", "templates/**", "schemas/**", "data/**", "scripts/build.mjs", "scripts/precompile-*.mjs", "package.json", "package-lock.json"], {
    cwd: root,
  })
).sort();
const buildId = createHash("sha256");
for (const file of inputs)
  buildId
    .update(file)
    .update("\0")
    .update(readFileSync(join(root, file)))
    .update("\0");

const define = { __TALOS_HCLGEN_BUILD_ID__: JSON.stringify(buildId.digest("hex")) };
// Libraries only some commands need stay outside the bundles and are imported lazily (execa
// and @cdktf/hcl2json for validate, prettier never at run time).
const external = ["@cdktf/hcl2json", "prettier", "execa"];

// The library (`import { compile } from "talos-hclgen"`): ESM, as the package is.
await bundle({
  define,
  entryPoints: [join(root, "src/index.ts")],
  outdir: join(root, "dist"),
  format: "esm",
  splitting: true,
  sourcemap: "linked",
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

// The library for require() (CommonJS projects, and tools that load plugins with require):
// the same code in one CommonJS file. import.meta.url is this file's URL, as in the ESM build.
await bundle({
  define: { ...define, "import.meta.url": "__importMetaUrl" },
  entryPoints: [join(root, "src/index.ts")],
  outfile: join(root, "dist/index.cjs"),
  format: "cjs",
  external,
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
});

// Libraries only one command needs, each bundled into its own CommonJS file beside the CLI:
// V8 reads and pre-parses every byte of a script it is given, used or not, so a library left in
// dist/cli.cjs costs every run its size (execa and its helpers are ~280 kB, fast-glob's ~170 kB;
// measured: parse time grows with the bundle's bytes). One file each still loads faster than
// their dozens of CommonJS files in node_modules.
const vendored = { execa: "vendor-execa.cjs", "fast-glob": "vendor-fast-glob.cjs" };
for (const [name, file] of Object.entries(vendored)) {
  await bundle({
    stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: root, loader: "js" },
    outfile: join(root, "dist", file),
    format: "cjs",
    minifyWhitespace: true,
    minifySyntax: true,
  });
}
// The explaining schema validator, which src/spec/schema-validator.ts loads only for a spec the
// accepting one refused (scripts/precompile-schema.mjs): one self-contained file, at the path
// it has beside the sources, relative to every dist/ bundle and chunk.
await bundle({
  entryPoints: [join(root, "src/spec/generated/schema-validator.cjs")],
  outfile: join(root, "dist/generated/schema-validator.cjs"),
  format: "cjs",
  minifyWhitespace: true,
  minifySyntax: true,
});

/** Points the CLI's imports of a vendored library at its file beside dist/cli.cjs. */
const vendorPlugin = {
  name: "vendored",
  setup(build) {
    const filter = new RegExp(`^(${Object.keys(vendored).join("|")})$`);
    build.onResolve({ filter }, (args) => ({ path: `./${vendored[args.path]}`, external: true }));
  },
};

// The CLI: one CommonJS file, so the launcher can hand it to V8 with a code cache
// (src/launcher/code-cache.ts); Node 20 caches no ES module. Commands still load on demand:
// esbuild turns their import() into a lazily run part of the same file. Code that V8 compiles
// through vm.Script cannot import() without an experimental flag on Node 20, so nothing in this
// file may: the ESM-only execa becomes a vendored CommonJS file (above), and the import() of
// @cdktf/hcl2json, a CommonJS package kept outside for its .wasm file, becomes a require().
// Whitespace and syntax are minified (a third fewer bytes for V8 to read and pre-parse on a run
// without a code cache); names are kept, so an internal error's stack still reads.
// The file is the function Node's CommonJS loader would wrap the module in, not a module: the
// launcher compiles its text as read, with no wrapped copy of it (src/launcher/bundle-source.ts).
// The wrapper opens on the first line, so every line keeps its number for the source map.
await bundle({
  define: { ...define, "import.meta.url": "__importMetaUrl" },
  entryPoints: [join(root, "src/cli/main.ts")],
  outfile: join(root, "dist/cli.cjs"),
  format: "cjs",
  sourcemap: "linked",
  minifyWhitespace: true,
  minifySyntax: true,
  external: ["@cdktf/hcl2json", "prettier"],
  plugins: [vendorPlugin],
  supported: { "dynamic-import": false },
  banner: { js: "(function (exports, require, module, __filename, __dirname) {const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  footer: { js: "})" },
});

// The launcher reads the CLI bundle as latin1 (no UTF-8 validation): that is only the same
// string while the file is ASCII. esbuild escapes strings, not regular expressions.
const nonAscii = /[^\x00-\x7f]/.exec(readFileSync(join(root, "dist/cli.cjs"), "latin1"));
if (nonAscii !== null) {
  throw new Error(`dist/cli.cjs must be ASCII only (src/launcher/main.ts reads it as latin1); write \\u escapes instead of ${JSON.stringify(nonAscii[0])}`);
}

// What bin/talos-hclgen.js requires: loads dist/cli.cjs through the code cache.
await bundle({
  define,
  entryPoints: [join(root, "src/launcher/main.ts")],
  outfile: join(root, "dist/launcher.cjs"),
  format: "cjs",
});

// The library's type declarations (package.json "types"): TypeScript consumers of compile().
// tsc's own API, no child process; tsconfig.types.json names the entry point.
{
  const ts = (await import("typescript")).default;
  const configPath = join(root, "tsconfig.types.json");
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (parsed === undefined) throw new Error("tsconfig.types.json cannot be read");
  const emitted = ts.createProgram(parsed.fileNames, parsed.options).emit(undefined, undefined, undefined, true);
  const errors = emitted.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0)
    throw new Error(ts.formatDiagnostics(errors, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" }));
}
