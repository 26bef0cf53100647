/**
 * Spec files are UTF-8 (YAML 1.2 §5.2 allows UTF-16 and UTF-32 too, with a BOM, but nothing in
 * this tool's world writes those). Node's "utf8" decoding silently replaces a bad byte with
 * U+FFFD, which would carry a corrupted value (a Latin-1 "café") into the generated tree, so
 * the bytes are checked first and the first bad byte is reported with its line and column.
 */
import { isUtf8 } from "node:buffer";
import type { Diagnostic } from "../diagnostics/diagnostic.js";

export type DecodedSpec = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/** Length of the UTF-8 sequence that starts at `i`, or 0 when it is not a valid one. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i] ?? 0;
  if (b < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => {
    const c = bytes[i + k];
    return c !== undefined && c >= lo && c <= hi;
  };
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0;
  if (b === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if (b === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0; // no surrogates
  if (b >= 0xe1 && b <= 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (b === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (b >= 0xf1 && b <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (b === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

function firstInvalidByte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const length = sequenceLength(bytes, i);
    if (length === 0) return i;
    i += length;
  }
  return -1;
}

export function decodeSpec(bytes: Uint8Array, file: string): DecodedSpec {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isUtf8(buffer)) return { ok: true, text: buffer.toString("utf8") };
  const utf16 = (buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff);
  const at = utf16 ? 0 : Math.max(0, firstInvalidByte(buffer));
  const before = buffer.subarray(0, at).toString("utf8");
  const lineStart = before.lastIndexOf("\n") + 1;
  const line = before.split("\n").length;
  const col = before.length - lineStart + 1;
  const byte = (buffer[at] ?? 0).toString(16).toUpperCase().padStart(2, "0");
  return {
    ok: false,
    diagnostic: {
      code: "yaml/invalid-encoding",
      severity: "error",
      message: utf16 ? "the file is UTF-16 text; a spec is UTF-8" : `the file is not UTF-8 text: byte 0x${byte} here is not part of a UTF-8 character`,
      span: { file, start: before.length, end: before.length + 1, pos: { line, col } },
      hint: 'save the spec as UTF-8 (an editor\'s "Save with encoding"; Latin-1 and Windows-1252 are common culprits)',
    },
  };
}
