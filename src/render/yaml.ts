/**
 * The one YAML emitter. YAML 1.1 mode quotes the strings Go's YAML 1.1 readers would take
 * for booleans (on, off, yes, no, y, n); lines are never folded.
 *
 * Key order: documents the compiler builds keep their construction order (apiVersion and
 * kind first, as Talos documents them), which is deterministic by construction. Values that
 * come from the user (raw patches, Helm values) are emitted with sorted keys, so the key
 * order of the spec never changes the output.
 */
import { Document, isScalar, Scalar, visit } from "yaml";
import { fastYaml } from "./yaml-fast.js";
import { goReadsAsNumber, isMergeKeyText } from "./yaml-go-scalars.js";

export interface YamlOptions {
  sortKeys: boolean;
}

/**
 * Characters that must never appear raw in the output. YAML's c-printable set (YAML 1.2 §5.1)
 * excludes C0 controls other than TAB/LF/CR, DEL, C1 controls other than NEL, U+FFFE and
 * U+FFFF, and go-yaml (the reader of Talos, Helm and Flux) refuses them ("control characters are
 * not allowed"). NEL, LS and PS are line breaks in YAML 1.1 (§5.4) and go-yaml still reads them
 * so, which would fold them into a space; a BOM is not allowed inside a document (§5.2); and a
 * raw CR would be normalised to LF. Bidirectional controls (U+202A-U+202E, U+2066-U+2069) and
 * invisible characters (zero-width space, joiners and marks U+200B-U+200F, word joiner and
 * invisible operators U+2060-U+2064, soft hyphen U+00AD) are legal, but make a reviewer of the
 * tree's diff read another text than the tools do (CVE-2021-42574, "Trojan Source"): they are
 * escaped too, so every one is visible. The `yaml` package writes all of these raw in plain and
 * double-quoted scalars, so any scalar holding one is double-quoted and the characters escaped.
 */
const NOT_RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufffe\uffff]/;

/** Left raw by JSON.stringify (which `yaml` uses for double-quoted scalars): escaped here. */
const RAW_IN_QUOTES = /[\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufffe\uffff]/g;

/**
 * Multi-line strings become literal block scalars (`|`), which read well, except where a block
 * scalar's text hangs on whitespace at a line end: trailing spaces or tabs (which editors and
 * pre-commit's trailing-whitespace hook strip, changing the value), and trailing blank lines
 * (`|+`, which the final-newline normalisation of the format stage would cut). Those are
 * double-quoted, where every character is explicit.
 */
function fragileAsBlock(value: string): boolean {
  return value.includes("\n") && (/[ \t](\n|$)/.test(value) || value === "\n" || value.endsWith("\n\n"));
}

const NAMED_ESCAPES: Readonly<Record<string, string>> = { "\u0085": "\\N", "\u2028": "\\L", "\u2029": "\\P" };

function escapeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  return NAMED_ESCAPES[ch] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`);
}

export function emitYaml(value: unknown, options: YamlOptions): string {
  // Plain generated documents (Talos patches, thousands at 1000 nodes) take a fast path that
  // writes the same bytes without building a yaml Document; see yaml-fast.ts.
  return fastYaml(value, options.sortKeys) ?? emitYamlWithPackage(value, options);
}

/** emitYaml through the `yaml` package alone (what yaml-fast.test.ts compares against). */
export function emitYamlWithPackage(value: unknown, options: YamlOptions): string {
  const document = new Document(value, {
    version: "1.1",
    sortMapEntries: options.sortKeys,
    aliasDuplicateObjects: false,
  });
  let quoted = false;
  visit(document, {
    Pair(_key, pair) {
      // The YAML 1.1 schema writes a "<<" string as the merge key whatever its style; an
      // explicit !!str tag keeps it a plain key for every reader.
      if (isScalar(pair.key) && typeof pair.key.value === "string" && isMergeKeyText(pair.key.value)) {
        pair.key.type = Scalar.QUOTE_DOUBLE;
        pair.key.tag = "tag:yaml.org,2002:str";
      }
    },
    Scalar(_key, node) {
      if (typeof node.value !== "string") return;
      if (NOT_RAW.test(node.value)) {
        node.type = Scalar.QUOTE_DOUBLE;
        quoted = true;
      } else if (fragileAsBlock(node.value) || goReadsAsNumber(node.value)) {
        node.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
  const text = document.toString({ lineWidth: 0, minContentWidth: 0, indent: 2 });
  // Only the scalars forced into double quotes above can hold these characters, and inside
  // double quotes \xNN, \uNNNN, \N, \L and \P are escapes in YAML 1.1 and 1.2 alike.
  return quoted ? text.replace(RAW_IN_QUOTES, escapeChar) : text;
}

/** A multi-document stream: each document is emitted alone, then joined with `---`. */
export function emitYamlDocuments(documents: readonly unknown[], options: YamlOptions): string {
  return documents.map((document) => emitYaml(document, options)).join("---\n");
}
