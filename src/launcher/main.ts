/**
 * What bin/talos-hclgen.js runs: loads the CLI bundle (dist/cli.cjs) through a V8 code cache
 * (code-cache.ts). Kept tiny and free of the CLI's imports: everything here runs before the
 * bundle, on every start.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { Script } from "node:vm";
import { codeCacheFile, readCodeCache, writeCodeCache } from "./code-cache.js";

/** Set by scripts/build.mjs: a hash of every source, template, schema and dependency pin. */
declare const __TALOS_HCLGEN_BUILD_ID__: string;

// A run is short and mostly cold code. V8 hands a function to its optimizing compiler
// (TurboFan) after a small budget of interpreted work; in a run this short that compile work
// costs more CPU than it saves, so the budget is 8x the default (67584) and only hot loops of
// large builds get optimized. Measured with scripts/bench.mjs on Node 20. Only on the Node
// line it was measured on: V8 prints an error for a flag it no longer knows.
if (process.versions.node.startsWith("20.")) setFlagsFromString("--interrupt-budget=540672");

const bundle = join(__dirname, "cli.cjs");
const bundleRequire = createRequire(bundle);
const debug = process.env["TALOS_HCLGEN_DEBUG"] === "code-cache";

/** The CommonJS wrapper Node itself puts around a module. */
type ModuleFunction = (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dirname: string) => void;

const file = codeCacheFile(process.env, __TALOS_HCLGEN_BUILD_ID__, process.argv[2] ?? "");

if (file === undefined) {
  bundleRequire(bundle);
} else {
  const cachedData = readCodeCache(file);
  // The bundle is ASCII only (scripts/build.mjs checks): latin1 reads it as the same string
  // without UTF-8 validation, ~3 ms less for its 1.5 MB on every start.
  const source = readFileSync(bundle, "latin1");
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const fresh = cachedData === undefined || script.cachedDataRejected === true;
  if (debug) process.stderr.write(`code cache: ${cachedData === undefined ? "none" : fresh ? "rejected" : "used"} (${join(file.folder, file.name)})\n`);
  if (fresh) {
    process.once("exit", (code) => {
      if (code === 0 || code === 1) writeCodeCache(file, script.createCachedData());
    });
  }
  const module = { exports: {} };
  (script.runInThisContext() as ModuleFunction)(module.exports, bundleRequire, module, bundle, dirname(bundle));
}
