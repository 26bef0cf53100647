/**
 * Provider-defined functions (tfplugin6 Function, GetFunctions, CallFunction). A stub cannot
 * compute a result, so CallFunction answers an unknown value; Terraform then treats the call
 * like any expression whose value is known only after apply (docs offline-validate.md).
 */
import type { FunctionJson, FunctionParameterJson } from "../provider-schema-json.js";
import { UNKNOWN_VALUE_MSGPACK } from "./msgpack.js";
import { ProtoWriter } from "./protobuf.js";

const ctyTypeBytes = (type: unknown): Buffer => Buffer.from(JSON.stringify(type), "utf8");

/** Function.Parameter: name 1, type 2, allow_null_value 3, allow_unknown_values 4,
 *  description 5, description_kind 6. */
function encodeParameter(parameter: FunctionParameterJson, index: number): ProtoWriter {
  return new ProtoWriter()
    .string(1, parameter.name ?? `arg${index}`)
    .bytes(2, ctyTypeBytes(parameter.type))
    .bool(3, parameter.is_nullable)
    .string(5, parameter.description)
    .varint(6, parameter.description_kind === "markdown" ? 1 : 0);
}

/** Function: parameters 1, variadic_parameter 2, return 3 {type 1}, summary 4, description 5,
 *  description_kind 6, deprecation_message 7. */
export function encodeFunction(fn: FunctionJson): ProtoWriter {
  const w = new ProtoWriter();
  (fn.parameters ?? []).forEach((parameter, index) => w.message(1, encodeParameter(parameter, index)));
  if (fn.variadic_parameter !== undefined) w.message(2, encodeParameter(fn.variadic_parameter, -1));
  return w
    .message(3, new ProtoWriter().bytes(1, ctyTypeBytes(fn.return_type)))
    .string(4, fn.summary)
    .string(5, fn.description)
    .varint(6, fn.description_kind === "markdown" ? 1 : 0)
    .string(7, fn.deprecation_message);
}

/** CallFunction.Response {result = 1 DynamicValue {msgpack = 1}}. */
export function unknownFunctionResult(): Buffer {
  return new ProtoWriter().message(1, new ProtoWriter().bytes(1, UNKNOWN_VALUE_MSGPACK)).finish();
}
