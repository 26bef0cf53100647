/**
 * What bin/talos-hclgen.js runs: answers a build of an up-to-date tree itself (up-to-date.ts),
 * else compiles the CLI bundle (dist/cli.cjs) with a V8 code cache (code-cache.ts, bundle-source.ts). Kept tiny
 * and free of the CLI's imports: everything here runs before the bundle, on every start.
 */
import { fastBuildArgs, upToDateOutput } from "./up-to-date.js";

/** Set by scripts/build.mjs: a hash of every source, template, schema and dependency pin. */
declare const __TALOS_HCLGEN_BUILD_ID__: string;

if (!answerUpToDate()) runCli();

/** A build of an up-to-date tree, answered without the bundle; false when the CLI must run. */
function answerUpToDate(): boolean {
  const build = fastBuildArgs(process.argv.slice(2));
  const answer = typeof build === "string" ? build : upToDateOutput(build, process.env, process.cwd(), __TALOS_HCLGEN_BUILD_ID__);
  if (process.env["TALOS_HCLGEN_DEBUG"] === "up-to-date")
    process.stderr.write(`up-to-date fast path: ${typeof answer === "string" ? `declined (${answer})` : `answered (by ${answer.how})`}\n`);
  if (typeof answer === "string") return false;
  if (answer.stdout !== "") writeStdout(answer.stdout);
  process.exitCode = 0;
  return true;
}

/**
 * One short line, written to fd 1 directly: the first touch of process.stdout builds a stream
 * (tty, net and stream internals, a few ms) that this answer does not need. A pipe a parent
 * made non-blocking can refuse the write (EAGAIN): then the stream does it.
 */
function writeStdout(text: string): void {
  const { writeSync } = require("node:fs") as typeof import("node:fs");
  let rest = Buffer.from(text, "utf8");
  try {
    while (rest.length > 0) rest = rest.subarray(writeSync(1, rest));
  } catch {
    process.stdout.write(rest);
  }
}

function runCli(): void {
  // Loaded here, not imported at the top: node:v8 alone loads ~30 internal modules, which the
  // up-to-date answer above does not need (measured with process.moduleLoadList, Node 20).
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { createRequire } = require("node:module") as typeof import("node:module");
  const { dirname, join } = require("node:path") as typeof import("node:path");
  const { setFlagsFromString } = require("node:v8") as typeof import("node:v8");
  const { Script } = require("node:vm") as typeof import("node:vm");
  const { codeCacheFile, writeCodeCache } = require("./code-cache.js") as typeof import("./code-cache.js");
  const { readBundleSource } = require("./bundle-source.js") as typeof import("./bundle-source.js");
  /* eslint-enable @typescript-eslint/no-require-imports */

  // A run is short and mostly cold code. V8 hands a function to its optimizing compiler
  // (TurboFan) after a small budget of interpreted work; in a run this short that compile work
  // costs more CPU than it saves, so the budget is 8x the default (67584) and only hot loops of
  // large builds get optimized. Measured with scripts/bench.mjs on Node 20. Only on the Node
  // line it was measured on: V8 prints an error for a flag it no longer knows.
  if (process.versions.node.startsWith("20.")) setFlagsFromString("--interrupt-budget=540672");

  // The bundle is a function expression: the CommonJS wrapper, written by scripts/build.mjs
  // (bundle-source.ts says why). Compiled here with or without a code cache; never require()d.
  const bundle = join(__dirname, "cli.cjs");
  const bundleRequire = createRequire(bundle);
  const debug = process.env["TALOS_HCLGEN_DEBUG"] === "code-cache";

  /** The CommonJS wrapper Node itself puts around a module. */
  type ModuleFunction = (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dirname: string) => void;

  const file = codeCacheFile(process.env, __TALOS_HCLGEN_BUILD_ID__, process.argv[2] ?? "");
  const { source, cachedData } = readBundleSource(bundle, file === undefined ? undefined : join(file.folder, file.name));
  const script = new Script(source, { filename: bundle, ...(cachedData === undefined ? {} : { cachedData }) });
  const fresh = cachedData === undefined || script.cachedDataRejected === true;
  if (debug && file !== undefined)
    process.stderr.write(`code cache: ${cachedData === undefined ? "none" : fresh ? "rejected" : "used"} (${join(file.folder, file.name)})\n`);
  if (fresh && file !== undefined) {
    process.once("exit", (code) => {
      if (code === 0 || code === 1) writeCodeCache(file, script.createCachedData());
    });
  }
  const module = { exports: {} };
  (script.runInThisContext() as ModuleFunction)(module.exports, bundleRequire, module, bundle, dirname(bundle));
}
