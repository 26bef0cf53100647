/**
 * What `build` prints. Results go to stdout (one line per file it wrote or deleted, or would
 * change, then a summary per tree); diagnostics go to stderr (report-diagnostics.ts). With
 * --json, stdout is one JSON document holding both, for CI.
 */
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { RolloutImpact } from "../../lock/impact.js";
import { redactDiagnostic } from "../../diagnostics/redact.js";
import { comparePaths } from "../../output/paths.js";
import type { CliIo } from "../io.js";
import { createStyler, type Styler } from "../../diagnostics/ansi.js";

export type BuildStatus = "written" | "deleted" | "unchanged";
/** "leftover": what an interrupted build left (a temporary file, a backup, its journal or lock). */
export type CheckStatus = "changed" | "missing" | "extra" | "leftover" | "unchanged";

export interface FileReport {
  /** As printed: relative to the current folder, POSIX separators. */
  path: string;
  status: BuildStatus | CheckStatus;
  /** Written or deleted only because of --force (it was edited by hand, or not ours). */
  forced?: true;
}

export interface TreeReport {
  spec: string;
  outDir: string;
  /** Sorted by path. */
  files: FileReport[];
  /** --check only: unified diff of every change. */
  diff?: string;
  /** --validate only: whether tofu/terraform validate accepted the tree. */
  valid?: boolean;
  /** What the rebuilt tree does to running machines (build-impact.ts), one line per node; absent when nothing. */
  impact?: string[];
  /** The same as data (src/lock/impact.ts RolloutImpact), for CI. */
  rollout?: RolloutImpact;
}

export interface BuildReport {
  check: boolean;
  exitCode: number;
  diagnostics: Diagnostic[];
  trees: TreeReport[];
}

const BUILD_STATUSES: readonly BuildStatus[] = ["written", "unchanged", "deleted"];
const CHECK_STATUSES: readonly CheckStatus[] = ["changed", "missing", "extra", "leftover", "unchanged"];

export function sortFiles(files: FileReport[]): FileReport[] {
  return files.sort((a, b) => comparePaths(a.path, b.path));
}

export function counts(tree: TreeReport, check: boolean): Record<string, number> {
  const statuses: readonly string[] = check ? CHECK_STATUSES : BUILD_STATUSES;
  return Object.fromEntries(statuses.map((s) => [s, tree.files.filter((f) => f.status === s).length]));
}

export function isDrifted(tree: TreeReport): boolean {
  return tree.files.some((f) => f.status !== "unchanged");
}

/** A unified diff with its lines coloured the way git colours them. */
function colourDiff(diff: string, styler: Styler): string {
  return diff
    .split("\n")
    .map((line) =>
      line.startsWith("+++") || line.startsWith("---")
        ? styler.bold(line)
        : line.startsWith("+")
          ? styler.green(line)
          : line.startsWith("-")
            ? styler.red(line)
            : line.startsWith("@@")
              ? styler.cyan(line)
              : line,
    )
    .join("\n");
}

/** The human form: per tree, the file lines, the diff (--check), then the summary line. */
export function printTrees(io: CliIo, report: BuildReport, color = false): void {
  const styler = createStyler(color);
  for (const tree of report.trees) {
    for (const file of tree.files) {
      if (file.status === "unchanged") continue;
      const verb = file.status === "written" ? "wrote" : file.status;
      io.stdout.write(`${verb} ${file.path}${file.forced ? " (forced)" : ""}\n`);
    }
    if (tree.diff) io.stdout.write(colourDiff(tree.diff, styler));
    io.stdout.write(`${summaryLine(tree, report.check)}\n`);
    if (tree.impact !== undefined && tree.impact.length > 0) {
      io.stdout.write(`${tree.outDir}: ${report.check ? "building it would change" : "the next apply changes"} running machines, in this order:\n`);
      for (const line of tree.impact) io.stdout.write(`  ${line}\n`);
    }
    if (tree.valid === true) io.stdout.write(`${tree.outDir}: valid\n`);
    // A tree written from nothing, at a terminal: where a newcomer goes next (hints go to
    // stderr, as init's; hooks and CI, which are no terminal, get none).
    if (
      io.stderr.isTTY === true &&
      !report.check &&
      tree.files.length > 0 &&
      tree.files.every((f) => f.status === "written") &&
      tree.files.some((f) => f.path.endsWith("/README.md"))
    ) {
      const folder = tree.outDir.endsWith("/") ? tree.outDir : `${tree.outDir}/`;
      io.stderr.write(`next: read ${folder}README.md (credentials, then tofu init, plan and apply in ${folder})\n`);
    }
  }
}

function summaryLine(tree: TreeReport, check: boolean): string {
  const n = counts(tree, check);
  if (!check) return `${tree.outDir}: ${n["written"]} written, ${n["unchanged"]} unchanged, ${n["deleted"]} deleted`;
  if (!isDrifted(tree)) return `${tree.outDir}: up to date (${tree.files.length} files)`;
  const leftover = n["leftover"] ?? 0;
  return `${tree.outDir}: out of date: ${n["changed"]} changed, ${n["missing"]} missing, ${n["extra"]} extra${leftover > 0 ? `, ${leftover} left by an interrupted build` : ""}`;
}

/** The --json document; its shape is documented in docs/workflow.md. */
export function printJson(io: CliIo, report: BuildReport): void {
  const document = {
    command: "build",
    check: report.check,
    exitCode: report.exitCode,
    // Redacted like every other rendering: a --json report goes to CI logs too (redact.ts).
    diagnostics: report.diagnostics.map(redactDiagnostic),
    trees: report.trees.map((tree) => ({
      ...tree,
      counts: counts(tree, report.check),
    })),
  };
  io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
}
