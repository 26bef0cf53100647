/**
 * The pre-commit case, answered before the CLI bundle loads. Most commits do not touch the
 * spec, so the hook's `build spec.yaml -o infra` (or `--check`) finds the tree exactly as the
 * last build on this machine left it, which the up-to-date cache (cli/commands/build-cache.ts)
 * vouches for. Loading and starting the 1.6 MB bundle to say so costs more than the check
 * itself; here the launcher checks it alone and prints the very line the full build prints.
 *
 * It answers only when it can be sure the full build would find nothing to do and print
 * nothing else: one spec named plainly (no pattern), one output folder without placeholders,
 * no option but --check, --quiet and --no-color, a cache entry for this exact spec text and
 * compiler build, the manifest and every file it lists byte for byte as that build wrote them,
 * reached through real folders (no link on the way, as the writer insists: output/tree-walk.ts),
 * and nothing an interrupted build leaves (the lock, the journal, a leftover temp or backup
 * file, output/leftovers.ts). Anything else returns a reason, and the full build runs:
 * declining only costs time. TALOS_HCLGEN_DEBUG=up-to-date prints which way it went.
 *
 * "Byte for byte" is checked by hashing, or, once the entry holds a settled record of the
 * files' stats, by those stats alone, as Git's index does (cli/up-to-date-entry.ts): then the
 * answer needs neither node:crypto nor a read of any file but the manifest.
 */
import { isUtf8 } from "node:buffer";
import { lstatSync, readdirSync, readFileSync, statSync, type Dirent } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { LEFTOVER } from "../output/leftovers.js";
import { JOURNAL_NAME, LOCK_NAME, MANIFEST_NAME, parentOf } from "../output/paths.js";
import { displayPath } from "../cli/spec-inputs.js";
import { readEntry, settledBefore, stampOf, statKey, writeEntry, type CacheEntry } from "../cli/up-to-date-entry.js";
import { MAX_SPEC_BYTES } from "../catalog/limits.js";

type Env = Readonly<Record<string, string | undefined>>;

export interface FastBuild {
  spec: string;
  out: string;
  check: boolean;
  quiet: boolean;
}

/** Characters that make `build` treat a spec argument as a pattern (cli/spec-inputs.ts). */
const GLOB_CHARS = /[*?[\]{}()!]/;

/** The build this argv asks for, when it is one the fast path may answer. */
export function fastBuildArgs(argv: readonly string[]): FastBuild | string {
  if (argv[0] !== "build") return "not a build";
  let spec: string | undefined;
  let out: string | undefined;
  let check = false;
  let quiet = false;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "-o" || arg === "--out") {
      if (out !== undefined || i + 1 >= argv.length) return "options the fast path does not read";
      out = argv[++i];
    } else if (arg.startsWith("--out=") && out === undefined) out = arg.slice("--out=".length);
    else if (arg === "--check") check = true;
    else if (arg === "--quiet" || arg === "-q") quiet = true;
    else if (arg === "--no-color") continue;
    else if (arg.startsWith("-") || spec !== undefined) return "options the fast path does not read";
    else spec = arg;
  }
  if (spec === undefined || out === undefined || out === "") return "no spec or no output folder";
  if (GLOB_CHARS.test(spec)) return "a spec pattern";
  if (out.includes("{")) return "an output folder with placeholders";
  return { spec, out, check, quiet };
}

/** What the full build would print for `build`, when the tree is up to date; else why not. */
export function upToDateOutput(build: FastBuild, env: Env, cwd: string, buildId: string): { stdout: string; how: "stat" | "hash" } | string {
  const specPath = resolve(cwd, build.spec);
  const outDir = resolve(cwd, build.out);
  const sourceName = relative(outDir, specPath).split(sep).join("/");
  const entry = readEntry(env, outDir);
  if (entry === undefined) return "no cache entry for this folder";
  const spec = checkSpec(specPath, sourceName, entry, buildId);
  if (typeof spec === "string") return spec;
  const tree = checkTree(env, outDir, entry, spec);
  if (typeof tree === "string") return tree;
  const { count, how } = tree;
  if (build.quiet) return { stdout: "", how };
  const shown = displayPath(cwd, outDir);
  const label = shown === "." ? "./" : `${shown}/`;
  return {
    stdout: build.check ? `${label}: up to date (${count} files)\n` : `${label}: 0 written, ${count} unchanged, 0 deleted\n`,
    how,
  };
}

/** The spec as the entry's build read it: by its stat alone when the record can be trusted. */
interface SpecState {
  /** Its stat key, when it held still while read (or was not read at all). */
  key: string | undefined;
  /** Trusted on its stat: the tree's files may be too. */
  byStat: boolean;
  build: string;
  sourceName: string;
}

