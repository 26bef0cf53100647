/**
 * Output size grows linearly with the node count: no per-node section that lists every other
 * node, no file that repeats the whole cluster per node. Pinned cheaply in bytes (never in
 * time: tests do not measure time; scripts/bench.mjs does, at 500 and 1,000 nodes).
 */
import { describe, expect, it } from "vitest";
import { proxmoxSpec } from "../scripts/bench/generate-spec.mjs";
import { compile } from "../src/index.js";

function treeBytes(nodes: number): number {
  const result = compile(proxmoxSpec({ name: "scale", workers: nodes - 3 }), { specPath: "scale.yaml" });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return result.files.reduce((sum, file) => sum + Buffer.byteLength(file.contents, "utf8"), 0);
}

describe("output size", () => {
  it("is linear in the node count", () => {
    const [s100, s200, s400] = [treeBytes(100), treeBytes(200), treeBytes(400)] as const;
    // Bytes per added node, from 100 to 200 nodes and from 200 to 400: equal if the size is
    // fixed + per-node, apart from longer names and addresses; a quadratic term would make
    // the second clearly larger.
    const first = (s200 - s100) / 100;
    const second = (s400 - s200) / 200;
    expect(Math.abs(second - first) / first).toBeLessThan(0.05);
  });
});
