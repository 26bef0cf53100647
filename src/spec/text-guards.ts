/**
 * Guards on the raw spec text, checked before the YAML is composed: a spec is untrusted input,
 * and yaml's composer (like every stage after it) is recursive and builds a node per value.
 *
 * - Size: a 10 MiB spec of small keys needs more than 256 MiB of heap to parse with positions.
 *   No real cluster spec comes near MAX_SPEC_BYTES (a 1,000-node spec is about 60 KiB).
 * - Nesting: yaml recurses once per level and overflows the stack near 1,000 levels (at a
 *   depth that varies from run to run); every later stage recurses too. The depth is measured
 *   on yaml's CST (its Parser keeps an explicit stack) and walked without recursion.
 * - Characters: YAML allows only printable characters (YAML 1.2 §5.1, c-printable); go-yaml,
 *   which reads what we generate from these values, refuses the others. A control character
 *   usually means a binary file or the wrong encoding.
 * - Lone surrogates from escapes ("\ud800"): no UTF-8 file can hold one, so no generated file
 *   could carry the value.
 */
import type { DiagnosticCode } from "../diagnostics/codes.js";
import { MAX_DEPTH, MAX_SPEC_BYTES } from "../catalog/limits.js";

export interface TextProblem {
  code: DiagnosticCode;
  message: string;
  start: number;
  end: number;
  hint?: string;
}

/** Anything outside c-printable: C0 (but TAB, LF, CR), DEL, C1 (but NEL), surrogates, U+FFFE/F. */
const NOT_PRINTABLE = /[^\t\n\r\u0020-\u007e\u0085\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function codePoint(ch: string): string {
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

function describeCharacter(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (code === 0) return `a NUL byte (${codePoint(ch)})`;
  if (code >= 0xd800 && code <= 0xdfff) return `half of a UTF-16 surrogate pair (${codePoint(ch)})`;
  if (code >= 0xfffe) return `a non-character (${codePoint(ch)})`;
  return `a control character (${codePoint(ch)})`;
}

function mebibytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/**
 * A spec over MAX_SPEC_BYTES, of `bytes` when known: the CLI stops reading a file (or a pipe,
 * or /dev/zero) at the limit, and then knows only that there was more.
 */
export function tooLarge(bytes: number | undefined): TextProblem {
  return {
    code: "yaml/too-large",
    message: `the spec is ${bytes === undefined ? `more than ${mebibytes(MAX_SPEC_BYTES)}` : mebibytes(bytes)}; a spec may be at most ${mebibytes(MAX_SPEC_BYTES)}`,
    start: 0,
    end: 0,
    hint: "a cluster spec is a few KiB: keep large Helm values or manifests in their own files",
  };
}

/** Size and characters: the checks that need no parsing at all. First problem only. */
export function checkRawText(text: string): TextProblem | undefined {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > MAX_SPEC_BYTES) return tooLarge(bytes);
  // A CR not followed by LF (classic Mac OS line ends) is a line break in YAML, but yaml reads
  // it as part of the line: the whole file would be one comment, "the spec is empty".
  const loneCr = /\r(?!\n)/.exec(text);
  if (loneCr !== null) {
    return {
      code: "yaml/invalid-character",
      message: "the file has a carriage return (CR) that is not part of a CRLF line break",
      start: loneCr.index,
      end: loneCr.index + 1,
      hint: "save the spec with LF (or CRLF) line breaks",
    };
  }
  const found = NOT_PRINTABLE.exec(text);
  if (found === null) return undefined;
  const ch = found[0];
  return {
    code: "yaml/invalid-character",
    message: `the file holds ${describeCharacter(ch)}, which YAML does not allow`,
    start: found.index,
    end: found.index + ch.length,
    hint: 'a spec is UTF-8 text: is this a binary file, or saved in another encoding? Write control characters as escapes inside double quotes ("\\t", "\\x1b")',
  };
}

interface CstNode {
  type?: string;
  offset?: number;
  value?: unknown;
  items?: Array<{ key?: unknown; value?: unknown }>;
}

const COLLECTIONS = new Set(["block-map", "block-seq", "flow-collection"]);

/** Only documents and collections hold tokens, so only they can hold a deeper collection. */
function nests(token: unknown): token is CstNode {
  return token !== null && typeof token === "object" && ((token as CstNode).items !== undefined || (token as CstNode).type === "document");
}

/**
 * The first collection nested deeper than MAX_DEPTH, walked without recursion, on the CST that
 * parse-once.ts then composes (one parse, not two). Scalars and other leaves are never pushed:
 * a leaf is no deeper than its collection, which was checked first.
 */
export function checkDepthOfTokens(tokens: Iterable<unknown>): TextProblem | undefined {
  // Parallel stacks of tokens and their parents' depths: no pair allocated per token, which
  // a 1000-node spec's CST has tens of thousands of.
  const pending: CstNode[] = [];
  const outerDepths: number[] = [];
  for (const top of tokens) {
    if (!nests(top)) continue;
    pending.push(top);
    outerDepths.push(0);
    while (pending.length > 0) {
      const node = pending.pop() as CstNode;
      const outer = outerDepths.pop() as number;
      const depth = node.type !== undefined && COLLECTIONS.has(node.type) ? outer + 1 : outer;
      if (depth > MAX_DEPTH) {
        const at = node.offset ?? 0;
        return {
          code: "yaml/too-deep",
          message: `maps and lists nest more than ${MAX_DEPTH} levels deep here`,
          start: at,
          end: at + 1,
          hint: "a spec nests about ten levels; look for an unclosed bracket or a runaway indentation",
        };
      }
      if (node.type === "document" && nests(node.value)) {
        pending.push(node.value);
        outerDepths.push(depth);
      }
      const items = node.items ?? [];
      for (let i = 0; i < items.length; i++) {
        const { key, value } = items[i] as { key?: unknown; value?: unknown };
        if (nests(key)) {
          pending.push(key);
          outerDepths.push(depth);
        }
        if (nests(value)) {
          pending.push(value);
          outerDepths.push(depth);
        }
      }
    }
  }
  return undefined;
}

/** A string (value or key) that an escape made into a lone surrogate, e.g. "\ud800". */
export function loneSurrogateIn(value: string, start: number, end: number): TextProblem | undefined {
  const lone = LONE_SURROGATE.exec(value);
  if (lone === null) return undefined;
  return {
    code: "yaml/invalid-character",
    message: `this string holds ${describeCharacter(lone[0])}, which no UTF-8 file can hold`,
    start,
    end,
    hint: 'escape a character outside the Basic Multilingual Plane as one \\U escape of its code point ("\\U0001F600"), not as two \\u halves',
  };
}
