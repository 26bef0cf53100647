/**
 * The Git hook flows docs/workflow.md promises, run for real and offline: Debian's
 * `pre-commit` installs the hooks from a Git clone of this repository at a tag (its node
 * language: `npm install`, `npm pack`, `npm install -g` of the tarball, all from npm's cache),
 * and lefthook (built by `npm run tools`) runs the documented lefthook.yml against the packed
 * package installed in a scratch project. Each config is the block the docs show, with only
 * the repository address and tag swapped for the local clone.
 *
 * pre-commit's node language: pre_commit/languages/node.py (install_environment).
 */
import { execa, type Options } from "execa";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, ROOT } from "./cli/harness.js";
import { tools, toolsRequired } from "./real/tools.js";

const work = mkdtempSync(join(tmpdir(), "talos-hclgen-hooks-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const doc = readFileSync(join(ROOT, "docs", "workflow.md"), "utf8");
const yamlBlock = (marker: string): string => {
  const block = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] ?? "").find((b) => b.includes(marker));
  if (block === undefined) throw new Error(`docs/workflow.md has no yaml block with ${marker}`);
  return block;
};
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string; homepage: string };
const home = pkg.homepage.replace(/#.*$/, "");

/** Git with a config of its own: no user hooksPath, templates or signing leak in. */
const gitConfig = join(work, "gitconfig");
writeFileSync(gitConfig, "[user]\n\tname = Hook Test\n\temail = hooks@example.invalid\n[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n");
const env = (extra: Record<string, string> = {}): Record<string, string> => ({
  PATH: process.env["PATH"] ?? "",
  HOME: process.env["HOME"] ?? "",
  GIT_CONFIG_GLOBAL: gitConfig,
  GIT_CONFIG_NOSYSTEM: "1",
  // Offline: everything npm installs comes from the cache `npm ci` filled.
  npm_config_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
  ...extra,
});
/** What the tests read of a finished process. */
interface Result {
  readonly command: string;
  readonly exitCode: number | undefined;
  readonly all: unknown;
  readonly stdout: unknown;
}
const run = async (file: string, args: readonly string[], options: Options & { cwd: string }): Promise<Result> => {
  const done = await execa(file, args, { extendEnv: false, env: env(), reject: false, all: true, ...options });
  return { command: done.command, exitCode: done.exitCode, all: done.all, stdout: done.stdout };
};
const git = (cwd: string, ...args: string[]): Promise<Result> => run("git", args, { cwd });

async function ok(result: Promise<Result>): Promise<Result> {
  const done = await result;
  if (done.exitCode !== 0) throw new Error(`${done.command} exited ${done.exitCode}:\n${String(done.all)}`);
  return done;
}

/** A user's repository: a starter spec from the repository's own init. */
async function userRepository(name: string): Promise<string> {
  const dir = join(work, name);
  mkdirSync(dir);
  await ok(git(dir, "init", "-q"));
  await ok(run(process.execPath, [join(ROOT, "bin", "talos-hclgen.js"), "init", "cluster.yaml", "--platform", "metal"], { cwd: dir }));
  return dir;
}

function bumpTalos(dir: string, from: string, to: string): void {
  const spec = join(dir, "cluster.yaml");
  const text = readFileSync(spec, "utf8");
  if (!text.includes(`version: ${from}`)) throw new Error(`cluster.yaml has no version: ${from}`);
  writeFileSync(spec, text.replace(`version: ${from}`, `version: ${to}`));
}

function which(binary: string): string | null {
  for (const dir of (process.env["PATH"] ?? "").split(":")) if (dir !== "" && existsSync(join(dir, binary))) return join(dir, binary);
  return null;
}

const preCommit = which("pre-commit");
const lefthook = tools?.hooks["lefthook"] ?? null;

describe.skipIf(preCommit === null && !toolsRequired)("pre-commit (Debian's pre-commit; .ci/run installs it)", () => {
  const tag = `v${pkg.version}`;
  let source = "";
  let user = "";
  const preCommitHome = join(work, "pre-commit-home");

  beforeAll(async () => {
    if (preCommit === null) throw new Error("pre-commit is not on PATH: apt-get install pre-commit (CI=true: this tier never skips)");
    await ensureBuilt();
    // The repository as users clone it at a tag: every file Git would commit from this tree.
    source = join(work, "talos-hclgen");
    const listed = await ok(git(ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard"));
    for (const path of String(listed.stdout).split("\0")) {
      if (path === "" || !existsSync(join(ROOT, path))) continue;
      mkdirSync(dirname(join(source, path)), { recursive: true });
      cpSync(join(ROOT, path), join(source, path));
    }
    await ok(git(source, "init", "-q"));
    await ok(git(source, "add", "-A"));
    await ok(git(source, "commit", "-qm", "release"));
    await ok(git(source, "tag", tag));
    // The docs pin a commit (no release is tagged yet): this clone's.
    const commitId = String((await ok(git(source, "rev-parse", "HEAD"))).stdout).trim();

    user = await userRepository("pre-commit-user");
    const config = yamlBlock("# .pre-commit-config.yaml")
      .replace(`repo: ${home}`, `repo: ${source}`)
      .replace(/rev: [0-9a-f]{40}/, `rev: ${commitId}`);
    expect(config).toContain(`rev: ${commitId}`);
    expect(config).toContain(`repo: ${source}`);
    writeFileSync(join(user, ".pre-commit-config.yaml"), config);
    await ok(run("pre-commit", ["install"], { cwd: user, env: env({ PRE_COMMIT_HOME: preCommitHome }) }));
  }, 600_000);

  const commit = (message: string): Promise<Result> => run("git", ["commit", "-qm", message], { cwd: user, env: env({ PRE_COMMIT_HOME: preCommitHome }) });

  it("installs the hook from a clone at a tag, offline, and builds the tree on the first run", async () => {
    await ok(git(user, "add", "-A"));
    // pre-commit sees only changes to tracked files, so the docs say to build and commit the
    // tree once with the spec; from then on the hook stops every commit that changes it.
    const first = await run("pre-commit", ["run"], { cwd: user, env: env({ PRE_COMMIT_HOME: preCommitHome }) });
    expect(String(first.all)).toContain("talos-hclgen build");
    expect(existsSync(join(user, "infra", "main.tf"))).toBe(true);
    expect(existsSync(join(user, "infra", ".gitignore"))).toBe(true);
    await ok(git(user, "add", "-A"));
    await ok(commit("cluster"));
  }, 600_000);

  it("stops a commit whose spec edit changes the tree, leaving the regenerated files to add", async () => {
    bumpTalos(user, "v1.13.9", "v1.13.8");
    await ok(git(user, "add", "cluster.yaml"));
    const blocked = await commit("talos v1.13.8");
    expect(blocked.exitCode).toBe(1);
    expect(String(blocked.all)).toContain("files were modified by this hook");
    expect(String(blocked.all)).toContain("wrote infra/main.tf");
    const status = await ok(git(user, "status", "--porcelain"));
    expect(String(status.stdout)).toContain(" M infra/main.tf");
    await ok(git(user, "add", "-A"));
    await ok(commit("talos v1.13.8"));
    expect(String((await ok(git(user, "status", "--porcelain"))).stdout)).toBe("");
  }, 300_000);

  it("refuses to overwrite a hand edit of the generated tree (exit 2), and the commit stops", async () => {
    const main = join(user, "infra", "main.tf");
    writeFileSync(main, `${readFileSync(main, "utf8")}# hand edit\n`);
    await ok(git(user, "add", "infra/main.tf"));
    const blocked = await commit("hand edit");
    expect(blocked.exitCode).toBe(1);
    expect(String(blocked.all)).toContain("exit code: 2");
    expect(String(blocked.all)).toContain("infra/main.tf");
    expect(readFileSync(main, "utf8")).toContain("# hand edit");
    await ok(git(user, "checkout", "HEAD", "--", "infra/main.tf"));
  }, 300_000);
});

describe.skipIf(lefthook === null && !toolsRequired)("lefthook (built by npm run tools)", () => {
  let user = "";
  let remote = "";

  beforeAll(async () => {
    if (lefthook === null) throw new Error("lefthook is not built: npm run tools (CI=true: this tier never skips)");
    await ensureBuilt();
    const packed = await ok(run("npm", ["pack", "--pack-destination", work], { cwd: ROOT, env: env({ npm_config_loglevel: "warn" }) }));
    user = await userRepository("lefthook-user");
    writeFileSync(join(user, "package.json"), '{ "name": "cluster", "private": true }\n');
    await ok(run("npm", ["install", "--save-dev", join(work, String(packed.stdout).trim())], { cwd: user }));
    writeFileSync(join(user, ".gitignore"), "node_modules/\n");
    writeFileSync(join(user, "lefthook.yml"), yamlBlock("# lefthook.yml"));
    await ok(run(lefthook, ["install"], { cwd: user, env: env({ PATH: `${dirname(lefthook)}:${process.env["PATH"] ?? ""}` }) }));
    await ok(run(process.execPath, [join(user, "node_modules", ".bin", "talos-hclgen"), "build", "cluster.yaml", "-o", "infra", "-q"], { cwd: user }));
    await ok(git(user, "add", "-A"));
    await ok(hooked(["commit", "-qm", "cluster"]));
    remote = join(work, "lefthook-remote.git");
    await ok(run("git", ["init", "-q", "--bare", remote], { cwd: work }));
    await ok(git(user, "remote", "add", "origin", remote));
  }, 300_000);

  /** Git with lefthook on PATH, the way the installed hook finds it. */
  const hooked = (args: string[]): Promise<Result> =>
    run("git", args, { cwd: user, env: env({ PATH: `${dirname(lefthook ?? "")}:${process.env["PATH"] ?? ""}` }) });

  it("regenerates and stages the tree in the same commit as the spec edit", async () => {
    bumpTalos(user, "v1.13.9", "v1.13.8");
    await ok(git(user, "add", "cluster.yaml"));
    const committed = await hooked(["commit", "-qm", "talos v1.13.8"]);
    expect(committed.exitCode, String(committed.all)).toBe(0);
    const changed = String((await ok(git(user, "show", "--name-only", "--format=", "HEAD"))).stdout)
      .trim()
      .split("\n");
    expect(changed).toEqual(expect.arrayContaining(["cluster.yaml", "infra/main.tf", "infra/machines.lock.json"]));
    expect(String((await ok(git(user, "status", "--porcelain"))).stdout)).toBe("");
  }, 120_000);

  it("lets an up-to-date tree be pushed and stops a push of a hand-edited one", async () => {
    expect((await hooked(["push", "-q", "origin", "main"])).exitCode).toBe(0);
    const main = join(user, "infra", "main.tf");
    writeFileSync(main, `${readFileSync(main, "utf8")}# hand edit\n`);
    await ok(git(user, "commit", "-qam", "hand edit", "--no-verify"));
    const pushed = await hooked(["push", "-q", "origin", "main"]);
    expect(pushed.exitCode).not.toBe(0);
    expect(String(pushed.all)).toContain("-# hand edit");
    expect(String(pushed.all)).toContain("out of date");
  }, 120_000);
});
