/**
 * The malformed-spec corpus, through the real binary: every case in corpus/<case>.yaml and
 * every generated one (corpus-generated.ts) must make `talos-hclgen build <case>.yaml -o infra`
 *
 * - exit 2, with exactly corpus/<case>.expected.txt on stderr (plain diagnostics, each error
 *   positioned as <case>.yaml:<line>:<col>, then "nothing was written");
 * - leave the output folder, which holds a previous build and a file of the user's,
 *   byte for byte and mtime for mtime as it was;
 * - finish within CASE_TIMEOUT_MS with a 256 MiB heap (NODE_OPTIONS=--max-old-space-size=256).
 *
 * These are hostile inputs (encodings, alias bombs, nesting, sizes, names that would escape the
 * tree or collide, address edge cases); the error fixtures in fixtures/error-* are the common
 * mistakes. `npm run update` rewrites the .expected.txt files (HOSTILE_CORPUS_UPDATE=1; read the diff).
 */
import { execa } from "execa";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotTree } from "../../src/output/temp-tree.test-helper.js";
import { ensureBuilt, ROOT } from "../cli/harness.js";
import { GENERATED, VALID } from "./corpus-generated.js";
import { underCI } from "../ci.js";

const CORPUS = join(ROOT, "test", "hostile", "corpus");
const BIN = join(ROOT, "bin", "talos-hclgen.js");
const CASE_TIMEOUT_MS = 10_000;
const UPDATE = process.env["HOSTILE_CORPUS_UPDATE"] === "1" && !underCI;

const fileCases = readdirSync(CORPUS)
  .filter((name) => name.endsWith(".yaml"))
  .map((name) => name.slice(0, -".yaml".length));
const cases: Array<{ name: string; bytes: () => Buffer }> = [
  ...fileCases.map((name) => ({
    name,
    bytes: () => readFileSync(join(CORPUS, `${name}.yaml`)),
  })),
  ...Object.entries(GENERATED).map(([name, bytes]) => ({ name, bytes })),
].sort((a, b) => (a.name < b.name ? -1 : 1));

let previous: string;
beforeAll(async () => {
  await ensureBuilt();
  // The "previous build" every case runs against, plus a file the user keeps in the tree.
  previous = mkdtempSync(join(tmpdir(), "talos-hclgen-corpus-"));
  writeFileSync(join(previous, "spec.yaml"), VALID);
  const built = await execa(process.execPath, [BIN, "build", "spec.yaml", "-o", "infra"], { cwd: previous, reject: false });
  expect(built.exitCode, built.stderr).toBe(0);
  writeFileSync(join(previous, "infra", "terraform.tfvars"), 'proxmox_api_token = "user@pam!x=y"\n');
});
afterAll(() => rmSync(previous, { recursive: true, force: true }));

describe("malformed specs through the CLI", () => {
  it("has at least 60 cases, each with its expected diagnostics", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const expected = readdirSync(CORPUS)
      .filter((n) => n.endsWith(".expected.txt"))
      .map((n) => n.slice(0, -".expected.txt".length));
    if (!UPDATE) expect(expected.sort()).toEqual(cases.map((c) => c.name));
  });

  it.concurrent.each(cases)("$name: exit 2, positioned diagnostics, nothing written", async ({ name, bytes }) => {
    const dir = mkdtempSync(join(tmpdir(), "talos-hclgen-case-"));
    try {
      cpSync(join(previous, "infra"), join(dir, "infra"), {
        recursive: true,
        preserveTimestamps: true,
      });
      writeFileSync(join(dir, `${name}.yaml`), bytes());
      const before = snapshotTree(join(dir, "infra"));
      const started = performance.now();
      const result = await execa(process.execPath, [BIN, "build", `${name}.yaml`, "-o", "infra"], {
        cwd: dir,
        env: {
          PATH: process.env["PATH"] ?? "",
          HOME: dir,
          NODE_OPTIONS: "--max-old-space-size=256",
        },
        extendEnv: false,
        reject: false,
        stripFinalNewline: false,
        timeout: CASE_TIMEOUT_MS,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      expect(result.timedOut, `still running after ${CASE_TIMEOUT_MS} ms`).toBe(false);
      expect(result.exitCode, `exit ${result.exitCode} after ${seconds}s\n${result.stderr}`).toBe(2);
      expect(result.stdout).toBe("");
      // Everything on stderr: the plain diagnostics, then the summary ("1 error", "nothing was written").
      const diagnostics = result.stderr;
      expect(diagnostics).toMatch(new RegExp(`^${name}\\.yaml:\\d+:\\d+: error\\[`, "m"));
      expect(diagnostics).toMatch(/\nnothing was written\n$/);
      const expectedPath = join(CORPUS, `${name}.expected.txt`);
      if (UPDATE) writeFileSync(expectedPath, diagnostics);
      else expect(diagnostics).toBe(existsSync(expectedPath) ? readFileSync(expectedPath, "utf8") : "(no expected file)");
      expect(snapshotTree(join(dir, "infra"))).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
