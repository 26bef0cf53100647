import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffLines, splitLines, unifiedDiff } from "./diff.js";

const labels = { oldLabel: "a/f.tf", newLabel: "b/f.tf" };

/** Applies a unified diff to `old`, the way `patch` would, to prove the diff is correct. */
function applyPatch(old: string, patch: string): string {
  const source = splitLines(old);
  const lines = patch.split(/(?<=\n)/);
  const out: string[] = [];
  let cursor = 0;
  let i = 2; // skip the ---/+++ headers
  const target = (): string[] => out;
  while (i < lines.length) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@\n$/.exec(lines[i] ?? "");
    if (!header) throw new Error(`bad hunk header ${JSON.stringify(lines[i])}`);
    const start = Number(header[1]);
    const count = header[2] === undefined ? 1 : Number(header[2]);
    const firstIndex = count === 0 ? start : start - 1;
    while (cursor < firstIndex) out.push(source[cursor++] ?? "");
    i++;
    while (i < lines.length && !(lines[i] ?? "").startsWith("@@")) {
      const line = lines[i] ?? "";
      const next = lines[i + 1] ?? "";
      const noNewline = next.startsWith("\\ No newline at end of file");
      const body = noNewline ? line.slice(1, -1) : line.slice(1);
      if (line.startsWith(" ") || line.startsWith("-")) {
        expect(source[cursor]).toBe(body);
        cursor++;
      }
      if (line.startsWith(" ") || line.startsWith("+")) target().push(body);
      i += noNewline ? 2 : 1;
    }
  }
  while (cursor < source.length) out.push(source[cursor++] ?? "");
  return out.join("");
}

function lcsLength(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j] ?? 0;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(up, row[j - 1] ?? 0);
      diagonal = up;
    }
  }
  return row[b.length] ?? 0;
}

describe("unifiedDiff", () => {
  it("prints nothing for equal texts", () => {
    expect(unifiedDiff("a\nb\n", "a\nb\n", labels)).toBe("");
  });

  it("prints GNU-style hunks with 3 lines of context", () => {
    const old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n";
    const next = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n";
    expect(unifiedDiff(old, next, labels)).toBe("--- a/f.tf\n+++ b/f.tf\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
  });

  it("merges changes whose contexts touch and splits distant ones", () => {
    const old = Array.from({ length: 30 }, (_, i) => `${i + 1}\n`).join("");
    const near = old.replace("5\n", "x\n").replace("12\n", "y\n"); // gap of 6 = 2 x context: one hunk, as GNU diff
    expect(unifiedDiff(old, near, labels).match(/^@@/gm)).toHaveLength(1);
    const far = old.replace("5\n", "x\n").replace("13\n", "y\n");
    expect(unifiedDiff(old, far, labels).match(/^@@/gm)).toHaveLength(2);
  });

  it("shows a new file against /dev/null and names empty ranges by the line before", () => {
    expect(unifiedDiff(null, "a\nb\n", { oldLabel: "/dev/null", newLabel: "b/x" })).toBe("--- /dev/null\n+++ b/x\n@@ -0,0 +1,2 @@\n+a\n+b\n");
    expect(unifiedDiff("a\n", null, { oldLabel: "a/x", newLabel: "/dev/null" })).toBe("--- a/x\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n");
  });

  it("marks a missing final newline, and treats adding one as a change", () => {
    expect(unifiedDiff("a\nb", "a\nb\n", labels)).toBe("--- a/f.tf\n+++ b/f.tf\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n");
  });

  it("produces a patch that turns old into new, of minimal size (property)", () => {
    const line = fc.constantFrom("a\n", "b\n", "c\n", "d\n", "e", "");
    const text = fc.array(line, { maxLength: 25 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, text, (old, next) => {
        const patch = unifiedDiff(old, next, labels);
        expect(patch === "").toBe(old === next);
        if (patch !== "") expect(applyPatch(old, patch)).toBe(next);
        const a = splitLines(old);
        const b = splitLines(next);
        const changes = diffLines(a, b).filter((e) => e.op !== "=").length;
        expect(changes).toBe(a.length + b.length - 2 * lcsLength(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it("stays correct, if not minimal, for inputs past the edit-distance cap", () => {
    const old = Array.from({ length: 3000 }, (_, i) => `old ${i}\n`).join("");
    const next = Array.from({ length: 3000 }, (_, i) => (i % 2 === 0 ? `old ${i}\n` : `new ${i}\n`)).join("");
    expect(applyPatch(old, unifiedDiff(old, next, labels))).toBe(next);
  });
});
