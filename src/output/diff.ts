/**
 * Unified diff (`diff -u` / `git diff` format) for `build --check`, so CI shows what is stale
 * without a dependency. Lines are compared with their terminator, so "a" and "a\n" differ and
 * a missing final newline is shown with GNU diff's "\ No newline at end of file" marker.
 *
 * The edit script comes from Myers' O(ND) algorithm ("An O(ND) Difference Algorithm and Its
 * Variations", 1986), storing each round's frontier to backtrack: O(D^2) memory. Past
 * MAX_EDIT_DISTANCE rounds it falls back to replacing the whole differing middle, which is
 * still a correct diff, just not a minimal one.
 */

const MAX_EDIT_DISTANCE = 2000;

export interface UnifiedDiffOptions {
  /** Header labels, e.g. "a/infra/main.tf"; "/dev/null" for a side that does not exist. */
  oldLabel: string;
  newLabel: string;
  /** Unchanged lines around each change, default 3. */
  context?: number;
}

type Op = "=" | "-" | "+";

interface Edit {
  op: Op;
  /** The line, terminator included. */
  line: string;
}

/** Returns "" when the texts are equal. `null` stands for a missing file (an empty side). */
export function unifiedDiff(oldText: string | null, newText: string | null, options: UnifiedDiffOptions): string {
  if (oldText === newText) return "";
  const edits = diffLines(splitLines(oldText ?? ""), splitLines(newText ?? ""));
  const context = options.context ?? 3;
  let out = `--- ${options.oldLabel}\n+++ ${options.newLabel}\n`;
  for (const hunk of hunks(edits, context)) out += renderHunk(edits, hunk);
  return out;
}

/** Splits after each "\n", keeping it; a last line without one is kept as is. */
export function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines[lines.length - 1] === "" ? lines.slice(0, -1) : lines;
}

/** The edit script from `a` to `b`: equal, deleted and inserted lines in order. */
export function diffLines(a: readonly string[], b: readonly string[]): Edit[] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  const middle = myers(midA, midB) ?? [...midA.map((line) => ({ op: "-" as const, line })), ...midB.map((line) => ({ op: "+" as const, line }))];
  const equal = (line: string): Edit => ({ op: "=", line });
  return [...a.slice(0, prefix).map(equal), ...middle, ...a.slice(a.length - suffix).map(equal)];
}

/** Myers' greedy forward search; undefined when the distance exceeds MAX_EDIT_DISTANCE. */
function myers(a: readonly string[], b: readonly string[]): Edit[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v[k] for k in [-d+1, d-1] as it was before round d.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d + 1, offset + d));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && at(v, offset + k - 1) < at(v, offset + k + 1)) ? at(v, offset + k + 1) : at(v, offset + k - 1) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace, d);
    }
  }
  return undefined;
}

function backtrack(a: readonly string[], b: readonly string[], trace: readonly Int32Array[], distance: number): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = distance; d > 0; d--) {
    const frontier = trace[d];
    if (frontier === undefined) throw new Error("diff: missing frontier");
    const get = (k: number): number => at(frontier, k + d - 1);
    const k = x - y;
    const prevK = k === -d || (k !== d && get(k - 1) < get(k + 1)) ? k + 1 : k - 1;
    const prevX = get(prevK);
    const prevY = prevX - prevK;
    for (; x > prevX && y > prevY; x--, y--) edits.push({ op: "=", line: lineAt(a, x - 1) });
    if (x === prevX) edits.push({ op: "+", line: lineAt(b, --y) });
    else edits.push({ op: "-", line: lineAt(a, --x) });
  }
  // Round 0 is the common run both sides start with.
  for (; x > 0; x--) edits.push({ op: "=", line: lineAt(a, x - 1) });
  return edits.reverse();
}

interface Hunk {
  /** Range of edits [start, end) this hunk prints. */
  start: number;
  end: number;
}

/** Groups changes whose contexts touch or overlap into one hunk, as diff -u does. */
function hunks(edits: readonly Edit[], context: number): Hunk[] {
  const result: Hunk[] = [];
  for (let i = 0; i < edits.length; i++) {
    if (edits[i]?.op === "=") continue;
    let end = i;
    while (end < edits.length && edits[end]?.op !== "=") end++;
    const start = Math.max(0, i - context);
    const last = result[result.length - 1];
    const stop = Math.min(edits.length, end + context);
    if (last !== undefined && start <= last.end) last.end = stop;
    else result.push({ start, end: stop });
    i = end - 1;
  }
  return result;
}

function renderHunk(edits: readonly Edit[], hunk: Hunk): string {
  let oldStart = 0;
  let newStart = 0;
  for (let i = 0; i < hunk.start; i++) {
    const op = edits[i]?.op;
    if (op !== "+") oldStart++;
    if (op !== "-") newStart++;
  }
  let oldCount = 0;
  let newCount = 0;
  let body = "";
  for (let i = hunk.start; i < hunk.end; i++) {
    const edit = edits[i];
    if (edit === undefined) break;
    if (edit.op !== "+") oldCount++;
    if (edit.op !== "-") newCount++;
    const prefix = edit.op === "=" ? " " : edit.op;
    body += edit.line.endsWith("\n") ? `${prefix}${edit.line}` : `${prefix}${edit.line}\n\\ No newline at end of file\n`;
  }
  return `@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@\n${body}`;
}

/** GNU format: "start,count", ",count" left out when 1; an empty range names the line before it. */
function range(linesBefore: number, count: number): string {
  if (count === 0) return `${linesBefore},0`;
  return count === 1 ? `${linesBefore + 1}` : `${linesBefore + 1},${count}`;
}

function at(array: Int32Array, index: number): number {
  const value = array[index];
  if (value === undefined) throw new Error(`diff: frontier index ${index} out of range`);
  return value;
}

function lineAt(lines: readonly string[], index: number): string {
  const line = lines[index];
  if (line === undefined) throw new Error(`diff: line ${index} out of range`);
  return line;
}
