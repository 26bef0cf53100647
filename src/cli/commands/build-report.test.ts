import { describe, expect, it } from "vitest";
import { printTrees, type BuildReport } from "./build-report.js";
import type { CliIo } from "../io.js";

function capture(): { io: CliIo; out: () => string } {
  let text = "";
  const sink = { write: (chunk: string) => ((text += chunk), true) };
  return { io: { stdout: sink, stderr: sink, cwd: "/", env: {} } as unknown as CliIo, out: () => text };
}

const report: BuildReport = {
  check: true,
  exitCode: 1,
  diagnostics: [],
  trees: [
    {
      spec: "c.yaml",
      outDir: "infra/",
      files: [{ path: "infra/main.tf", status: "changed" }],
      diff: "--- a/infra/main.tf\n+++ b/infra/main.tf\n@@ -1,2 +1,2 @@\n-old\n+new\n same\n",
    },
  ],
};

describe("printTrees", () => {
  it("colours the --check diff the way git does when colour is on", () => {
    const { io, out } = capture();
    printTrees(io, report, true);
    expect(out()).toBe(
      "changed infra/main.tf\n" +
        "\x1b[1m--- a/infra/main.tf\x1b[22m\n\x1b[1m+++ b/infra/main.tf\x1b[22m\n" +
        "\x1b[36m@@ -1,2 +1,2 @@\x1b[39m\n\x1b[31m-old\x1b[39m\n\x1b[32m+new\x1b[39m\n same\n" +
        "infra/: out of date: 1 changed, 0 missing, 0 extra\n",
    );
  });

  it("prints the diff byte for byte when colour is off", () => {
    const { io, out } = capture();
    printTrees(io, report, false);
    expect(out()).toContain(report.trees[0]!.diff!);
    expect(out()).not.toContain("\x1b[");
  });
});
