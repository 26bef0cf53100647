/**
 * A tree checked out with CRLF line endings (git's core.autocrlf=true on Windows, or a
 * .gitattributes eol=crlf) holds our files with "\r\n" where we wrote "\n". That is a
 * checkout setting, not a hand edit: a file that differs from ours only in line endings is
 * ours and unchanged, for build (which leaves it alone, so git sees nothing new) and for
 * --check alike, and a manifest hash matches it as it matches the "\n" original.
 */
import { sha256 } from "./hash.js";

const CR = 0x0d;

/** The bytes with every CRLF turned into LF; the same buffer when there is no CR at all. */
export function withLfEndings(bytes: Buffer): Buffer {
  if (!bytes.includes(CR)) return bytes;
  return Buffer.from(bytes.toString("latin1").replace(/\r\n/g, "\n"), "latin1");
}

/** True when the file on disk holds `contents`, with LF or CRLF line endings. */
export function sameText(bytes: Buffer, contents: string): boolean {
  const ours = Buffer.from(contents, "utf8");
  if (bytes.equals(ours)) return true;
  if (!bytes.includes(CR)) return false;
  return withLfEndings(bytes).equals(withLfEndings(ours));
}

/** True when the bytes (LF or CRLF) are what a manifest recorded as `hash`. */
export function matchesHash(bytes: Buffer, hash: string | undefined): boolean {
  if (hash === undefined) return false;
  if (sha256(bytes) === hash) return true;
  return bytes.includes(CR) && sha256(withLfEndings(bytes)) === hash;
}
