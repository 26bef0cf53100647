/**
 * tfplugin6.Provider, schema-only: serves the JSON schema, checks configs the way real
 * providers do in their Validate*Config calls (./config-checks.ts), answers provider
 * functions with unknown values, and refuses everything that would touch real
 * infrastructure. Calls made during `validate`: docs offline-validate.md.
 */
import type { ProviderSchemaJson, SchemaJson } from "../provider-schema-json.js";
import { checkConfig, type CheckTarget, type StubDiagnostic } from "./config-checks.js";
import { encodeDiagnostic } from "./diagnostic-encoder.js";
import { decodeDynamicValue } from "./dynamic-value.js";
import { encodeFunction, unknownFunctionResult } from "./function-encoder.js";
import { GrpcError, GrpcStatus, type UnaryHandler } from "./grpc-server.js";
import { bytesField, ProtoWriter, readFields, stringField } from "./protobuf.js";
import { encodeSchema, sortedEntries } from "./schema-encoder.js";

const SERVICE = "/tfplugin6.Provider/";

/** ServerCapabilities {plan_destroy 1, get_provider_schema_optional 2}: the second lets
 *  Terraform reuse the schema it already fetched from the first instance of this provider. */
const serverCapabilities = (): ProtoWriter => new ProtoWriter().bool(2, true);

function diagnosticsResponse(field: number, diagnostics: readonly StubDiagnostic[]): Buffer {
  const w = new ProtoWriter();
  for (const diagnostic of diagnostics) w.message(field, encodeDiagnostic(diagnostic));
  return w.finish();
}

type SchemaKind = "resource_schemas" | "data_source_schemas" | "ephemeral_resource_schemas";

const KIND_LABEL: Record<SchemaKind, string> = {
  resource_schemas: "resource type",
  data_source_schemas: "data source",
  ephemeral_resource_schemas: "ephemeral resource type",
};

export function providerHandlers(schema: ProviderSchemaJson): Map<string, UnaryHandler> {
  const check = (target: SchemaJson | undefined, configMessage: Uint8Array | undefined, label: CheckTarget): StubDiagnostic[] =>
    target === undefined ? [] : checkConfig(target.block, decodeDynamicValue(configMessage), label);

  /** Validate{Resource,DataResource,EphemeralResource}Config: type_name 1, config 2 ->
   *  diagnostics 1. An unknown type never gets here: Terraform rejects it first. */
  const validateTyped =
    (kind: SchemaKind): UnaryHandler =>
    (request) => {
      const fields = readFields(request);
      const typeName = stringField(fields, 1);
      const target = schema[kind]?.[typeName];
      return diagnosticsResponse(1, check(target, bytesField(fields, 2), { kind: KIND_LABEL[kind], name: typeName }));
    };

  const handlers: [string, UnaryHandler][] = [
    [
      "GetProviderSchema",
      // provider 1, resource_schemas 2, data_source_schemas 3, server_capabilities 6,
      // functions 7, ephemeral_resource_schemas 8.
      () => {
        const w = new ProtoWriter().message(1, encodeSchema(schema.provider));
        for (const [name, s] of sortedEntries(schema.resource_schemas)) w.mapEntry(2, name, encodeSchema(s));
        for (const [name, s] of sortedEntries(schema.data_source_schemas)) w.mapEntry(3, name, encodeSchema(s));
        w.message(6, serverCapabilities());
        for (const [name, fn] of sortedEntries(schema.functions)) w.mapEntry(7, name, encodeFunction(fn));
        for (const [name, s] of sortedEntries(schema.ephemeral_resource_schemas)) w.mapEntry(8, name, encodeSchema(s));
        return w.finish();
      },
    ],
    [
      "GetMetadata",
      // server_capabilities 1, data_sources 3, resources 4, functions 5, ephemeral_resources 6;
      // each entry is a message {type_name|name = 1}.
      () => {
        const w = new ProtoWriter().message(1, serverCapabilities());
        const names = (field: number, record: Record<string, unknown> | undefined): void => {
          for (const [name] of sortedEntries(record)) w.message(field, new ProtoWriter().string(1, name));
        };
        names(3, schema.data_source_schemas);
        names(4, schema.resource_schemas);
        names(5, schema.functions);
        names(6, schema.ephemeral_resource_schemas);
        return w.finish();
      },
    ],
    [
      "ValidateProviderConfig",
      // config 1 -> diagnostics 2 (field 1 was PrepareProviderConfig's prepared_config).
      (request) => diagnosticsResponse(2, check(schema.provider, bytesField(readFields(request), 1), { kind: "provider", name: "" })),
    ],
    ["ValidateResourceConfig", validateTyped("resource_schemas")],
    ["ValidateDataResourceConfig", validateTyped("data_source_schemas")],
    ["ValidateEphemeralResourceConfig", validateTyped("ephemeral_resource_schemas")],
    [
      "GetFunctions",
      // functions 1 (map), diagnostics 2.
      () => {
        const w = new ProtoWriter();
        for (const [name, fn] of sortedEntries(schema.functions)) w.mapEntry(1, name, encodeFunction(fn));
        return w.finish();
      },
    ],
    [
      "CallFunction",
      (request) => {
        const name = stringField(readFields(request), 1);
        if (schema.functions?.[name] === undefined) {
          throw new GrpcError(GrpcStatus.INVALID_ARGUMENT, `function "${name}" is not in the provider schema`);
        }
        return unknownFunctionResult();
      },
    ],
    // StopProvider.Response {Error = 1}: nothing is running, so nothing to stop.
    ["StopProvider", () => new Uint8Array(0)],
  ];
  return new Map(handlers.map(([method, handler]) => [SERVICE + method, handler]));
}
