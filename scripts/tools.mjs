#!/usr/bin/env node
// `npm run tools`: builds the real tools the validity tiers run, from Go modules, into a cache
// folder outside the repository: OpenTofu, the providers the module proxy serves at the
// versions the trees pin, and the project's own test kit (tools/testkit: Talos's config
// validation, the provider doubles); and fetches the chart sources the doubles render.
// Pins: tools/pins.json. A second run with a warm cache only checks stamps (seconds).
//
// Cache: $TALOS_HCLGEN_TOOLS_DIR, else $XDG_CACHE_HOME/talos-hclgen/tools, else
// ~/.cache/talos-hclgen/tools. The tests read <cache>/manifest.json (test/real-tools.ts).
//
// The checksum database (sum.golang.org) cannot be reached from the build machines, so a
// pinned module's zip is checked against the go.sum hash in tools/pins.json, and every build
// runs with -mod=readonly: each dependency is checked against the go.sum of the module built.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pinsText = readFileSync(join(root, "tools", "pins.json"), "utf8");
const pins = JSON.parse(pinsText);

export function toolsFolder(env = process.env) {
  return env.TALOS_HCLGEN_TOOLS_DIR ?? join(env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "talos-hclgen", "tools");
}

const cache = toolsFolder();
const goEnv = {
  ...process.env,
  // Pinned sums stand in for the checksum database (see above); never a toolchain download.
  GOSUMDB: "off",
  GOTOOLCHAIN: "local",
  GOFLAGS: "-mod=readonly -buildvcs=false",
  CGO_ENABLED: "0",
};

function fail(message) {
  console.error(`tools: ${message}`);
  process.exit(1);
}

function go(args, options = {}) {
  const result = spawnSync("go", args, { env: goEnv, encoding: "utf8", maxBuffer: 64 << 20, ...options });
  if (result.error) fail(`cannot run go (${result.error.message}); Go ${pins.go} is needed: https://go.dev/dl/`);
  return result;
}

function goVersion() {
  const result = go(["env", "GOVERSION"]);
  const version = result.stdout.trim();
  const match = /^go(\d+)\.(\d+)/.exec(version);
  if (result.status !== 0 || match === null) fail(`go env GOVERSION failed: ${result.stderr.trim()}`);
  if (Number(match[1]) < 1 || (Number(match[1]) === 1 && Number(match[2]) < 26)) fail(`${version} is too old; the tools need Go ${pins.go}`);
  return version;
}

/** Downloads module@version into the module cache, checks its pinned sum, returns its folder. */
function download(module, version, sum) {
  const result = go(["mod", "download", "-json", `${module}@${version}`]);
  let info;
  try {
    info = JSON.parse(result.stdout);
  } catch {
    fail(`go mod download ${module}@${version} failed: ${result.stderr.trim()}`);
  }
  if (info.Error) fail(`go mod download ${module}@${version}: ${info.Error}`);
  if (info.Sum !== sum) fail(`${module}@${version}: checksum ${info.Sum} is not the pinned ${sum} (tools/pins.json)`);
  return info.Dir;
}

function stampMatches(dir, stamp) {
  try {
    return readFileSync(join(dir, "stamp.json"), "utf8") === stamp;
  } catch {
    return false;
  }
}

/** Builds `pkg` of the module in `moduleDir` into <dir>/<binary> unless the stamp says it is there. */
function buildInto(dir, binary, stamp, moduleDir, pkg, label, modfile) {
  const target = join(dir, binary);
  if (existsSync(target) && stampMatches(dir, stamp)) {
    console.log(`${label}: cached`);
    return target;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const temporary = `${target}.partial`;
  // A second go.mod (-modfile) builds the same program against other versions of its modules.
  const modfileArgs = modfile === undefined ? [] : [`-modfile=${modfile}`];
  const result = go(["build", ...modfileArgs, "-trimpath", "-ldflags=-s -w", "-o", temporary, pkg], {
    cwd: moduleDir,
    stdio: ["ignore", "inherit", "pipe"],
  });
  const log = (result.stderr ?? "")
    .split("\n")
    .filter((line) => !line.startsWith("go: downloading"))
    .join("\n")
    .trim();
  if (result.status !== 0) fail(`${label}: go build failed\n${log}`);
  renameSync(temporary, target);
  writeFileSync(join(dir, "stamp.json"), stamp);
  console.log(`${label}: built in ${Math.round((Date.now() - started) / 1000)} s`);
  return target;
}

/** Everything a local program is made of, hashed: a change to any file rebuilds it. */
export function sourceHash(dir, version) {
  const hash = createHash("sha256").update(version).update("\0");
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(relative(dir, path)).update("\0").update(readFileSync(path)).update("\0");
    }
  };
  walk(dir);
  return hash.digest("hex").slice(0, 16);
}

