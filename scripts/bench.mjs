#!/usr/bin/env node
// `npm run bench`: is the compiler near Node's own startup floor, at any size? A pre-commit
// hook runs `build --check` on every commit, so what matters is the time a person waits.
//
// Every command runs --runs N times (default 10) after one unmeasured warm-up round, the
// commands alternating round-robin so a slow moment of the machine hits all of them alike.
// Figures are medians; peak RSS is the largest over the runs. The method for CPU time and
// RSS is printed (see scripts/bench/measure.mjs). Targets are printed PASS/MISS next to the
// figures; the exit code is 1 only when a command itself fails.
//
// Usage: node scripts/bench.mjs [--runs N] [--json] [--skip-validate]   (after npm run build)
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { proxmoxSpec } from "./bench/generate-spec.mjs";
import { warmCodeCache } from "./warm-code-cache.mjs";
import { toolsFolder } from "./tools.mjs";
import { createMeter } from "./bench/measure.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MiB = 1024;
const options = parseArgs(process.argv.slice(2));

const work = mkdtempSync(join(tmpdir(), "talos-hclgen-bench-"));
const cli = join(work, "package", "bin", "talos-hclgen.js");
try {
  process.exitCode = main();
} finally {
  rmSync(work, { recursive: true, force: true });
}

function main() {
  if (!existsSync(join(root, "dist", "cli.cjs"))) {
    console.error("bench: dist/cli.cjs is missing; run `npm run build` (npm run bench does)");
    return 2;
  }
  snapshotPackage();
  const meter = createMeter(work);
  const fileCreateBefore = fileCreateCost();
  const setup = prepare();
  const commands = defineCommands(setup);
  const samples = new Map(commands.map((c) => [c.name, []]));
  // NODE_EXTRA_CA_CERTS makes every Node start load certificates (~40 ms on the CI machines),
  // which would inflate the baseline and flatter every ratio: the bench measures without it.
  const childEnv = { ...process.env, NO_COLOR: "1", TALOS_HCLGEN_CACHE_DIR: join(work, "cache") };
  delete childEnv.NODE_EXTRA_CA_CERTS;
  const failures = [];
  for (let round = 0; round <= options.runs; round += 1) {
    progress(round === 0 ? "warm-up round" : `round ${round}/${options.runs}`);
    for (const command of commands) {
      if (command.skipped !== undefined) continue;
      const { args, cwd, env } = command.prepare(round);
      const result = meter.run(args, { cwd, env: { ...childEnv, ...command.env, ...env } });
      if (result.status !== 0) {
        failures.push(failure(command.name, args, result));
        command.skipped = `FAILED (exit ${result.status ?? result.signal})`;
        continue;
      }
      if (round > 0) samples.get(command.name).push(result);
    }
  }
  const report = summarize(commands, samples, setup, meter.method);
  report.machine.fileCreateUs = { before: fileCreateBefore, after: fileCreateCost() };
  if (options.json) console.log(JSON.stringify({ ...report, failures }, null, 2));
  else printReport(report, failures);
  return failures.length > 0 ? 1 : 0;
}

// --- setup: specs, the reference tree for --check and validate, output sizes ---------------

/**
 * The bench runs a private copy of the built package, so a `npm run build` elsewhere during
 * the run (dist/ is rebuilt in place) cannot change the output between the build of the
 * reference tree and its --check. node_modules is linked, not copied.
 */
function snapshotPackage() {
  const pkg = join(work, "package");
  for (const entry of ["package.json", "bin", "dist", "schemas", "data", "templates"])
    if (existsSync(join(root, entry))) cpSync(join(root, entry), join(pkg, entry), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(pkg, "node_modules"), "dir");
}

