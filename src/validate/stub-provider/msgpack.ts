/**
 * A msgpack decoder for the DynamicValue configs Terraform sends
 * (https://github.com/msgpack/msgpack/blob/master/spec.md). cty encodes an unknown value as
 * extension type 0 (go-cty msgpack/unknown.go, `d4 00 00`) and, since cty 1.13, an unknown
 * value with refinements as extension type 12; both decode to `UNKNOWN`.
 */

export const UNKNOWN: unique symbol = Symbol("unknown");

export interface MsgpackExt {
  extType: number;
  data: Uint8Array;
}

export type MsgpackValue = null | boolean | number | bigint | string | Uint8Array | typeof UNKNOWN | MsgpackExt | MsgpackValue[] | Map<string, MsgpackValue>;

const CTY_UNKNOWN_EXT = 0;
const CTY_REFINED_UNKNOWN_EXT = 12;

export class MsgpackDecodeError extends Error {}

export function decodeMsgpack(buf: Uint8Array): MsgpackValue {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let pos = 0;

  const need = (n: number): void => {
    if (pos + n > buf.length) throw new MsgpackDecodeError("truncated msgpack value");
  };
  const u8 = (): number => {
    need(1);
    return view.getUint8(pos++);
  };
  const u16 = (): number => {
    need(2);
    const v = view.getUint16(pos);
    pos += 2;
    return v;
  };
  const u32 = (): number => {
    need(4);
    const v = view.getUint32(pos);
    pos += 4;
    return v;
  };
  const bytes = (n: number): Uint8Array => {
    need(n);
    const out = buf.subarray(pos, pos + n);
    pos += n;
    return out;
  };
  const str = (n: number): string => Buffer.from(bytes(n)).toString("utf8");
  const ext = (n: number): MsgpackValue => {
    const extType = view.getInt8((need(1), pos++));
    const data = bytes(n);
    if (extType === CTY_UNKNOWN_EXT || extType === CTY_REFINED_UNKNOWN_EXT) return UNKNOWN;
    return { extType, data };
  };
  const array = (n: number): MsgpackValue[] => {
    const out: MsgpackValue[] = [];
    for (let i = 0; i < n; i++) out.push(value());
    return out;
  };
  const map = (n: number): Map<string, MsgpackValue> => {
    const out = new Map<string, MsgpackValue>();
    for (let i = 0; i < n; i++) {
      const key = value();
      out.set(typeof key === "string" ? key : String(key), value());
    }
    return out;
  };
  const int64 = (signed: boolean): number | bigint => {
    need(8);
    const v = signed ? view.getBigInt64(pos) : view.getBigUint64(pos);
    pos += 8;
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
  };

  function value(): MsgpackValue {
    const b = u8();
    if (b <= 0x7f) return b;
    if (b >= 0xe0) return b - 0x100;
    if ((b & 0xf0) === 0x80) return map(b & 0x0f);
    if ((b & 0xf0) === 0x90) return array(b & 0x0f);
    if ((b & 0xe0) === 0xa0) return str(b & 0x1f);
    switch (b) {
      case 0xc0:
        return null;
      case 0xc2:
        return false;
      case 0xc3:
        return true;
      case 0xc4:
        return bytes(u8());
      case 0xc5:
        return bytes(u16());
      case 0xc6:
        return bytes(u32());
      case 0xc7:
        return ext(u8());
      case 0xc8:
        return ext(u16());
      case 0xc9:
        return ext(u32());
      case 0xca: {
        need(4);
        const v = view.getFloat32(pos);
        pos += 4;
        return v;
      }
      case 0xcb: {
        need(8);
        const v = view.getFloat64(pos);
        pos += 8;
        return v;
      }
      case 0xcc:
        return u8();
      case 0xcd:
        return u16();
      case 0xce:
        return u32();
      case 0xcf:
        return int64(false);
      case 0xd0:
        return (need(1), view.getInt8(pos++));
      case 0xd1: {
        need(2);
        const v = view.getInt16(pos);
        pos += 2;
        return v;
      }
      case 0xd2: {
        need(4);
        const v = view.getInt32(pos);
        pos += 4;
        return v;
      }
      case 0xd3:
        return int64(true);
      case 0xd4:
        return ext(1);
      case 0xd5:
        return ext(2);
      case 0xd6:
        return ext(4);
      case 0xd7:
        return ext(8);
      case 0xd8:
        return ext(16);
      case 0xd9:
        return str(u8());
      case 0xda:
        return str(u16());
      case 0xdb:
        return str(u32());
      case 0xdc:
        return array(u16());
      case 0xdd:
        return array(u32());
      case 0xde:
        return map(u16());
      case 0xdf:
        return map(u32());
      default:
        throw new MsgpackDecodeError(`invalid msgpack byte 0x${b.toString(16)}`);
    }
  }

  const result = value();
  if (pos !== buf.length) throw new MsgpackDecodeError("trailing bytes after msgpack value");
  return result;
}

/** cty's msgpack form of an unknown value of any type: fixext1, type 0, payload 0. */
export const UNKNOWN_VALUE_MSGPACK = Uint8Array.from([0xd4, 0x00, 0x00]);
