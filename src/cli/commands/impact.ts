/**
 * `talos-hclgen impact --from <lock> --to <lock>`: what going from one machines.lock.json to
 * another does to running machines, node by node in rollout order, and what `build` refuses of
 * it. For pull requests whose tree is already regenerated: `build --check` then compares the
 * tree with itself, while this compares the base branch's lock with the branch's
 * (docs/workflow.md, "The rollout in the pull request").
 */
import { resolve } from "node:path";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { MAX_SPEC_BYTES } from "../../catalog/limits.js";
import { impactRefusals, type GuardFlag } from "../../lock/impact-guards.js";
import { describeRollout } from "../../lock/impact-text.js";
import { rolloutImpact, type RolloutImpact } from "../../lock/impact.js";
import { parseMachinesLock, type MachinesLock } from "../../lock/machines-lock.js";
import { PLATFORMS } from "../../platforms/index.js";
import { flag, parseCommandArgs, stringOption, usageError, type OptionSpecs } from "../args.js";
import { ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { readBounded } from "../read-bounded.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import { chooseStyle } from "../terminal.js";

const HELP = `Usage: talos-hclgen impact --from <machines.lock.json> --to <machines.lock.json> [options]

Say what going from one generated tree to another does to running machines: one line per
node, in the order the apply reaches them, then Kubernetes, then the nodes that leave; and
what "build" would refuse of it. For pull requests: the base branch's lock against the
branch's.

Options:
      --from <path>     the lock of the running cluster's tree (e.g. from the base branch)
      --to <path>       the lock of the tree to apply
      --allow-replace   do not count a replaced control plane as refused
      --allow-restart   do not count several machines restarted at once as refused
      --json            print one JSON document on stdout
      --no-color        no colour in diagnostics (also: NO_COLOR=1)
  -h, --help            show this help

Exit codes: 0 nothing refused, 1 build would refuse the change, 2 bad usage or an unreadable lock.

Example:
  git show origin/main:infra/machines.lock.json > base.lock.json
  talos-hclgen impact --from base.lock.json --to infra/machines.lock.json
`;

type Loaded = { ok: true; lock: MachinesLock } | { ok: false; message: string };

function load(path: string, cwd: string): Loaded {
  let read;
  try {
    read = readBounded(resolve(cwd, path), MAX_SPEC_BYTES);
  } catch (error) {
    return { ok: false, message: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? "error"}` };
  }
  if (!read.ok) return { ok: false, message: `${path} is too large for a machines.lock.json` };
  const lock = parseMachinesLock(read.bytes.toString("utf8"));
  return lock === undefined ? { ok: false, message: `${path} is not a machines.lock.json talos-hclgen wrote` } : { ok: true, lock };
}

/** The options, for the parser and for shell completion (completion.ts). */
export const OPTIONS: OptionSpecs = {
  from: { type: "string" },
  to: { type: "string" },
  "allow-replace": { type: "boolean" },
  "allow-restart": { type: "boolean" },
  json: { type: "boolean" },
  "no-color": { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

export async function runImpactCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, OPTIONS);
  if (!parsed.ok) return usageError(io, "impact", parsed.message, parsed.hint);
  const { args } = parsed;
  if (flag(args, "help")) {
    io.stdout.write(HELP);
    return ExitCode.ok;
  }
  if (args.positionals.length > 0) return usageError(io, "impact", `unexpected argument "${args.positionals[0]}"`);
  const fromPath = stringOption(args, "from");
  const toPath = stringOption(args, "to");
  if (fromPath === undefined || toPath === undefined) {
    return usageError(io, "impact", "both --from and --to are needed", "talos-hclgen impact --from base.lock.json --to infra/machines.lock.json");
  }
  const from = load(fromPath, io.cwd);
  const to = load(toPath, io.cwd);
  if (!from.ok) return usageError(io, "impact", from.message);
  if (!to.ok) return usageError(io, "impact", to.message);

  const platform = PLATFORMS[to.lock.platform].lock;
  const impact: RolloutImpact = rolloutImpact(from.lock, to.lock, platform);
  const allowed = new Set<GuardFlag>((["allow-replace", "allow-restart"] as const).filter((name) => flag(args, name)));
  const refusals = impactRefusals(impact, platform).filter((r) => r.unless === undefined || !allowed.has(r.unless));
  const refused = refusals.some((r) => r.warning !== true);
  const lines = describeRollout(impact, platform);
  const diagnostics: Diagnostic[] = refusals.map((r) => ({
    code: r.code,
    severity: r.warning === true ? "warning" : "error",
    file: toPath,
    message: r.message,
    hint: r.unless === undefined ? r.hint : `${r.hint}; to go ahead anyway, build with --${r.unless}`,
  }));
  const exitCode = refused ? ExitCode.drift : ExitCode.ok;
  if (flag(args, "json")) {
    io.stdout.write(`${JSON.stringify({ command: "impact", exitCode, diagnostics, impact: lines, rollout: impact }, null, 2)}\n`);
    return exitCode;
  }
  if (lines.length === 0) io.stdout.write("no running machine changes\n");
  else io.stdout.write(`the apply changes running machines, in this order:\n${lines.map((line) => `  ${line}\n`).join("")}`);
  reportDiagnostics(io, diagnostics, { style: chooseStyle(io, { noColor: flag(args, "no-color") }), quiet: false, sources: new Map() });
  return exitCode;
}
