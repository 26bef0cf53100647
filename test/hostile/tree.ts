/**
 * What a generated tree must satisfy whatever the spec said, and the parsed view of it the
 * injection properties compare.
 *
 * Files are checked as the writer puts them on disk (UTF-8 bytes decoded back), so a string
 * that cannot be encoded (a lone surrogate) shows up as the U+FFFD it would become.
 */
import { isDeepStrictEqual } from "node:util";
import { parseAllDocuments } from "yaml";
import type { GeneratedFile } from "../../src/types.js";
import type { HclParser } from "./hcl-batch.js";

export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type FileKind = "hcl" | "yaml" | "text";

export interface ParsedFile {
  kind: FileKind;
  /** hcl2json's JSON for .tf, the list of documents for .yaml, the text for anything else. */
  value: unknown;
}

export type ParsedTree = Map<string, ParsedFile>;

export function kindOf(path: string): FileKind {
  if (path.endsWith(".tf")) return "hcl";
  if (path.endsWith(".yaml") || path.endsWith(".yml")) return "yaml";
  return "text";
}

/** The file as it will be read back after the writer stored it as UTF-8. */
export function asWritten(contents: string): string {
  return Buffer.from(contents, "utf8").toString("utf8");
}

/**
 * Generated paths stay inside the output folder on every OS: relative, POSIX, no `.`/`..`
 * segment, no backslash, NUL, drive letter or control character, and no two paths that a
 * case-insensitive or normalization-insensitive file system (macOS, Windows) would merge.
 */
export function checkPaths(files: readonly GeneratedFile[]): void {
  const folded = new Map<string, string>();
  for (const { path } of files) {
    const problem =
      path === ""
        ? "is empty"
        : path.startsWith("/")
          ? "is absolute"
          : /^[A-Za-z]:/.test(path)
            ? "starts with a drive letter"
            : path.includes("\\")
              ? "contains a backslash"
              : /[\u0000-\u001f\u007f-\u009f]/.test(path)
                ? "contains a control character (NUL included)"
                : LONE_SURROGATE.test(path)
                  ? "contains a lone surrogate"
                  : path.split("/").some((s) => s === "" || s === "." || s === "..")
                    ? "has an empty, . or .. segment"
                    : undefined;
    if (problem !== undefined) throw new Error(`generated path ${JSON.stringify(path)} ${problem}`);
    const key = path.normalize("NFC").toLowerCase();
    const other = folded.get(key);
    if (other !== undefined) throw new Error(`generated paths ${JSON.stringify(other)} and ${JSON.stringify(path)} collide on a case-insensitive file system`);
    folded.set(key, path);
  }
}

/**
 * Characters a reader of the file may not accept raw. YAML 1.2 §5.1 (c-printable) allows only
 * TAB, LF, CR, #x20-#x7E, NEL, #xA0-#xD7FF, #xE000-#xFFFD and the astral planes; go-yaml (Talos,
 * Helm, Flux) refuses anything else ("control characters are not allowed"). YAML 1.1 §5.4 also
 * counts NEL, LS and PS as line breaks, and go-yaml still does, so they must be escaped too; a
 * BOM inside a stream is not allowed either (§5.2). CR is never needed raw: LF is the only
 * line break the emitters write. HCL escapes all of these in strings, so an HCL file holds
 * none of them (nor TAB) anywhere.
 */
const NOT_RAW_YAML = /[^\t\n\u0020-\u007e\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\u{10000}-\u{10ffff}]/u;
const NOT_RAW_HCL = /[^\n\u0020-\u007e\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\u{10000}-\u{10ffff}]/u;

export function checkCharacters(file: GeneratedFile): void {
  const kind = kindOf(file.path);
  if (LONE_SURROGATE.test(file.contents)) throw new Error(`${file.path} holds a lone surrogate (written as U+FFFD)`);
  const forbidden = kind === "yaml" ? NOT_RAW_YAML : kind === "hcl" ? NOT_RAW_HCL : undefined;
  const found = forbidden?.exec(file.contents);
  if (found) {
    const at = file.contents.slice(0, found.index).split("\n").length;
    const code = (found[0].codePointAt(0) ?? 0).toString(16).padStart(4, "0");
    throw new Error(`${file.path}:${at} holds a raw U+${code}, which a reader would refuse or take for a line break`);
  }
}