function prepare() {
  const reference = referenceSpec();
  // Spec paths are relative to the scratch folder, where every command runs, as in a hook.
  const ref = "reference.yaml";
  writeFileSync(join(work, ref), reference.text);
  const spec1000 = "scale-1000.yaml";
  writeFileSync(join(work, spec1000), proxmoxSpec({ name: "scale", workers: 997 }));
  const spec500 = "scale-500.yaml";
  writeFileSync(join(work, spec500), proxmoxSpec({ name: "scale", workers: 497 }));
  mkdirSync(join(work, "fleet"));
  for (let i = 0; i < 100; i += 1) {
    const name = `cluster-${String(i).padStart(3, "0")}`;
    // Separate clusters may share a node network; each spec differs by its name.
    writeFileSync(join(work, "fleet", `${name}.yaml`), proxmoxSpec({ name, workers: 3, hosts: 3 }));
  }
  // The tree --check and validate look at, the tree the edited spec rebuilds, and the 500-node
  // tree for the linearity check.
  mustBuild(ref, join(work, "reference-tree"));
  const edited = "reference-edited.yaml";
  writeFileSync(join(work, edited), editedSpec(reference.text, 0));
  mustBuild(edited, join(work, "edited-tree"));
  mustBuild(spec500, join(work, "scale-500-tree"));
  const adversarial = "reference-adversarial.yaml";
  writeFileSync(join(work, adversarial), adversarialSpec(reference.text));
  const installCache = join(work, "install-cache");
  if (!warmCodeCache(join(work, "package"), { ...process.env, TALOS_HCLGEN_CACHE_DIR: installCache }))
    throw new Error("bench setup: warming the code cache as the install does failed");
  return { reference, ref, edited, spec1000, spec500, adversarial, installCache, validate: validateSetup() };
}

/**
 * The reference spec with one setting flipped on odd rounds: a real, small edit that the
 * rollout takes node by node (a class's memory would restart every worker at once, which
 * build refuses without --allow-restart).
 */
function editedSpec(text, round) {
  if (round % 2 === 0) return text;
  const edited = text.replace("ntp: [time.cloudflare.com]", "ntp: [time.cloudflare.com, pool.ntp.org]");
  return edited === text ? `${text}# edit ${round}\n` : edited;
}

/**
 * The reference spec with a 600 kB run of word characters in a raw patch value: the shape
 * that made the old secret-scan regular expressions quadratic (200,000 characters took 35 s).
 * Every pattern that scans spec text must stay linear (test/hostile/secret-scan.test.ts counts
 * the steps; this is the wall-clock figure).
 */
function adversarialSpec(text) {
  if (/^  patches:/m.test(text)) throw new Error("bench: the reference spec has patches; put the filler elsewhere");
  const filler = "Ab9_".repeat(150_000);
  return `${text.replace(/\n*$/, "\n")}  patches:\n    common:\n      - machine:\n          env:\n            BENCH_FILLER: ${filler}\n`;
}

/**
 * The reference HA spec: fixtures/ha-proxmox, with fixtures/cilium-inline-l2's Cilium block
 * (moved onto ha-proxmox's network) when that fixture exists, so the tree has Cilium, values
 * and manifests too. If that combination stops compiling, the fixtures are used as they are.
 */
function referenceSpec() {
  const ha = readFileSync(join(root, "fixtures/ha-proxmox/spec.yaml"), "utf8");
  const ciliumFixture = join(root, "fixtures/cilium-inline-l2/spec.yaml");
  if (!existsSync(ciliumFixture)) return { name: "fixtures/ha-proxmox", text: ha };
  const combined = `${ha}  cni:
    cilium:
      values:
        hubble: { relay: { enabled: true }, ui: { enabled: true } }
        k8sClientRateLimit: { qps: 20, burst: 40 }
      loadBalancer:
        l2: { interfaces: [eth0] }
        pools:
          - { start: 192.168.62.200, stop: 192.168.62.219 }
          - { cidr: 192.168.62.224/28 }
`;
  for (const [name, text] of [
    ["fixtures/ha-proxmox + Cilium (L2, LB pools)", combined],
    ["fixtures/cilium-inline-l2", readFileSync(ciliumFixture, "utf8")],
  ]) {
    const probe = join(work, "probe.yaml");
    writeFileSync(probe, text);
    const result = spawnSync(process.execPath, [cli, "build", probe, "-o", join(work, "probe-tree"), "--check"], {
      encoding: "utf8",
    });
    rmSync(probe);
    if (result.status === 0 || result.status === 1) return { name, text }; // 1: tree missing, spec fine
  }
  return { name: "fixtures/ha-proxmox", text: ha };
}

