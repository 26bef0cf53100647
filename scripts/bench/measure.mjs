// One measured process run for scripts/bench.mjs: wall time, CPU time and peak RSS.
//
// Wall time is taken here around spawnSync (hrtime), for every command alike, including the
// `node -e 0` baseline, so the ratios compare like with like. spawnSync reports no rusage, so
// CPU time and peak RSS come from one of two methods, chosen once:
// - "time": GNU time (/usr/bin/time -f ...) wraps the command and reports the child's rusage
//   from wait4(): ru_maxrss is the largest resident set of any process in the tree (for
//   `validate`, node or terraform, whichever is larger). It adds ~1 ms to every command.
// - "import": without GNU time, node is started with --import of a tiny module that, at exit,
//   writes its own process.resourceUsage() (maxRSS in KiB, CPU in µs) to a file. This covers
//   the node process only: a child tofu/terraform is not counted. Set
//   TALOS_HCLGEN_BENCH_RUSAGE=import to use it even where GNU time exists.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const GNU_TIME = "/usr/bin/time";

/** Pick the method; `dir` is a scratch folder for the rusage files. */
export function createMeter(dir) {
  const out = join(dir, "rusage.txt");
  const forceImport = process.env.TALOS_HCLGEN_BENCH_RUSAGE === "import"; // to try the fallback
  if (!forceImport && existsSync(GNU_TIME) && spawnSync(GNU_TIME, ["-f", "%M", "-o", out, "true"]).status === 0) {
    return {
      method: `GNU time (${GNU_TIME} -f '%U %S %M'): rusage of the whole child tree`,
      run: (nodeArgs, options) =>
        timed(GNU_TIME, ["-f", "%U %S %M", "-o", out, process.execPath, ...nodeArgs], options, () => {
          // GNU time prints "Command exited with non-zero status N" first when it fails.
          const [user, sys, rss] = readFileSync(out, "utf8").trim().split(/\s+/).slice(-3).map(Number);
          return { userMs: user * 1000, sysMs: sys * 1000, rssKiB: rss };
        }),
    };
  }
  const reporter = join(dir, "rusage-reporter.mjs");
  writeFileSync(
    reporter,
    `import { writeFileSync } from "node:fs";
process.on("exit", () => {
  const u = process.resourceUsage();
  writeFileSync(${JSON.stringify(out)}, \`\${u.userCPUTime} \${u.systemCPUTime} \${u.maxRSS}\`);
});
`,
  );
  const importArg = `--import=${pathToFileURL(reporter).href}`;
  return {
    method: "node --import reporter: process.resourceUsage() of the node process only",
    run: (nodeArgs, options) =>
      timed(process.execPath, [importArg, ...nodeArgs], options, () => {
        const [userUs, sysUs, rss] = readFileSync(out, "utf8").trim().split(/\s+/).map(Number);
        return { userMs: userUs / 1000, sysMs: sysUs / 1000, rssKiB: rss };
      }),
  };

  function timed(file, args, { cwd, env }, usage) {
    rmSync(out, { force: true });
    const start = process.hrtime.bigint();
    const result = spawnSync(file, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
    let measured = { userMs: Number.NaN, sysMs: Number.NaN, rssKiB: Number.NaN };
    try {
      measured = usage();
    } catch {
      // No rusage file: the process died before reporting; the exit status says why.
    }
    return {
      wallMs,
      ...measured,
      status: result.status,
      signal: result.signal,
      stdout: result.stdout ?? "",
      stderr: result.stderr ?? "",
      error: result.error,
    };
  }
}
