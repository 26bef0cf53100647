import { describe, expect, it } from "vitest";
import { parseCommandArgs } from "./args.js";
import { didYouMean } from "../base/did-you-mean.js";
import type { CliIo } from "./io.js";
import { expandOutDir, fileStem, hasPlaceholder, unknownPlaceholder } from "./out-dir.js";
import { displayPath } from "./spec-inputs.js";
import { chooseStyle } from "./terminal.js";

describe("parseCommandArgs", () => {
  const options = {
    out: { type: "string", short: "o" },
    check: { type: "boolean" },
  } as const;

  it("rewrites parseArgs errors in our words, naming options by their long form", () => {
    expect(parseCommandArgs(["--chek"], options)).toEqual({
      ok: false,
      message: 'unknown option "--chek"',
      hint: 'did you mean "--check"?',
    });
    expect(parseCommandArgs(["-o"], options)).toEqual({
      ok: false,
      message: 'option "--out" needs a value',
    });
    expect(parseCommandArgs(["--check=yes"], options)).toEqual({
      ok: false,
      message: 'option "--check" does not take a value',
    });
    expect(parseCommandArgs(["-o", "--check"], options)).toMatchObject({
      ok: false,
      message: 'option "--out" needs a value',
      hint: expect.stringContaining("--out=VALUE"),
    });
  });

  it("returns values and positionals", () => {
    expect(parseCommandArgs(["a.yaml", "-o", "x", "--check"], options)).toEqual({
      ok: true,
      args: { values: { out: "x", check: true }, positionals: ["a.yaml"] },
    });
  });
});

describe("didYouMean in the CLI", () => {
  // Commands, options and explain's field names use the spec's suggestion rule
  // (src/base/did-you-mean.ts, tested there): one rule for every typo the program answers.
  it("finds commands and fields, case-insensitively, and nothing for far ones", () => {
    expect(didYouMean("buidl", ["build", "init"])).toBe("build");
    expect(didYouMean("--chek", ["--check", "--force"])).toBe("--check");
    expect(didYouMean("VMID", ["vmId", "name"])).toBe("vmId");
    expect(didYouMean("zzzzzz", ["build", "init"])).toBeUndefined();
  });
});

describe("-o placeholders", () => {
  it("expands {name} and {stem}", () => {
    expect(expandOutDir("infra/{name}-{stem}", { name: "prod", stem: "cluster" })).toBe("infra/prod-cluster");
    expect(fileStem("clusters/prod.cluster.yaml")).toBe("prod.cluster");
    expect(fileStem("clusters/Makefile")).toBe("Makefile");
    expect(hasPlaceholder("infra/{name}")).toBe(true);
    expect(hasPlaceholder("infra")).toBe(false);
    expect(unknownPlaceholder("infra/{nmae}")).toBe("{nmae}");
  });
});

describe("displayPath", () => {
  it("is relative to cwd with / separators", () => {
    expect(displayPath("/w", "/w/clusters/a.yaml")).toBe("clusters/a.yaml");
    expect(displayPath("/w", "./clusters/../a.yaml")).toBe("a.yaml");
    expect(displayPath("/w/sub", "/w/a.yaml")).toBe("../a.yaml");
    expect(displayPath("/w", "/w")).toBe(".");
  });
});

describe("chooseStyle", () => {
  const io = (isTTY: boolean, env: Record<string, string> = {}): CliIo => ({
    stdout: { write: () => undefined },
    stderr: { write: () => undefined, isTTY },
    cwd: "/",
    env,
  });

  it.each([
    [false, {}, false, { pretty: false, color: false, progress: false }],
    [true, {}, false, { pretty: true, color: true, progress: true }],
    [true, { NO_COLOR: "1" }, false, { pretty: true, color: false, progress: true }],
    [true, { NO_COLOR: "" }, false, { pretty: true, color: true, progress: true }],
    [true, {}, true, { pretty: true, color: false, progress: true }],
    [true, { TERM: "dumb" }, false, { pretty: true, color: false, progress: true }],
    [false, { FORCE_COLOR: "1" }, false, { pretty: true, color: true, progress: false }],
    [false, { FORCE_COLOR: "0" }, false, { pretty: false, color: false, progress: false }],
  ])("tty=%s env=%j --no-color=%s", (tty, env, noColor, expected) => {
    expect(chooseStyle(io(tty, env), { noColor })).toEqual(expected);
  });
});