function checkSpec(specPath: string, sourceName: string, entry: CacheEntry, buildId: string): SpecState | string {
  try {
    const stat = statSync(specPath, { bigint: true });
    if (!stat.isFile() || stat.size > BigInt(MAX_SPEC_BYTES)) return "the spec is not a plain file within the size limit";
    const key = statKey(stat);
    const record = entry.stats;
    const state = { build: buildId, sourceName };
    if (record !== undefined && record.build === buildId && record.node === process.version && record.sourceName === sourceName)
      if (record.spec === key && settledBefore(key, record.recorded)) return { ...state, key, byStat: true };
    const bytes = readFileSync(specPath);
    if (bytes.length > MAX_SPEC_BYTES || !isUtf8(bytes)) return "the spec is not UTF-8 within the size limit";
    if (stampOf(sha256, buildId, sourceName, bytes.toString("utf8")) !== entry.stamp) return "the spec or the compiler changed";
    const still = statKey(statSync(specPath, { bigint: true })) === key;
    return { ...state, key: still ? key : undefined, byStat: false };
  } catch {
    return "the spec cannot be read";
  }
}

/**
 * The number of generated files (the manifest included) when the folder is exactly as
 * recorded. Files are trusted on their stats when the spec was and their record is settled;
 * otherwise hashed, and then the record is refreshed so the next run need not hash.
 */
function checkTree(env: Env, outDir: string, entry: CacheEntry, spec: SpecState): { count: number; how: "stat" | "hash" } | string {
  try {
    if (!lstatSync(outDir).isDirectory()) return "the output folder is not a folder";
    // Every folder on the way to a generated file, with what it holds (lstat types: a link is a link).
    const folders = new Map<string, Map<string, Dirent>>();
    const list = (folder: string): Map<string, Dirent> => {
      let entries = folders.get(folder);
      if (entries === undefined) {
        const path = folder === "" ? outDir : `${outDir}/${folder}`;
        entries = new Map(readdirSync(path, { withFileTypes: true }).map((d) => [d.name, d]));
        folders.set(folder, entries);
      }
      return entries;
    };
    const isKind = (path: string, kind: "file" | "folder"): boolean => {
      const parent = parentOf(path);
      const found = list(parent).get(parent === "" ? path : path.slice(parent.length + 1));
      if (found === undefined || !(kind === "file" ? found.isFile() : found.isDirectory())) return false;
      return parent === "" || isKind(parent, "folder");
    };
    const root = list("");
    if (root.has(LOCK_NAME) || root.has(JOURNAL_NAME)) return "a build holds the folder, or one was interrupted";
    if (!isKind(MANIFEST_NAME, "file")) return "the manifest is not a plain file";
    const manifestBytes = readFileSync(`${outDir}/${MANIFEST_NAME}`);
    const listed = manifestFiles(manifestBytes);
    if (listed === undefined) return "the manifest does not parse";
    const paths = [MANIFEST_NAME, ...listed.keys()];
    for (const path of paths) if (!isKind(path, "file")) return `${path} is not a plain file in real folders`;
    for (const entries of folders.values()) for (const name of entries.keys()) if (LEFTOVER.test(name)) return "an interrupted build left files";

    const record = entry.stats;
    const keys = new Map(paths.map((path) => [path, statKey(lstatSync(`${outDir}/${path}`, { bigint: true }))]));
    if (
      spec.byStat &&
      record !== undefined &&
      Object.keys(record.files).length === paths.length &&
      paths.every((path) => record.files[path] === keys.get(path) && settledBefore(keys.get(path) ?? "", record.recorded))
    )
      return { count: paths.length, how: "stat" };

    // Hashed: the manifest is the one the entry's build wrote, and every file the one it lists.
    if (sha256(manifestBytes) !== entry.manifest) return "the manifest changed";
    const recorded = Date.now();
    for (const [path, hash] of listed) {
      if (sha256(readFileSync(`${outDir}/${path}`)) !== hash) return `${path} changed`;
    }
    // Refresh the record with the keys seen before hashing, if nothing moved while hashing.
    const steady = paths.every((path) => statKey(lstatSync(`${outDir}/${path}`, { bigint: true })) === keys.get(path));
    if (steady && spec.key !== undefined)
      writeEntry(env, {
        ...entry,
        stats: { build: spec.build, node: process.version, sourceName: spec.sourceName, spec: spec.key, files: Object.fromEntries(keys), recorded },
      });
    return { count: paths.length, how: "hash" };
  } catch {
    return "the tree cannot be read";
  }
}

/**
 * The files a manifest lists, with their hashes. Only a manifest the entry vouches for (by its
 * stat or its hash) is acted on, so reading its `files` is enough here; the CLI checks the
 * rest (output/manifest.ts).
 */
function manifestFiles(bytes: Buffer): Map<string, string> | undefined {
  try {
    const files = (JSON.parse(bytes.toString("utf8")) as { files?: unknown }).files;
    if (typeof files !== "object" || files === null) return undefined;
    const result = new Map<string, string>();
    for (const [path, hash] of Object.entries(files)) {
      if (typeof hash !== "string" || path.split("/").some((part) => part === ".." || part === "." || part === "")) return undefined;
      result.set(path, hash);
    }
    return result;
  } catch {
    return undefined;
  }
}

/** node:crypto loads ~36 internal modules: only when a file must be hashed. */
function sha256(data: string | Uint8Array): string {
  const { createHash } = require("node:crypto") as typeof import("node:crypto");
  return createHash("sha256").update(data).digest("hex");
}
