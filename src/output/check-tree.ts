/**
 * checkTree: the read-only half of `build --check`. It asks planWrite what a forced build would
 * do, so "up to date" means exactly "build would not change a byte": missing files, changed
 * files (hand edits included) and extra files (owned, no longer generated) all count, and the
 * manifest counts like any other file. So do leftovers of an interrupted build (leftovers.ts),
 * which build would remove. It also says what the same build without --force would refuse,
 * so that --check's advice is what will work.
 */
import type { GeneratedFile } from "../types.js";
import { unifiedDiff } from "./diff.js";
import { renderManifest } from "./manifest.js";
import { comparePaths, LOCK_NAME, MANIFEST_NAME } from "./paths.js";
import { planWrite, type Conflict, type FileAction } from "./plan-write.js";

export interface CheckResult {
  /** Paths relative to the output folder, sorted. Includes paths blocked by a folder or link. */
  changed: string[];
  missing: string[];
  /** Files talos-hclgen wrote earlier and no longer generates: build would delete them. */
  extra: string[];
  unchanged: string[];
  /** What interrupted builds left: temporary files, backups, a journal, a stale lock. */
  leftover: string[];
  /** Unified diff of every change, "" when up to date. */
  diff: string;
  /** Why the same build without --force would refuse to write: its conflicts, sorted. */
  refusals: Conflict[];
}

export interface CheckOptions {
  /** Prepended to paths in diff headers (e.g. "infra/"), so `git apply` works from the cwd. */
  labelPrefix?: string;
  /** The folder's lock was left by a build that is gone (folder-lock.ts): report it. */
  staleLock?: boolean;
}

export function checkTree(outDir: string, files: readonly GeneratedFile[], options: CheckOptions = {}): CheckResult {
  const plan = planWrite(outDir, files, { force: true });
  const result: CheckResult = {
    changed: [],
    missing: [],
    extra: [],
    unchanged: [],
    leftover: [],
    diff: "",
    refusals: [...plan.conflicts, ...plan.overridden].sort((a, b) => comparePaths(a.path, b.path) || comparePaths(a.kind, b.kind)),
  };
  const prefix = options.labelPrefix ?? "";
  if (plan.conflicts.some((c) => c.kind === "out-dir-not-a-folder")) {
    const expected = [...files, { path: MANIFEST_NAME, contents: renderManifest(files) }];
    expected.sort((a, b) => comparePaths(a.path, b.path));
    for (const file of expected) {
      result.missing.push(file.path);
      result.diff += unifiedDiff(null, file.contents, {
        oldLabel: "/dev/null",
        newLabel: `b/${prefix}${file.path}`,
      });
    }
    return result;
  }
  // Left after a forced plan: a folder, a link or an unreadable file where a file goes.
  const blocked = plan.conflicts.map((c) => ({ path: c.path, diff: "" }));
  const entries = [...plan.actions.map((action) => ({ path: action.path, action })), ...blocked];
  entries.sort((a, b) => comparePaths(a.path, b.path));
  for (const entry of entries) {
    if (!("action" in entry)) {
      result.changed.push(entry.path);
      continue;
    }
    const { action } = entry;
    bucket(result, action).push(action.path);
    result.diff += diffFor(action, `${prefix}${action.path}`);
  }
  result.leftover = [...plan.leftovers, ...(options.staleLock === true ? [LOCK_NAME] : [])].sort(comparePaths);
  return result;
}

function bucket(result: CheckResult, action: FileAction): string[] {
  const buckets = {
    create: result.missing,
    update: result.changed,
    delete: result.extra,
    unchanged: result.unchanged,
  };
  return buckets[action.kind];
}

function diffFor(action: FileAction, label: string): string {
  switch (action.kind) {
    case "unchanged":
      return "";
    case "create":
      return unifiedDiff(null, action.contents, {
        oldLabel: "/dev/null",
        newLabel: `b/${label}`,
      });
    case "update":
      if (isBinary(action.previous)) return `Binary files a/${label} and b/${label} differ\n`;
      return unifiedDiff(action.previous.toString("utf8"), action.contents, {
        oldLabel: `a/${label}`,
        newLabel: `b/${label}`,
      });
    case "delete":
      if (isBinary(action.previous)) return `Binary files a/${label} and /dev/null differ\n`;
      return unifiedDiff(action.previous.toString("utf8"), null, {
        oldLabel: `a/${label}`,
        newLabel: "/dev/null",
      });
  }
}

/** git's heuristic: a NUL byte in the first 8000 bytes means binary. */
function isBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8000).includes(0);
}