function validateSetup() {
  // The schemas the package ships (what `validate` uses by default), as the tests do.
  const schemas = process.env.TALOS_HCLGEN_PROVIDER_SCHEMAS ?? resolve(root, "schemas/providers");
  if (!existsSync(schemas)) return { skipped: `no provider schemas at ${schemas} (set TALOS_HCLGEN_PROVIDER_SCHEMAS)` };
  // The pinned tofu of `npm run tools` when there is one, as in the tests (test/setup-tools.ts).
  const manifest = join(toolsFolder(), "manifest.json");
  const pinned = existsSync(manifest) ? JSON.parse(readFileSync(manifest, "utf8")).tofu : undefined;
  const tool = process.env.TALOS_HCLGEN_TOFU ?? pinned ?? ["tofu", "terraform"].find(onPath);
  if (tool === undefined) return { skipped: "neither tofu nor terraform is on PATH, and `npm run tools` has not run" };
  return { schemas, tool };
}

function onPath(name) {
  return (process.env.PATH ?? "").split(delimiter).some((dir) => dir !== "" && existsSync(join(dir, name)));
}

// Every build runs in the scratch folder, so the spec path in the headers is always the same.
function mustBuild(spec, out) {
  const result = spawnSync(process.execPath, [cli, "build", spec, "-o", out, "--quiet"], {
    cwd: work,
    encoding: "utf8",
    env: { ...process.env, TALOS_HCLGEN_CACHE_DIR: join(work, "cache") },
  });
  if (result.status !== 0) throw new Error(`bench setup: build ${spec} failed (${result.status}):\n${result.stderr}`);
}

// --- the measured commands ---------------------------------------------------------------