function providerParts(source) {
  const [namespace, name] = source.split("/");
  return { namespace, name };
}

/** The filesystem mirror of the real providers, for both registry host names. */
function writeMirror(providers) {
  const mirror = join(cache, "mirror");
  rmSync(mirror, { recursive: true, force: true });
  for (const provider of providers) {
    const { namespace, name } = providerParts(provider.source);
    const version = provider.version.replace(/^v/, "");
    for (const host of ["registry.opentofu.org", "registry.terraform.io"]) {
      const dir = join(mirror, host, namespace, name, version, "linux_amd64");
      mkdirSync(dir, { recursive: true });
      symlinkSync(provider.binary, join(dir, `terraform-provider-${name}_v${version}`));
    }
  }
  return mirror;
}

function main() {
  // `npm test` runs `tools.mjs --if-go`: with Go the tools are built (nothing skips), without
  // it the tiers that need them say so and skip (they fail instead under CI=true).
  if (process.argv.includes("--if-go") && spawnSync("go", ["version"], { env: goEnv }).error !== undefined) {
    console.log("tools: Go is not installed; the tiers that need the real tools will skip (see README)");
    return;
  }
  if (process.platform !== "linux" || process.arch !== "x64") fail(`the tools are built for linux/amd64; this is ${process.platform}/${process.arch}`);
  const started = Date.now();
  const version = goVersion();
  mkdirSync(cache, { recursive: true });
  console.log(`tools: ${version}, cache ${cache}`);

  const stampOf = (pin) => JSON.stringify({ module: pin.module, version: pin.version, sum: pin.sum, go: version });

  const tofuPin = pins.tofu;
  const tofuDir = download(tofuPin.module, tofuPin.version, tofuPin.sum);
  const tofu = buildInto(join(cache, "tofu", tofuPin.version), "tofu", stampOf(tofuPin), tofuDir, tofuPin.package, `tofu ${tofuPin.version}`);

  const providers = [];
  for (const pin of pins.providers) {
    const { name } = providerParts(pin.source);
    const moduleDir = download(pin.module, pin.version, pin.sum);
    const binary = buildInto(
      join(cache, "providers", pin.source, pin.version),
      `terraform-provider-${name}_${pin.version}`,
      stampOf(pin),
      moduleDir,
      pin.package,
      `${pin.source} ${pin.version}`,
    );
    providers.push({ source: pin.source, version: pin.version, binary });
  }

  // The project's own Go programs (tools/<name>): rebuilt whenever one of their files changes.
  const local = {};
  for (const pin of pins.local) {
    const source = join(root, pin.dir);
    const hash = sourceHash(source, version);
    local[pin.name] = { hash, binary: "" };
    local[pin.name].binary = buildInto(
      join(cache, pin.name, hash),
      pin.name,
      JSON.stringify({ source: hash }),
      source,
      pin.package,
      `${pin.name} ${hash}`,
      pin.modfile,
    );
  }

  // Git hook managers the workflow docs configure (test/hooks): the lefthook flow runs with
  // the real binary; pre-commit is a Python program and comes from Debian (.ci/run).
  const hooks = {};
  for (const pin of pins.hooks) {
    const moduleDir = download(pin.module, pin.version, pin.sum);
    hooks[pin.name] = buildInto(join(cache, pin.name, pin.version), pin.name, stampOf(pin), moduleDir, pin.package, `${pin.name} ${pin.version}`);
  }

  const charts = {};
  for (const pin of pins.charts) {
    const moduleDir = download(pin.module, pin.moduleVersion, pin.sum);
    const dir = join(moduleDir, pin.path);
    if (!existsSync(join(dir, "Chart.yaml"))) fail(`${pin.module}@${pin.moduleVersion} has no chart at ${pin.path}`);
    charts[pin.chart] = { repository: pin.repository, version: pin.version, dir };
    console.log(`chart ${pin.chart} ${pin.version}: ${pin.module}@${pin.moduleVersion}`);
  }

  const mirror = writeMirror(providers);
  const manifest = {
    pins: createHash("sha256").update(pinsText).digest("hex"),
    go: version,
    tofu,
    local,
    hooks,
    mirror,
    providers: Object.fromEntries(providers.map((p) => [p.source, { version: p.version.replace(/^v/, ""), binary: p.binary }])),
    doubles: pins.notServed,
    charts,
  };
  const manifestPath = join(cache, "manifest.json");
  writeFileSync(`${manifestPath}.partial`, `${JSON.stringify(manifest, null, 2)}\n`);
  chmodSync(`${manifestPath}.partial`, 0o644);
  renameSync(`${manifestPath}.partial`, manifestPath);
  console.log(`tools: ready in ${Math.round((Date.now() - started) / 1000)} s (${manifestPath})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
