/**
 * The document `tofu providers schema -json` / `terraform providers schema -json` prints
 * (https://developer.hashicorp.com/terraform/cli/commands/providers/schema). Shared by the
 * mirror builder and the stub provider; types only, so the stub bundle stays small.
 */

/** A cty type in its JSON form: `"string"`, `["list","string"]`, `["object",{...}]`. */
export type CtyTypeJson = string | readonly unknown[];

export type DescriptionKind = "plain" | "markdown";

export interface AttributeJson {
  type?: CtyTypeJson;
  nested_type?: NestedTypeJson;
  description?: string;
  description_kind?: DescriptionKind;
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  deprecated?: boolean;
  write_only?: boolean;
}

export type AttributeNesting = "single" | "list" | "set" | "map";
export type BlockNesting = AttributeNesting | "group";

export interface NestedTypeJson {
  attributes?: Record<string, AttributeJson>;
  nesting_mode: AttributeNesting;
}

export interface NestedBlockJson {
  nesting_mode: BlockNesting;
  block: BlockJson;
  min_items?: number;
  max_items?: number;
}

export interface BlockJson {
  attributes?: Record<string, AttributeJson>;
  block_types?: Record<string, NestedBlockJson>;
  description?: string;
  description_kind?: DescriptionKind;
  deprecated?: boolean;
}

export interface SchemaJson {
  version?: number;
  block: BlockJson;
}

export interface FunctionParameterJson {
  name?: string;
  type: CtyTypeJson;
  description?: string;
  description_kind?: DescriptionKind;
  is_nullable?: boolean;
}

export interface FunctionJson {
  summary?: string;
  description?: string;
  description_kind?: DescriptionKind;
  deprecation_message?: string;
  return_type: CtyTypeJson;
  parameters?: FunctionParameterJson[];
  variadic_parameter?: FunctionParameterJson;
}

export interface ProviderSchemaJson {
  provider?: SchemaJson;
  resource_schemas?: Record<string, SchemaJson>;
  data_source_schemas?: Record<string, SchemaJson>;
  ephemeral_resource_schemas?: Record<string, SchemaJson>;
  functions?: Record<string, FunctionJson>;
  /** Not printed by `providers schema -json`; accepted when a user adds it by hand. */
  version?: string;
}

export interface ProviderSchemasDocument {
  format_version?: string;
  provider_schemas?: Record<string, ProviderSchemaJson>;
  /** Same shape as `terraform version -json`'s `provider_selections`; optional extra. */
  provider_selections?: Record<string, string>;
}

/** What the mirror writes for one stub: the provider's address and its schema. */
export interface StubSchemaFile {
  address: string;
  schema: ProviderSchemaJson;
}
