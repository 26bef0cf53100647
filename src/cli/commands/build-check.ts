/** `build --check`: compare every tree with what build would write; never writes. */
import { checkTree } from "../../output/check-tree.js";
import type { Target } from "./build-compile.js";
import {
  sortFiles,
  type CheckStatus,
  type FileReport,
  type TreeReport,
} from "./build-report.js";

export function checkTargets(targets: readonly Target[]): TreeReport[] {
  return targets.map((target) => {
    const result = checkTree(target.outDir, target.files, {
      labelPrefix: target.prefix,
    });
    const files: FileReport[] = [];
    const add = (status: CheckStatus, paths: readonly string[]): void => {
      for (const path of paths)
        files.push({ path: `${target.prefix}${path}`, status });
    };
    add("changed", result.changed);
    add("missing", result.missing);
    add("extra", result.extra);
    add("unchanged", result.unchanged);
    return {
      spec: target.spec.display,
      outDir: target.label,
      files: sortFiles(files),
      diff: result.diff,
    };
  });
}
