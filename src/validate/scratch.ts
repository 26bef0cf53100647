/**
 * The scratch directory a run works in, and the copy of the user's tree inside it. The
 * user's tree is only ever read: `init` writes `.terraform/` and a lock file, and a committed
 * lock file with real provider hashes would make `init` refuse the stub mirror
 * (docs offline-validate.md), so both stay behind, as does state.
 */
import { copyFile, mkdir, mkdtemp, readdir, realpath, rm, stat } from "node:fs/promises";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

export const SCRATCH_PREFIX = "talos-hclgen-validate-";

export interface Scratch {
  root: string;
  tree: string;
  mirror: string;
  schemas: string;
  home: string;
  cliConfig: string;
  stubTrace: string;
}

export async function createScratch(parent: string = tmpdir()): Promise<Scratch> {
  const root = await mkdtemp(join(parent, SCRATCH_PREFIX));
  return {
    root,
    tree: join(root, "tree"),
    mirror: join(root, "mirror"),
    schemas: join(root, "schemas"),
    home: join(root, "home"),
    cliConfig: join(root, "terraformrc"),
    stubTrace: join(root, "stub-launches.log"),
  };
}

/** Skipped at any depth: Terraform's working data, lock file, state and VCS metadata. */
export function isCopied(path: string): boolean {
  const name = basename(path);
  return name !== ".terraform" && name !== ".terraform.lock.hcl" && name !== ".git" && !name.includes(".tfstate");
}

/**
 * Copies the tree, following symbolic links, so nothing in the copy can lead back into the
 * user's tree. A link to a folder the walk is already inside (a loop, which fs.cp would follow
 * until ELOOP, doubling with each second loop) is returned as a problem instead, by its path
 * relative to the tree; what is neither a file nor a folder (a FIFO, a device) is left behind,
 * since reading it could block.
 */
export async function copyTree(from: string, to: string): Promise<{ loop?: string }> {
  const walk = async (source: string, target: string, relative: string, inside: ReadonlySet<string>): Promise<string | undefined> => {
    const real = await realpath(source);
    if (inside.has(real)) return relative;
    const below = new Set(inside).add(real);
    await mkdir(target, { recursive: true });
    for (const entry of await readdir(source)) {
      const path = join(source, entry);
      if (!isCopied(path)) continue;
      const info = await stat(path).catch(() => undefined); // a link to nothing: left behind
      const rel = relative === "" ? entry : `${relative}/${entry}`;
      if (info?.isDirectory() === true) {
        const loop = await walk(path, join(target, entry), rel, below);
        if (loop !== undefined) return loop;
      } else if (info?.isFile() === true) await copyFile(path, join(target, entry));
    }
    return undefined;
  };
  const loop = await walk(from, to, "", new Set());
  return loop === undefined ? {} : { loop };
}

export async function removeScratch(scratch: Scratch): Promise<void> {
  await rm(scratch.root, { recursive: true, force: true, maxRetries: 3 });
}

/** For signal handlers, which cannot wait for a promise. */
export function removeScratchSync(scratch: Scratch): void {
  rmSync(scratch.root, { recursive: true, force: true, maxRetries: 3 });
}
