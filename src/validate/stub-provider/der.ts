/**
 * Just enough ASN.1 DER (ITU-T X.690) to write one X.509 certificate: Node's crypto can
 * parse certificates but not create them, and pulling in a PKI library would slow the
 * stub's start, which happens twice per provider per validate.
 */

export type Der = Buffer;

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, content: Uint8Array): Der {
  return Buffer.concat([Buffer.from([tag]), encodeLength(content.length), content]);
}

export const sequence = (...items: Der[]): Der => tlv(0x30, Buffer.concat(items));
export const set = (...items: Der[]): Der => tlv(0x31, Buffer.concat(items));
export const bool = (value: boolean): Der => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
export const octetString = (content: Uint8Array): Der => tlv(0x04, content);
export const utf8String = (text: string): Der => tlv(0x0c, Buffer.from(text, "utf8"));
/** `[n] EXPLICIT`: a constructed context-specific wrapper. */
export const explicit = (n: number, inner: Der): Der => tlv(0xa0 | n, inner);
/** `[n] IMPLICIT` on a primitive type (e.g. GeneralName dNSName is [2] IA5String). */
export const implicitPrimitive = (n: number, content: Uint8Array): Der => tlv(0x80 | n, content);

/** BIT STRING with a leading "unused bits" count, as X.690 8.6 requires. */
export function bitString(content: Uint8Array, unusedBits = 0): Der {
  return tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), content]));
}

/**
 * INTEGER from big-endian magnitude bytes. DER wants the minimal two's complement form:
 * strip leading zeros, then add one back if the high bit would make the value negative.
 */
export function unsignedInteger(magnitude: Uint8Array): Der {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  let bytes = Buffer.from(magnitude.subarray(start));
  if (bytes.length === 0) bytes = Buffer.from([0]);
  if ((bytes[0] as number) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}

export function smallInteger(value: number): Der {
  return unsignedInteger(Buffer.from([value]));
}

export function oid(dotted: string): Der {
  const arcs = dotted.split(".").map(Number);
  const [first = 0, second = 0, ...rest] = arcs;
  const out: number[] = [first * 40 + second];
  for (const arc of rest) {
    const base128: number[] = [];
    let n = arc;
    do {
      base128.unshift(n & 0x7f);
      n = Math.floor(n / 128);
    } while (n > 0);
    for (let i = 0; i < base128.length - 1; i++) base128[i] = (base128[i] as number) | 0x80;
    out.push(...base128);
  }
  return tlv(0x06, Buffer.from(out));
}

/** RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050. */
export function time(date: Date): Der {
  const pad = (n: number): string => String(n).padStart(2, "0");
  const year = date.getUTCFullYear();
  const rest = pad(date.getUTCMonth() + 1) + pad(date.getUTCDate()) + pad(date.getUTCHours()) + pad(date.getUTCMinutes()) + pad(date.getUTCSeconds()) + "Z";
  if (year < 2050) return tlv(0x17, Buffer.from(pad(year % 100) + rest, "ascii"));
  return tlv(0x18, Buffer.from(String(year) + rest, "ascii"));
}
