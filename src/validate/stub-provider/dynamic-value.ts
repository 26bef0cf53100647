/**
 * tfplugin6 DynamicValue {bytes msgpack = 1; bytes json = 2}: Terraform sends configs as
 * msgpack; JSON is accepted too, mapped onto the same value shape (objects become Maps).
 */
import { decodeMsgpack, type MsgpackValue } from "./msgpack.js";
import { bytesField, readFields } from "./protobuf.js";

function fromJson(value: unknown): MsgpackValue {
  if (value === null || typeof value === "boolean" || typeof value === "number" || typeof value === "string") {
    return value;
  }
  if (Array.isArray(value)) return value.map(fromJson);
  const out = new Map<string, MsgpackValue>();
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) out.set(key, fromJson(item));
  return out;
}

export function decodeDynamicValue(message: Uint8Array | undefined): MsgpackValue {
  if (message === undefined) return null;
  const fields = readFields(message);
  const msgpack = bytesField(fields, 1);
  if (msgpack !== undefined && msgpack.length > 0) return decodeMsgpack(msgpack);
  const json = bytesField(fields, 2);
  if (json !== undefined && json.length > 0) return fromJson(JSON.parse(Buffer.from(json).toString("utf8")));
  return null;
}
