/**
 * The parts of a draft-07 JSON Schema that `explain` reads, and `$ref` resolution. Only
 * local refs (`#/definitions/X`, `#/$defs/X`) exist in our schema; anything else is a bug.
 */

export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  examples?: unknown[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  propertyNames?: SchemaNode;
  items?: SchemaNode | SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  uniqueItems?: boolean;
}

/** A node with its `$ref` chain folded in: the referring node's own keys win (its description). */
export interface ResolvedNode extends SchemaNode {
  /** Description of the definition a ref pointed at, when the node overrides it: the value's format. */
  formatDescription?: string;
}

export function resolveNode(node: SchemaNode, root: SchemaNode, depth = 0): ResolvedNode {
  if (node.$ref === undefined) return node;
  if (depth > 32) throw new Error(`schema $ref chain too deep at ${node.$ref}`);
  const target = resolveNode(lookupRef(node.$ref, root), root, depth + 1);
  const { $ref: _ref, ...own } = node;
  const merged: ResolvedNode = { ...target, ...own };
  if (own.description !== undefined && target.description !== undefined && own.description !== target.description) {
    merged.formatDescription = target.formatDescription ?? target.description;
  }
  return merged;
}

function lookupRef(ref: string, root: SchemaNode): SchemaNode {
  if (!ref.startsWith("#/")) throw new Error(`schema $ref ${JSON.stringify(ref)} is not local`);
  let current: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    current = typeof current === "object" && current !== null ? (current as Record<string, unknown>)[key] : undefined;
  }
  if (typeof current !== "object" || current === null) throw new Error(`schema $ref ${JSON.stringify(ref)} points nowhere`);
  return current as SchemaNode;
}

/** Object properties, including those of oneOf/anyOf/allOf branches (a union of shapes). */
export function propertiesOf(node: ResolvedNode, root: SchemaNode): Map<string, { schema: SchemaNode; required: boolean }> {
  const out = new Map<string, { schema: SchemaNode; required: boolean }>();
  const add = (n: ResolvedNode, alternative: boolean): void => {
    for (const [name, schema] of Object.entries(n.properties ?? {})) {
      // In a oneOf/anyOf branch a field is required only in that shape, not by the value.
      if (!out.has(name))
        out.set(name, {
          schema,
          required: !alternative && (n.required?.includes(name) ?? false),
        });
    }
  };
  add(node, false);
  for (const branch of node.allOf ?? []) add(resolveNode(branch, root), false);
  for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) add(resolveNode(branch, root), true);
  return out;
}

export function itemsOf(node: ResolvedNode): SchemaNode | undefined {
  return Array.isArray(node.items) ? node.items[0] : node.items;
}

/** The value schema of a map (`additionalProperties: {...}`), if the node is one. */
export function mapValueOf(node: ResolvedNode): SchemaNode | undefined {
  return typeof node.additionalProperties === "object" ? node.additionalProperties : undefined;
}

/** An object that accepts any keys without describing them (raw Talos patches, Helm values). */
export function isFreeForm(node: ResolvedNode, root: SchemaNode): boolean {
  const type = node.type;
  const objectish = type === "object" || (Array.isArray(type) && type.includes("object"));
  return objectish && propertiesOf(node, root).size === 0 && mapValueOf(node) === undefined && node.additionalProperties !== false;
}
