/**
 * The scratch directory a run works in, and the copy of the user's tree inside it. The
 * user's tree is only ever read: `init` writes `.terraform/` and a lock file, and a committed
 * lock file with real provider hashes would make `init` refuse the stub mirror
 * (docs offline-validate.md), so both stay behind, as does state.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
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

/** Symlinks are followed, so nothing in the copy can lead back into the user's tree. */
export async function copyTree(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true, dereference: true, filter: (source) => isCopied(source) });
}

export async function removeScratch(scratch: Scratch): Promise<void> {
  await rm(scratch.root, { recursive: true, force: true, maxRetries: 3 });
}

/** For signal handlers, which cannot wait for a promise. */
export function removeScratchSync(scratch: Scratch): void {
  rmSync(scratch.root, { recursive: true, force: true, maxRetries: 3 });
}
