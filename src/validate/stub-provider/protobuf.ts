/**
 * The protobuf wire format, only as much as tfplugin6 needs: varints, length-delimited fields
 * and nested messages (https://protobuf.dev/programming-guides/encoding/). proto3 omits
 * fields that hold their default value, so the writer skips `false`, `0` and `""` unless told
 * otherwise; message fields are always written, because their presence means something.
 */

const VARINT = 0;
const I64 = 1;
const LEN = 2;
const I32 = 5;

export class ProtoWriter {
  private readonly parts: Uint8Array[] = [];

  /** `always`: write a zero too, as a member of a `oneof` must be (it has presence). */
  varint(field: number, value: number | bigint, always = false): this {
    if (!always && (value === 0 || value === 0n)) return this;
    this.tag(field, VARINT);
    this.parts.push(encodeVarint(BigInt(value)));
    return this;
  }

  bool(field: number, value: boolean | undefined): this {
    return value === true ? this.varint(field, 1) : this;
  }

  string(field: number, value: string | undefined): this {
    if (value === undefined || value === "") return this;
    return this.bytes(field, Buffer.from(value, "utf8"));
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, LEN);
    this.parts.push(encodeVarint(BigInt(value.length)), value);
    return this;
  }

  message(field: number, value: ProtoWriter | Uint8Array): this {
    return this.bytes(field, value instanceof ProtoWriter ? value.finish() : value);
  }

  /** proto3 `map<string, M>`: a repeated entry message {key = 1, value = 2}. */
  mapEntry(field: number, key: string, value: ProtoWriter | Uint8Array): this {
    return this.message(field, new ProtoWriter().string(1, key).message(2, value));
  }

  finish(): Buffer {
    return Buffer.concat(this.parts);
  }

  private tag(field: number, wireType: number): void {
    this.parts.push(encodeVarint(BigInt((field << 3) | wireType)));
  }
}

/** int64 varints: negative values take ten bytes, as two's complement (proto spec). */
function encodeVarint(value: bigint): Uint8Array {
  let v = value < 0n ? BigInt.asUintN(64, value) : value;
  const out: number[] = [];
  while (v > 0x7fn) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Uint8Array.from(out);
}

export type ProtoField =
  { field: number; kind: "varint"; value: bigint } | { field: number; kind: "bytes"; value: Uint8Array } | { field: number; kind: "fixed"; value: Uint8Array };

export class ProtoDecodeError extends Error {}

/** Every field of one message, in wire order; repeated fields appear once per element. */
export function readFields(buf: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = [];
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (pos >= buf.length) throw new ProtoDecodeError("truncated varint");
      const byte = buf[pos++] as number;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
      if (shift > 63n) throw new ProtoDecodeError("varint too long");
    }
  };
  const take = (length: number): Uint8Array => {
    if (pos + length > buf.length) throw new ProtoDecodeError("truncated field");
    const slice = buf.subarray(pos, pos + length);
    pos += length;
    return slice;
  };
  while (pos < buf.length) {
    const key = varint();
    const field = Number(key >> 3n);
    const wireType = Number(key & 7n);
    if (wireType === VARINT) fields.push({ field, kind: "varint", value: varint() });
    else if (wireType === LEN) fields.push({ field, kind: "bytes", value: take(Number(varint())) });
    else if (wireType === I64) fields.push({ field, kind: "fixed", value: take(8) });
    else if (wireType === I32) fields.push({ field, kind: "fixed", value: take(4) });
    else throw new ProtoDecodeError(`unsupported wire type ${wireType}`);
  }
  return fields;
}

/** The last occurrence wins for a singular field (proto3 merge semantics). */
export function bytesField(fields: readonly ProtoField[], field: number): Uint8Array | undefined {
  let found: Uint8Array | undefined;
  for (const f of fields) if (f.field === field && f.kind === "bytes") found = f.value;
  return found;
}

export function stringField(fields: readonly ProtoField[], field: number): string {
  const bytes = bytesField(fields, field);
  return bytes === undefined ? "" : Buffer.from(bytes).toString("utf8");
}

export function repeatedBytesField(fields: readonly ProtoField[], field: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const f of fields) if (f.field === field && f.kind === "bytes") out.push(f.value);
  return out;
}