function parseYamlAs(version: "1.1" | "1.2", path: string, contents: string): unknown[] {
  const documents = parseAllDocuments(contents, {
    version,
    prettyErrors: false,
  });
  if (!Array.isArray(documents)) throw new Error(`${path} holds no YAML document`);
  return documents.map((document) => {
    const problems = [...document.errors, ...document.warnings];
    if (problems.length > 0) throw new Error(`${path} does not parse as YAML ${version}: ${problems.map((p) => p.message).join("; ")}\n${contents}`);
    return document.toJS({ maxAliasCount: -1 }) as unknown;
  });
}

/**
 * YAML 1.1 is what the emitter targets and what Go readers mostly speak (`yes` is a boolean
 * there); YAML 1.2 is what newer readers speak (`0o17` is a number there). The file must mean
 * the same in both, or some reader gets a different value.
 */
function parseYaml(path: string, contents: string): unknown[] {
  const v11 = parseYamlAs("1.1", path, contents);
  const v12 = parseYamlAs("1.2", path, contents);
  if (!isDeepStrictEqual(v11, v12)) throw new Error(`${path} reads differently as YAML 1.1 and 1.2:\n${contents}`);
  return v11;
}

/**
 * HCL carried as a YAML string: tofu-controller's spec.backendConfig.customConfiguration holds
 * the tree's `backend "s3" {...}` block. Each one is lifted out as a virtual file named
 * `<file>#<key path>` so it is parsed, and compared, as HCL.
 */
const EMBEDDED_HCL_KEYS = new Set(["customConfiguration"]);

function liftEmbeddedHcl(path: string, documents: unknown[], out: Array<{ name: string; contents: string }>): void {
  const walk = (node: unknown, at: string): void => {
    if (node === null || typeof node !== "object") return;
    for (const [key, child] of Object.entries(node)) {
      if (typeof child === "string" && EMBEDDED_HCL_KEYS.has(key) && !Array.isArray(node)) {
        const name = `${path}#${at}${key}`;
        out.push({ name, contents: child });
        (node as Record<string, unknown>)[key] = `(HCL: ${name})`;
      } else walk(child, `${at}${key}.`);
    }
  };
  walk(documents, "");
}

/** Checks paths and characters, then parses every file (HCL through the batching parser). */
export async function parseTree(files: readonly GeneratedFile[], hcl: HclParser): Promise<ParsedTree> {
  checkPaths(files);
  const written = files.map((f) => ({
    path: f.path,
    contents: asWritten(f.contents),
  }));
  for (const file of files) checkCharacters(file);
  const yaml = new Map<string, unknown[]>();
  const embedded: Array<{ name: string; contents: string }> = [];
  for (const file of written.filter((f) => kindOf(f.path) === "yaml")) {
    const documents = parseYaml(file.path, file.contents);
    liftEmbeddedHcl(file.path, documents, embedded);
    yaml.set(file.path, documents);
  }
  const hclFiles = [...written.filter((f) => kindOf(f.path) === "hcl").map((f) => ({ name: f.path, contents: f.contents })), ...embedded];
  const parsedHcl = await hcl.parseAll(hclFiles);
  const tree: ParsedTree = new Map();
  for (const file of written) {
    const kind = kindOf(file.path);
    const value = kind === "hcl" ? parsedHcl.get(file.path) : kind === "yaml" ? yaml.get(file.path) : file.contents;
    tree.set(file.path, { kind, value });
  }
  for (const { name } of embedded) tree.set(name, { kind: "hcl", value: parsedHcl.get(name) });
  return tree;
}

/**
 * hcl2json prints strings in Terraform's JSON syntax, where a string is a template: a literal
 * `${` comes out as `$${` and `%{` as `%%{`, while an expression comes out as `${...}`.
 * Returns the literal's value, or undefined when the text holds an expression.
 */
export function hclLiteral(printed: string): string | undefined {
  for (let i = 0; i < printed.length; i++) {
    const two = printed.slice(i, i + 2);
    if ((two === "$$" || two === "%%") && printed[i + 2] === "{") i += 2;
    else if (two === "${" || two === "%{") return undefined;
  }
  return printed.replaceAll("$${", () => "${").replaceAll("%%{", () => "%{");
}
