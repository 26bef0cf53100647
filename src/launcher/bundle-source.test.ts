import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readBundleSource } from "./bundle-source.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "bundle-source-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, data: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
};

describe("readBundleSource", () => {
  it("reads the bundle's text, then the cache over the same buffer, whichever is larger", () => {
    const bundle = write("cli.cjs", "(function () {})\n".repeat(3));
    const small = readBundleSource(bundle, write("small.v8", Buffer.from([1, 2, 3])));
    expect(small.source).toBe("(function () {})\n".repeat(3));
    expect([...(small.cachedData ?? [])]).toEqual([1, 2, 3]);

    const bytes = Buffer.alloc(200, 9);
    const large = readBundleSource(bundle, write("large.v8", bytes));
    expect(large.source).toBe("(function () {})\n".repeat(3));
    expect(large.cachedData?.equals(bytes)).toBe(true);
  });

  it("keeps the source intact when the cache is read over the buffer it came from", () => {
    const text = "x".repeat(4096);
    const { source, cachedData } = readBundleSource(write("cli.cjs", text), write("c.v8", Buffer.alloc(4096, 0x41)));
    expect(cachedData?.length).toBe(4096);
    expect(source).toBe(text);
  });

  it("has no cache when there is none, it is empty, or caching is off; a missing bundle throws", () => {
    const bundle = write("cli.cjs", "(function () {})");
    expect(readBundleSource(bundle, join(dir, "missing.v8")).cachedData).toBeUndefined();
    expect(readBundleSource(bundle, write("empty.v8", "")).cachedData).toBeUndefined();
    expect(readBundleSource(bundle, dir).cachedData).toBeUndefined(); // a folder in the cache file's place
    expect(readBundleSource(bundle, undefined)).toEqual({ source: "(function () {})", cachedData: undefined });
    expect(() => readBundleSource(join(dir, "none.cjs"), undefined)).toThrow(/ENOENT/);
  });
});