function defineCommands(s) {
  // A fresh output folder per run: build writes every file, as on a first build. The folders
  // are removed with the scratch folder at the end, not between runs: deleting thousands of
  // files queues file-system work that would land on the next command's clock.
  const fresh = (name, specArgs, out) => ({
    name,
    prepare(round) {
      const dir = join(work, "out", `${name.replace(/[^a-z0-9]+/g, "-")}-${round}`);
      return { args: [cli, "build", ...specArgs, "-o", out(dir), "--quiet"], cwd: work };
    },
  });
  return [
    { name: "node -e 0", prepare: () => ({ args: ["-e", "0"], cwd: work }) },
    fresh("build reference", [s.ref], (dir) => dir),
    {
      // The pre-commit case after an edit: the spec changed, so the build compiles and rewrites
      // the files that changed (one value flips every round) in a tree that exists.
      name: "build reference, spec edited",
      prepare(round) {
        writeFileSync(join(work, s.edited), editedSpec(s.reference.text, round));
        return { args: [cli, "build", s.edited, "-o", join(work, "edited-tree"), "--quiet"], cwd: work };
      },
    },
    {
      // The pre-commit case: the spec did not change, so the up-to-date cache vouches for the tree.
      name: "build reference, up to date",
      prepare: () => ({ args: [cli, "build", s.ref, "-o", join(work, "reference-tree"), "--quiet"], cwd: work }),
    },
    {
      name: "build --check reference",
      prepare: () => ({ args: [cli, "build", s.ref, "-o", join(work, "reference-tree"), "--check", "--quiet"], cwd: work }),
    },
    {
      // CI on a fresh machine after `npm ci`: the install warmed the code cache
      // (scripts/warm-code-cache.mjs), and there is no up-to-date cache. A copy of what the
      // install wrote, per round, so no run sees another's.
      name: "build --check, fresh runner",
      prepare(round) {
        const cache = join(work, "fresh-runner", String(round));
        cpSync(s.installCache, cache, { recursive: true });
        return { args: [cli, "build", s.ref, "-o", join(work, "reference-tree"), "--check", "--quiet"], cwd: work, env: { TALOS_HCLGEN_CACHE_DIR: cache } };
      },
    },
    {
      // The floor of every compiling run on a fresh runner: starting Node, the launcher, the
      // CLI bundle and the code cache the install wrote, and no work (build --help). What a
      // --check adds to this is the compile itself.
      name: "load only (build --help), fresh runner",
      prepare(round) {
        const cache = join(work, "fresh-runner-help", String(round));
        cpSync(s.installCache, cache, { recursive: true });
        return { args: [cli, "build", "--help"], cwd: work, env: { TALOS_HCLGEN_CACHE_DIR: cache } };
      },
    },
    {
      // CI on a fresh machine that installed without scripts (--ignore-scripts): no code cache
      // and no up-to-date cache, so --check compiles cold (and writes the code cache at exit).
      name: "build --check, fresh runner, no install scripts",
      prepare(round) {
        return {
          args: [cli, "build", s.ref, "-o", join(work, "reference-tree"), "--check", "--quiet"],
          cwd: work,
          env: { TALOS_HCLGEN_CACHE_DIR: join(work, "fresh-runner-no-scripts", String(round)) },
        };
      },
    },
    {
      // Caching off (TALOS_HCLGEN_NO_CACHE=1): --check compiles cold and writes nothing.
      name: "build --check, no cache",
      env: { TALOS_HCLGEN_NO_CACHE: "1" },
      prepare: () => ({ args: [cli, "build", s.ref, "-o", join(work, "reference-tree"), "--check", "--quiet"], cwd: work }),
    },
    fresh("build, adversarial value", [s.adversarial], (dir) => dir),
    fresh("build 1000 nodes", [s.spec1000], (dir) => dir),
    fresh("build fleet of 100", ["fleet/*.yaml"], (dir) => `${dir}/{name}`),
    {
      name: "validate reference (offline)",
      skipped: options.skipValidate ? "--skip-validate" : s.validate.skipped,
      env: s.validate.tool === undefined ? {} : { TALOS_HCLGEN_TOFU: s.validate.tool },
      prepare: () => ({
        args: [cli, "validate", join(work, "reference-tree"), "--provider-schemas", s.validate.schemas],
        cwd: work,
      }),
    },
  ];
}

// --- figures and targets -----------------------------------------------------------------

