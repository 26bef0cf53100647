/**
 * A validate run that is interrupted cleans up after itself: the scratch dir goes, and so do
 * tofu/terraform and every stub provider it started. Runs the engine in a child process
 * (bundled with esbuild) so that the signal can really be delivered.
 */
import { execa, execaSync } from "execa";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findProviderSchemas, REFERENCE_TREE, REPO, skipReason } from "./helpers.js";

const reason = skipReason();
if (reason !== undefined) console.warn(`skipping signal tests: ${reason}`);
const suite = reason === undefined ? describe : describe.skip;

const CHILD = `
import { validateTree } from ${JSON.stringify(join(REPO, "src/validate/index.ts"))};
const [tree, providerSchemas, stubScript] = process.argv.slice(2);
const result = await validateTree(tree, { providerSchemas, stubScript });
process.stdout.write(String(result.exitCode));
`;

/** Under the repo (and .gitignore'd), so the bundle resolves execa and hcl2json from node_modules. */
const work = join(REPO, "test", "validate", ".vitest-tmp", `signals-${process.pid}`);

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) {
    if (condition()) return true;
  }
  return condition();
}

/** Command lines of live processes that mention `text` (stub providers name their schema file). */
function processesMentioning(text: string): string[] {
  const ps = execaSync("ps", ["-eo", "args="], { reject: false });
  return ps.stdout.split("\n").filter((line) => line.includes(text) && !line.startsWith("ps "));
}

function launched(tmp: string): boolean {
  return readdirSync(tmp).some((name) => {
    try {
      return readFileSync(join(tmp, name, "stub-launches.log"), "utf8").length > 0;
    } catch {
      return false;
    }
  });
}

suite("interrupted runs", () => {
  beforeAll(async () => {
    mkdirSync(work, { recursive: true });
    const common = { bundle: true, platform: "node", format: "esm", target: "node20", logLevel: "silent" } as const;
    await build({
      ...common,
      stdin: { contents: CHILD, resolveDir: work, loader: "ts" },
      outfile: join(work, "child.mjs"),
      packages: "external",
    });
    await build({
      ...common,
      entryPoints: [join(REPO, "src/validate/stub-provider/main.ts")],
      outfile: join(work, "stub.mjs"),
    });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each(["SIGTERM", "SIGINT"] as const)("%s removes the scratch dir and ends every child process", async (signal) => {
    const tmp = join(work, `tmp-${signal}`);
    mkdirSync(tmp);
    const child = execa(process.execPath, [join(work, "child.mjs"), REFERENCE_TREE, findProviderSchemas() ?? "", join(work, "stub.mjs")], {
      env: { TMPDIR: tmp },
      reject: false,
    });
    // Interrupt once Terraform is running and has started a stub provider.
    expect(await waitFor(() => launched(tmp), 15_000)).toBe(true);
    child.kill(signal);
    const result = await child;
    expect(result.signal).toBe(signal);
    expect(result.stdout).toBe("");
    expect(readdirSync(tmp)).toEqual([]);
    expect(await waitFor(() => processesMentioning(tmp).length === 0, 3_000)).toBe(true);
  });
});
