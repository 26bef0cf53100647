/**
 * Golden tests. Layout: fixtures/<case>/spec.yaml -> golden/<case>/ (the whole tree, plus
 * diagnostics.txt when the spec has diagnostics; error cases hold only diagnostics.txt).
 * Missing, extra and changed files all fail. This test never writes: `npm run update`
 * (refused under CI) rewrites golden/ through test/update/, then read the diff: it is what
 * users will see in their pull requests.
 */
import fg from "fast-glob";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCase, listCases, readGolden, ROOT } from "./golden-corpus.js";

const cases = listCases();

describe("golden corpus", () => {
  it("has cases", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const name of cases) {
    it(name, () => {
      const goldenCase = buildCase(name);
      expect(existsSync(join(ROOT, "golden", name)), `golden/${name} is missing: run npm run update`).toBe(true);
      const actual = goldenCase.expected;
      const golden = readGolden(name);
      expect(actual.map((f) => f.path)).toEqual(golden.map((f) => f.path));
      for (const file of actual) {
        const expected = golden.find((g) => g.path === file.path);
        expect(file.contents, `golden/${name}/${file.path}`).toBe(expected?.contents);
      }
    });
  }

  it("every golden folder has a fixture", () => {
    const goldens = fg.sync("*", { cwd: join(ROOT, "golden"), onlyDirectories: true }).sort();
    expect(goldens.filter((g) => !cases.includes(g))).toEqual([]);
  });
});