function summarize(commands, samples, setup, method) {
  const baseline = median(samples.get("node -e 0").map((r) => r.wallMs));
  const figures = commands.map((c) => {
    const runs = samples.get(c.name);
    if (c.skipped !== undefined || runs.length === 0) return { name: c.name, skipped: c.skipped ?? "no runs" };
    const wallMs = median(runs.map((r) => r.wallMs));
    return {
      name: c.name,
      wallMs: round1(wallMs),
      ratio: round2(wallMs / baseline),
      userMs: round1(median(runs.map((r) => r.userMs))),
      sysMs: round1(median(runs.map((r) => r.sysMs))),
      peakRssMiB: round1(Math.max(...runs.map((r) => r.rssKiB)) / MiB),
      runsMs: runs.map((r) => round1(r.wallMs)),
    };
  });
  // Output sizes: the 1000-node tree is built once more here (untimed) to be measured.
  const tree1000 = join(work, "scale-1000-tree");
  mustBuild(setup.spec1000, tree1000);
  const bytes1000 = treeBytes(tree1000);
  const bytes500 = treeBytes(join(work, "scale-500-tree"));
  const size = {
    bytes1000,
    bytesPerNode: Math.round(bytes1000 / 1000),
    bytes500,
    ratio1000to500: round2(bytes1000 / bytes500),
    // The part that does not grow with the nodes, if growth is linear: 2 * S(500) - S(1000).
    fixedBytes: 2 * bytes500 - bytes1000,
  };
  const get = (name) => figures.find((f) => f.name === name);
  const targets = [
    target("build reference <= 2x node -e 0", get("build reference")?.ratio, (v) => v <= 2, "x"),
    target("build reference, spec edited <= 2x node -e 0", get("build reference, spec edited")?.ratio, (v) => v <= 2, "x"),
    // What a pre-commit hook pays on a commit that does not touch the spec.
    target("build reference, up to date <= 1.15x node -e 0", get("build reference, up to date")?.ratio, (v) => v <= 1.15, "x"),
    target("build --check reference <= 1.15x node -e 0", get("build --check reference")?.ratio, (v) => v <= 1.15, "x"),
    // A fresh CI runner: no up-to-date cache, and the code cache its `npm ci` wrote; or none.
    // 2.1x since the load floor was measured (about 1.6-1.8x for the launcher, the bundle and
    // the code cache doing nothing: "load only" below); the compile's share is printed apart.
    target("build --check, fresh runner <= 2.1x node -e 0", get("build --check, fresh runner")?.ratio, (v) => v <= 2.1, "x"),
    info(
      "  of which the compile, above the load floor",
      round2((get("build --check, fresh runner")?.ratio ?? NaN) - (get("load only (build --help), fresh runner")?.ratio ?? NaN)),
      "x",
    ),
    target("build --check, no cache <= 1.8x node -e 0", get("build --check, no cache")?.ratio, (v) => v <= 1.8, "x"),
    target("build, adversarial value <= 4x node -e 0", get("build, adversarial value")?.ratio, (v) => v <= 4, "x"),
    target("build 1000 nodes < 500 ms", get("build 1000 nodes")?.wallMs, (v) => v < 500, " ms"),
    target("output size linear (S1000/S500 in 1.8..2.05)", size.ratio1000to500, (v) => v >= 1.8 && v <= 2.05, ""),
    target("build fleet of 100 < 1500 ms", get("build fleet of 100")?.wallMs, (v) => v < 1500, " ms"),
    target("peak RSS at 1000 nodes < 150 MiB", get("build 1000 nodes")?.peakRssMiB, (v) => v < 150, " MiB"),
  ];
  return {
    machine: { node: process.version, cpus: cpus().length, loadavg: loadavg().map(round2) },
    method,
    runs: options.runs,
    reference: setup.reference.name,
    baselineMs: round1(baseline),
    commands: figures,
    size,
    targets,
  };
}

/**
 * What creating one small file costs in the scratch folder (µs, median of 3 x 200): a build
 * writes every file through a new temp file, so on a slow disk this is the floor of the
 * fresh-folder builds, which create a file per node and per module. TMPDIR moves it.
 */
function fileCreateCost() {
  const dir = join(work, "calibrate");
  const costs = [];
  for (let round = 0; round < 3; round += 1) {
    mkdirSync(dir);
    const start = process.hrtime.bigint();
    for (let i = 0; i < 200; i += 1) writeFileSync(join(dir, `f${i}`), "x".repeat(800), { flag: "wx" });
    costs.push(Number(process.hrtime.bigint() - start) / 1e3 / 200);
    rmSync(dir, { recursive: true });
  }
  return Math.round(median(costs));
}

/** A figure printed among the targets, with no target of its own. */
function info(name, value, unit) {
  if (value === undefined || Number.isNaN(value)) return { name, value: null, status: "n/a" };
  return { name, value, unit: unit.trim(), status: "info" };
}

