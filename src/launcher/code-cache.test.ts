import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codeCacheFile, writeCodeCache } from "./code-cache.js";

let base: string;
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe("codeCacheFile", () => {
  it("names one file per command, build, Node version and architecture, in the cache folder", () => {
    base = mkdtempSync(join(tmpdir(), "code-cache-"));
    const file = codeCacheFile({ TALOS_HCLGEN_CACHE_DIR: base }, "0123456789abcdef0123", "build");
    expect(file?.folder).toBe(join(base, "code"));
    expect(file?.name).toBe(`build-0123456789abcdef-node${process.versions.node}-${process.arch}.v8`);
    expect(codeCacheFile({ TALOS_HCLGEN_CACHE_DIR: base }, "0123456789abcdef", "../../x")?.name).toMatch(/^other-/);
    expect(codeCacheFile({ TALOS_HCLGEN_CACHE_DIR: base, TALOS_HCLGEN_NO_CACHE: "1" }, "01", "build")).toBeUndefined();
  });
});

describe("writeCodeCache", () => {
  it("keeps the four most recently written caches of a command and leaves other commands alone", () => {
    base = mkdtempSync(join(tmpdir(), "code-cache-"));
    const folder = join(base, "code");
    const old = (name: string, ageSeconds: number) => {
      writeFileSync(join(folder, name), "old");
      const when = Date.now() / 1000 - ageSeconds;
      utimesSync(join(folder, name), when, when);
    };
    writeCodeCache({ folder, name: "validate-aaaa-node20-x64.v8" }, Buffer.from("v"));
    for (let i = 1; i <= 5; i++) old(`build-old${i}-node20-x64.v8`, i * 60);
    writeCodeCache({ folder, name: "build-new-node20-x64.v8" }, Buffer.from("new"));
    expect(readdirSync(folder).sort()).toEqual([
      "build-new-node20-x64.v8",
      "build-old1-node20-x64.v8",
      "build-old2-node20-x64.v8",
      "build-old3-node20-x64.v8",
      "validate-aaaa-node20-x64.v8",
    ]);
    expect(readFileSync(join(folder, "build-new-node20-x64.v8"), "utf8")).toBe("new");
  });

  it("never throws: a cache folder that cannot be made only costs speed", () => {
    base = mkdtempSync(join(tmpdir(), "code-cache-"));
    writeFileSync(join(base, "code"), "a file in the way");
    expect(() => writeCodeCache({ folder: join(base, "code"), name: "build-x.v8" }, Buffer.from("x"))).not.toThrow();
    expect(existsSync(join(base, "code", "build-x.v8"))).toBe(false);
  });
});
