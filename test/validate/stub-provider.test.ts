/** The stub's provider service, called in-process: schema encoding and the config checks. */
import { describe, expect, it } from "vitest";
import type { ProviderSchemaJson } from "../../src/validate/provider-schema-json.js";
import { checkConfig } from "../../src/validate/stub-provider/config-checks.js";
import { UNKNOWN, type MsgpackValue } from "../../src/validate/stub-provider/msgpack.js";
import { bytesField, ProtoWriter, readFields, repeatedBytesField, stringField } from "../../src/validate/stub-provider/protobuf.js";
import { providerHandlers } from "../../src/validate/stub-provider/provider-service.js";

/** Just enough msgpack to write test configs. */
function msgpack(value: MsgpackValue): Buffer {
  if (value === null) return Buffer.from([0xc0]);
  if (value === UNKNOWN) return Buffer.from([0xd4, 0, 0]);
  if (typeof value === "boolean") return Buffer.from([value ? 0xc3 : 0xc2]);
  if (typeof value === "number") return Buffer.from([value]); // small ints only
  if (typeof value === "string") return Buffer.concat([Buffer.from([0xa0 | value.length]), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([Buffer.from([0x90 | value.length]), ...value.map(msgpack)]);
  if (value instanceof Map) {
    const parts = [...value].flatMap(([k, v]) => [msgpack(k), msgpack(v)]);
    return Buffer.concat([Buffer.from([0x80 | value.size]), ...parts]);
  }
  throw new Error("unsupported in test encoder");
}

const obj = (entries: Record<string, MsgpackValue>): Map<string, MsgpackValue> => new Map(Object.entries(entries));

const schema: ProviderSchemaJson = {
  provider: { version: 0, block: { attributes: { endpoint: { type: "string", optional: true } } } },
  resource_schemas: {
    example_thing: {
      version: 1,
      block: {
        attributes: {
          id: { type: "string", computed: true },
          name: { type: "string", required: true },
          old_name: { type: "string", optional: true, deprecated: true },
          tags: { type: ["map", "string"], optional: true, computed: true },
          settings: {
            nested_type: {
              nesting_mode: "list",
              attributes: { key: { type: "string", required: true }, checksum: { type: "string", computed: true } },
            },
            optional: true,
          },
        },
        block_types: {
          disk: {
            nesting_mode: "list",
            max_items: 2,
            block: {
              attributes: { size: { type: "number", optional: true }, path: { type: "string", computed: true } },
            },
          },
        },
      },
    },
  },
  data_source_schemas: {},
  functions: {
    decode: { return_type: "dynamic", parameters: [{ name: "text", type: "string" }] },
  },
};

function call(method: string, request: Uint8Array): Buffer {
  const handler = providerHandlers(schema).get(`/tfplugin6.Provider/${method}`);
  if (handler === undefined) throw new Error(`no handler for ${method}`);
  return Buffer.from(handler(Buffer.from(request), { onClosed: () => undefined }));
}

const config = (value: MsgpackValue): ProtoWriter => new ProtoWriter().bytes(1, msgpack(value));

const thing = (overrides: Record<string, MsgpackValue>): Map<string, MsgpackValue> =>
  obj({ id: null, name: "a", old_name: null, tags: null, settings: null, disk: [], ...overrides });

describe("GetProviderSchema", () => {
  it("encodes attributes with cty JSON types, nested types and block nesting", () => {
    const response = readFields(call("GetProviderSchema", new Uint8Array()));
    const resources = repeatedBytesField(response, 2).map(readFields);
    expect(resources.map((entry) => stringField(entry, 1))).toEqual(["example_thing"]);
    const resource = readFields(bytesField(resources[0] ?? [], 2) ?? new Uint8Array());
    expect(resource[0]).toEqual({ field: 1, kind: "varint", value: 1n }); // schema version
    const block = readFields(bytesField(resource, 2) ?? new Uint8Array());
    const attributes = repeatedBytesField(block, 2).map(readFields);
    expect(attributes.map((a) => stringField(a, 1))).toEqual(["id", "name", "old_name", "settings", "tags"]);
    const tags = attributes[4] ?? [];
    expect(stringField(tags, 2)).toBe('["map","string"]');
    const settings = readFields(bytesField(attributes[3] ?? [], 10) ?? new Uint8Array());
    expect(settings.find((f) => f.field === 3)).toEqual({ field: 3, kind: "varint", value: 2n }); // LIST
    const disk = readFields(repeatedBytesField(block, 3)[0] ?? new Uint8Array());
    expect(stringField(disk, 1)).toBe("disk");
    expect(disk.filter((f) => f.kind === "varint")).toEqual([
      { field: 3, kind: "varint", value: 2n },
      { field: 5, kind: "varint", value: 2n },
    ]);
    // server_capabilities.get_provider_schema_optional, and the function map.
    expect(readFields(bytesField(response, 6) ?? new Uint8Array())).toEqual([{ field: 2, kind: "varint", value: 1n }]);
    expect(stringField(readFields(repeatedBytesField(response, 7)[0] ?? new Uint8Array()), 1)).toBe("decode");
  });
});

describe("ValidateResourceConfig", () => {
  const validate = (value: MsgpackValue): ReturnType<typeof readFields>[] => {
    const request = new ProtoWriter().string(1, "example_thing").message(2, config(value)).finish();
    return repeatedBytesField(readFields(call("ValidateResourceConfig", request)), 1).map(readFields);
  };
  const pathOf = (diagnostic: ReturnType<typeof readFields>): string[] =>
    repeatedBytesField(readFields(bytesField(diagnostic, 4) ?? new Uint8Array()), 1).map((step) => {
      const [f] = readFields(step);
      return f?.kind === "bytes" ? Buffer.from(f.value).toString() : `[${String(f?.value)}]`;
    });

  it("accepts a config that sets only settable attributes", () => {
    expect(validate(thing({ tags: obj({ a: "b" }) }))).toEqual([]);
  });

  it("rejects a computed-only attribute, like real providers, with its path", () => {
    const [d] = validate(thing({ id: "x" }));
    expect(d?.[0]).toEqual({ field: 1, kind: "varint", value: 1n }); // ERROR
    expect(stringField(d ?? [], 2)).toBe("Invalid Configuration for Read-Only Attribute");
    expect(pathOf(d ?? [])).toEqual(["id"]);
  });

  it("treats an unknown value as set, and walks nested attributes and blocks", () => {
    const diagnostics = validate(
      thing({
        id: UNKNOWN,
        settings: [obj({ key: "k", checksum: null }), obj({ key: "k", checksum: "c" })],
        disk: [obj({ size: 1, path: null }), obj({ size: 2, path: "/dev/sda" })],
      }),
    );
    expect(diagnostics.map(pathOf)).toEqual([["id"], ["settings", "[1]", "checksum"], ["disk", "[1]", "path"]]);
  });

  it("warns on a deprecated attribute that is set", () => {
    const [d] = validate(thing({ old_name: "x" }));
    expect(d?.[0]).toEqual({ field: 1, kind: "varint", value: 2n }); // WARNING
    expect(stringField(d ?? [], 2)).toBe("Attribute Deprecated");
  });
});

describe("checkConfig", () => {
  it("warns once for a deprecated resource type", () => {
    const diagnostics = checkConfig({ deprecated: true, attributes: {} }, obj({}), {
      kind: "resource type",
      name: "x_old",
    });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        summary: "Deprecated",
        detail: expect.stringContaining('"x_old"'),
      }),
    ]);
  });
});

describe("CallFunction", () => {
  it("answers an unknown value of the return type", () => {
    const result = readFields(call("CallFunction", new ProtoWriter().string(1, "decode").finish()));
    const dynamicValue = readFields(bytesField(result, 1) ?? new Uint8Array());
    expect([...(bytesField(dynamicValue, 1) ?? [])]).toEqual([0xd4, 0x00, 0x00]);
  });
});