function target(name, value, ok, unit) {
  if (value === undefined || Number.isNaN(value)) return { name, value: null, status: "n/a" };
  return { name, value, unit: unit.trim(), status: ok(value) ? "PASS" : "MISS" };
}

function printReport(r, failures) {
  const width = Math.max(30, ...r.commands.map((f) => f.name.length));
  const lines = [
    `talos-hclgen bench: node ${r.machine.node}, ${r.machine.cpus} CPUs, load ${r.machine.loadavg.join(" ")}`,
    `${r.runs} runs each, alternating, after a warm-up round; figures are medians, RSS the peak`,
    `CPU and RSS: ${r.method}`,
    `reference spec: ${r.reference}`,
    `scratch folder: ${work} (creating a file there: ${r.machine.fileCreateUs.before} µs before the runs, ${r.machine.fileCreateUs.after} µs after; TMPDIR moves it)`,
    "",
    `${"command".padEnd(width)} ${"wall ms".padStart(9)} ${"x node".padStart(7)} ${"user ms".padStart(8)} ${"sys ms".padStart(7)} ${"peak RSS".padStart(10)}`,
  ];
  for (const f of r.commands) {
    if (f.skipped !== undefined) lines.push(`${f.name.padEnd(width)} skipped: ${f.skipped}`);
    else
      lines.push(
        `${f.name.padEnd(width)} ${f.wallMs.toFixed(1).padStart(9)} ${f.ratio.toFixed(2).padStart(7)} ${f.userMs.toFixed(0).padStart(8)} ${f.sysMs.toFixed(0).padStart(7)} ${`${f.peakRssMiB.toFixed(1)} MiB`.padStart(10)}`,
      );
  }
  const s = r.size;
  lines.push(
    "",
    `output, 1000 nodes: ${s.bytes1000} bytes, ${s.bytesPerNode} bytes/node`,
    `output, 500 nodes:  ${s.bytes500} bytes; S1000/S500 = ${s.ratio1000to500} (fixed part ${s.fixedBytes} bytes)`,
    "",
    "targets:",
  );
  for (const t of r.targets)
    lines.push(`  ${t.status.padEnd(4)} ${t.name.padEnd(52)} ${t.value === null ? "" : `${t.value}${t.unit === "" ? "" : ` ${t.unit}`}`}`);
  for (const f of failures) lines.push("", f);
  console.log(lines.join("\n"));
}

function failure(name, args, result) {
  const why = result.error?.message ?? `exit ${result.status ?? result.signal}`;
  return `FAILED: ${name} (${why}): node ${args.join(" ")}\n${result.stderr.trim()}`;
}

// --- small helpers -------------------------------------------------------------------------

function treeBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += statSync(join(entry.parentPath ?? entry.path, entry.name)).size;
  return total;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function round1(n) {
  return Math.round(n * 10) / 10;
}

function round2(n) {
  return Math.round(n * 100) / 100;
}

function progress(text) {
  if (!options.json || process.stderr.isTTY) process.stderr.write(`bench: ${text}\n`);
}

function parseArgs(argv) {
  const parsed = { runs: 10, json: false, skipValidate: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--json") parsed.json = true;
    else if (arg === "--skip-validate") parsed.skipValidate = true;
    else if (arg === "--runs" || arg.startsWith("--runs=")) {
      const value = arg === "--runs" ? argv[(i += 1)] : arg.slice("--runs=".length);
      parsed.runs = Number(value);
      if (!Number.isInteger(parsed.runs) || parsed.runs < 1) usage(`--runs needs a whole number >= 1, got "${value}"`);
    } else if (arg === "-h" || arg === "--help") usage();
    else usage(`unknown argument "${arg}"`);
  }
  return parsed;
}

function usage(problem) {
  if (problem !== undefined) console.error(`bench: ${problem}`);
  console.error("Usage: node scripts/bench.mjs [--runs N] [--json] [--skip-validate]");
  process.exit(problem === undefined ? 0 : 2);
}
