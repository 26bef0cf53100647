/**
 * JSON provider schema (`providers schema -json`) -> tfplugin6 `Schema` messages
 * (hashicorp/terraform docs/plugin-protocol/tfplugin6.proto, field numbers below).
 * Attribute `type` is the cty type as JSON bytes, exactly as the JSON document holds it.
 */
import type { AttributeJson, BlockJson, BlockNesting, DescriptionKind, NestedBlockJson, NestedTypeJson, SchemaJson } from "../provider-schema-json.js";
import { ProtoWriter } from "./protobuf.js";
import { byKey } from "../../base/compare.js";

/** enum StringKind { PLAIN = 0; MARKDOWN = 1; } */
const stringKind = (kind: DescriptionKind | undefined): number => (kind === "markdown" ? 1 : 0);

/** Schema.NestedBlock.NestingMode; Schema.Object.NestingMode uses the same numbers (no GROUP). */
const NESTING: Record<BlockNesting, number> = { single: 1, list: 2, set: 3, map: 4, group: 5 };

/** Code-unit order, so the bytes do not depend on how the JSON happened to be ordered. */
export function sortedEntries<T>(record: Record<string, T> | undefined): [string, T][] {
  return byKey(record ?? {});
}

/** Schema.Attribute: name 1, type 2, description 3, required 4, optional 5, computed 6,
 *  sensitive 7, description_kind 8, deprecated 9, nested_type 10, write_only 11. */
function encodeAttribute(name: string, attr: AttributeJson): ProtoWriter {
  const w = new ProtoWriter().string(1, name);
  if (attr.type !== undefined) w.bytes(2, Buffer.from(JSON.stringify(attr.type), "utf8"));
  w.string(3, attr.description)
    .bool(4, attr.required)
    .bool(5, attr.optional)
    .bool(6, attr.computed)
    .bool(7, attr.sensitive)
    .varint(8, stringKind(attr.description_kind))
    .bool(9, attr.deprecated);
  if (attr.nested_type !== undefined) w.message(10, encodeObject(attr.nested_type));
  return w.bool(11, attr.write_only);
}

/** Schema.Object: attributes 1, nesting 3. */
function encodeObject(object: NestedTypeJson): ProtoWriter {
  const w = new ProtoWriter();
  for (const [name, attr] of sortedEntries(object.attributes)) w.message(1, encodeAttribute(name, attr));
  return w.varint(3, NESTING[object.nesting_mode]);
}

/** Schema.NestedBlock: type_name 1, block 2, nesting 3, min_items 4, max_items 5. */
function encodeNestedBlock(name: string, nested: NestedBlockJson): ProtoWriter {
  return new ProtoWriter()
    .string(1, name)
    .message(2, encodeBlock(nested.block))
    .varint(3, NESTING[nested.nesting_mode])
    .varint(4, nested.min_items ?? 0)
    .varint(5, nested.max_items ?? 0);
}

/** Schema.Block: version 1, attributes 2, block_types 3, description 4, description_kind 5,
 *  deprecated 6. */
export function encodeBlock(block: BlockJson): ProtoWriter {
  const w = new ProtoWriter();
  for (const [name, attr] of sortedEntries(block.attributes)) w.message(2, encodeAttribute(name, attr));
  for (const [name, nested] of sortedEntries(block.block_types)) w.message(3, encodeNestedBlock(name, nested));
  return w.string(4, block.description).varint(5, stringKind(block.description_kind)).bool(6, block.deprecated);
}

/** Schema: version 1, block 2. */
export function encodeSchema(schema: SchemaJson | undefined): ProtoWriter {
  const w = new ProtoWriter();
  if (schema === undefined) return w.message(2, new ProtoWriter());
  return w.varint(1, schema.version ?? 0).message(2, encodeBlock(schema.block));
}
