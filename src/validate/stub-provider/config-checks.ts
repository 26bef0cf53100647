/**
 * The checks a real provider makes in its own Validate*Config call and Terraform core does
 * not (hashicorp/terraform#30669): a value set for a computed-only attribute is an error, a
 * value set for a deprecated attribute or block is a warning. Messages follow
 * terraform-plugin-framework (internal/fwschema attribute validation), which most of the
 * providers we target use. The JSON schema carries no deprecation message, so ours says so.
 */
import type { AttributeJson, BlockJson, NestedTypeJson } from "../provider-schema-json.js";
import { UNKNOWN, type MsgpackValue } from "./msgpack.js";

export type PathStep = { attribute: string } | { key: string } | { index: number };

export interface StubDiagnostic {
  severity: "error" | "warning";
  summary: string;
  detail: string;
  path?: PathStep[];
}

const READ_ONLY_SUMMARY = "Invalid Configuration for Read-Only Attribute";
const READ_ONLY_DETAIL =
  "Cannot set value for this attribute as the provider has marked it as read-only. " +
  "Remove the configuration line setting the value.\n\n" +
  "Refer to the provider documentation or contact the provider developers for additional " +
  "information about configurable and read-only attributes that are supported.";

const deprecationDetail = (what: string): string => `The provider schema marks ${what} as deprecated. Refer to the provider documentation for its replacement.`;

/** Unknown counts as set (the framework tests `!IsNull()`); only null is "not set". */
const isSet = (value: MsgpackValue | undefined): boolean => value !== undefined && value !== null;
const isKnown = (value: MsgpackValue | undefined): boolean => value !== UNKNOWN;

function asObject(value: MsgpackValue | undefined): Map<string, MsgpackValue> | undefined {
  return value instanceof Map ? value : undefined;
}

/** The elements of a list/set (array) or map value, each with the path step that names it. */
function elements(value: MsgpackValue | undefined, keyed: boolean): [PathStep | undefined, MsgpackValue][] {
  if (Array.isArray(value)) return value.map((item, index) => [keyed ? { index } : undefined, item]);
  if (value instanceof Map) return [...value].map(([key, item]) => [{ key }, item]);
  return [];
}

class Walker {
  readonly diagnostics: StubDiagnostic[] = [];

  block(block: BlockJson, value: MsgpackValue | undefined, path: PathStep[]): void {
    const object = asObject(value);
    if (object === undefined) return;
    this.attributes(block.attributes, object, path);
    for (const [name, nested] of Object.entries(block.block_types ?? {})) {
      const child = object.get(name);
      if (!isSet(child) || !isKnown(child)) continue;
      const childPath = [...path, { attribute: name }];
      if (nested.block.deprecated === true && !isEmptyCollection(child)) {
        this.warn("Block Deprecated", deprecationDetail(`the block "${name}"`), childPath);
      }
      if (nested.nesting_mode === "single" || nested.nesting_mode === "group") {
        this.block(nested.block, child, childPath);
        continue;
      }
      // Set elements have no addressable key in AttributePath; point at the set itself.
      for (const [step, item] of elements(child, nested.nesting_mode !== "set")) {
        this.block(nested.block, item, step === undefined ? childPath : [...childPath, step]);
      }
    }
  }

  private attributes(attributes: Record<string, AttributeJson> | undefined, object: Map<string, MsgpackValue>, path: PathStep[]): void {
    for (const [name, attr] of Object.entries(attributes ?? {})) {
      const value = object.get(name);
      if (!isSet(value)) continue;
      const attrPath = [...path, { attribute: name }];
      if (attr.computed === true && attr.optional !== true && attr.required !== true) {
        this.diagnostics.push({
          severity: "error",
          summary: READ_ONLY_SUMMARY,
          detail: READ_ONLY_DETAIL,
          path: attrPath,
        });
        continue;
      }
      if (attr.deprecated === true && isKnown(value)) {
        this.warn("Attribute Deprecated", deprecationDetail(`the attribute "${name}"`), attrPath);
      }
      if (attr.nested_type !== undefined && isKnown(value)) this.nested(attr.nested_type, value, attrPath);
    }
  }

  private nested(type: NestedTypeJson, value: MsgpackValue | undefined, path: PathStep[]): void {
    if (type.nesting_mode === "single") {
      const object = asObject(value);
      if (object !== undefined) this.attributes(type.attributes, object, path);
      return;
    }
    for (const [step, item] of elements(value, type.nesting_mode !== "set")) {
      const object = asObject(item);
      if (object !== undefined) this.attributes(type.attributes, object, step === undefined ? path : [...path, step]);
    }
  }

  private warn(summary: string, detail: string, path: PathStep[]): void {
    this.diagnostics.push({ severity: "warning", summary, detail, path });
  }
}

function isEmptyCollection(value: MsgpackValue | undefined): boolean {
  return (Array.isArray(value) && value.length === 0) || (value instanceof Map && value.size === 0);
}

export interface CheckTarget {
  /** "resource type", "data source", "ephemeral resource type" or "provider". */
  kind: string;
  name: string;
}

export function checkConfig(block: BlockJson, config: MsgpackValue, target: CheckTarget): StubDiagnostic[] {
  const walker = new Walker();
  if (block.deprecated === true) {
    walker.diagnostics.push({
      severity: "warning",
      summary: "Deprecated",
      detail: deprecationDetail(`the ${target.kind} "${target.name}"`),
    });
  }
  walker.block(block, config, []);
  return walker.diagnostics;
}
