/**
 * One diagnostic per mistake, however many paths reach it. YAML aliases let one piece of text
 * stand at many paths (`- *node` ninety times): a schema error inside it is found once per path,
 * and 400 unknown fields behind 90 aliases made 36,000 diagnostics and 14 MB of output for what
 * the user fixes in one place. Diagnostics with the same code and severity at the same source
 * range but different paths are that case by definition (without aliases or merge keys, one
 * range has one path); they become the first one, with a note of the other paths.
 */
import { compareStrings } from "../base/compare.js";
import { formatPath, type Diagnostic, type PathSegment } from "./diagnostic.js";

/** How many of the other paths a note names. */
const NAMED_PATHS = 3;

export interface AliasRepeats {
  /** How many other paths reach the same text with the same finding. */
  count: number;
  /** The first few of them, in the order found. */
  paths: ReadonlyArray<readonly PathSegment[]>;
}

/** `diagnostics` (sorted) with repeats folded into the first of each group; order kept. */
export function collapseAliasRepeats(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const firsts = new Map<string, { index: number; path: string; count: number; paths: Array<readonly PathSegment[]> }>();
  const kept: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.span === undefined || d.path === undefined) {
      kept.push(d);
      continue;
    }
    const key = `${d.span.file}\u0000${d.span.start}\u0000${d.span.end}\u0000${d.severity}\u0000${d.code}`;
    const path = JSON.stringify(d.path);
    const first = firsts.get(key);
    if (first === undefined) {
      firsts.set(key, { index: kept.length, path, count: 0, paths: [] });
      kept.push(d);
    } else if (first.path === path) {
      kept.push(d); // two findings at one path: not a repeat
    } else {
      first.count++;
      keepFirstPaths(first.paths, d.path);
    }
  }
  for (const first of firsts.values()) {
    const d = kept[first.index];
    if (first.count > 0 && d !== undefined) kept[first.index] = { ...d, aliasRepeats: { count: first.count, paths: first.paths } };
  }
  return kept;
}

/** Keeps the NAMED_PATHS smallest paths (numbers compared as numbers: nodes[2] before nodes[10]). */
function keepFirstPaths(paths: Array<readonly PathSegment[]>, path: readonly PathSegment[]): void {
  let at = paths.length;
  while (at > 0 && comparePaths(path, paths[at - 1] ?? []) < 0) at--;
  if (at < NAMED_PATHS) paths.splice(at, 0, path);
  if (paths.length > NAMED_PATHS) paths.pop();
}

function comparePaths(a: readonly PathSegment[], b: readonly PathSegment[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    if (typeof x === "number") return -1;
    if (typeof y === "number") return 1;
    return compareStrings(x ?? "", y ?? "");
  }
  return a.length - b.length;
}

/** "the same at nodes[10], nodes[11], nodes[12] and 87 more paths, which reach this text through YAML aliases" */
export function aliasRepeatsNote(repeats: AliasRepeats): string {
  const named = repeats.paths.map((p) => formatPath(p.length > 1 && p[0] === "spec" ? p.slice(1) : p));
  const rest = repeats.count - named.length;
  const list = rest > 0 ? `${named.join(", ")} and ${rest} more ${rest === 1 ? "path" : "paths"}` : named.join(", ");
  return `the same at ${list}, which ${repeats.count === 1 ? "reaches" : "reach"} this text through YAML aliases`;
}
