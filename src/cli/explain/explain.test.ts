import { describe, expect, it } from "vitest";
import { parseFieldPath } from "./field-path.js";
import { renderField } from "./render-field.js";
import { resolveField } from "./resolve-field.js";
import type { SchemaNode } from "./schema-node.js";

const schema: SchemaNode = {
  type: "object",
  required: ["spec"],
  properties: {
    apiVersion: { type: "string", const: "v1" },
    spec: { $ref: "#/definitions/Body" },
  },
  definitions: {
    name: {
      type: "string",
      pattern: "^[a-z]+$",
      description: "A lower-case name.",
    },
    Body: {
      type: "object",
      required: ["nodes"],
      properties: {
        nodes: {
          type: "array",
          minItems: 1,
          items: { $ref: "#/definitions/Node" },
        },
        classes: {
          type: "object",
          additionalProperties: { $ref: "#/definitions/Class" },
        },
        patches: {
          type: "array",
          items: { type: "object", description: "A raw patch." },
        },
        pools: {
          type: "array",
          items: {
            oneOf: [{ $ref: "#/definitions/Range" }, { $ref: "#/definitions/Cidr" }],
          },
        },
      },
    },
    Node: {
      type: "object",
      required: ["role"],
      properties: {
        name: { $ref: "#/definitions/name", description: "The node's name." },
        role: {
          type: "string",
          enum: ["controlplane", "worker"],
          description: "Machine type.",
          examples: ["worker"],
        },
      },
    },
    Class: {
      type: "object",
      properties: { cpu: { type: "integer", minimum: 1, default: 2 } },
    },
    Range: {
      type: "object",
      title: "a range",
      required: ["start"],
      properties: { start: { type: "string" } },
    },
    Cidr: {
      type: "object",
      title: "a block",
      required: ["cidr"],
      properties: { cidr: { type: "string" } },
    },
  },
} as SchemaNode;

function lookup(path: string) {
  const steps = parseFieldPath(path);
  if (!steps.ok) throw new Error(steps.message);
  return resolveField(schema, steps.steps);
}

describe("parseFieldPath", () => {
  it("reads keys, list items and quoted keys", () => {
    expect(parseFieldPath("spec.nodes[].role")).toEqual({
      ok: true,
      steps: [{ kind: "key", name: "spec" }, { kind: "key", name: "nodes" }, { kind: "item" }, { kind: "key", name: "role" }],
    });
    expect(parseFieldPath('mirrors["docker.io"][0]')).toEqual({
      ok: true,
      steps: [{ kind: "key", name: "mirrors" }, { kind: "key", name: "docker.io" }, { kind: "item" }],
    });
    expect(parseFieldPath("").ok).toBe(true);
  });

  it.each(["a..b", ".a", "a.", "a[x]", "a[", 'a["b]'])("rejects %j", (path) => {
    expect(parseFieldPath(path).ok).toBe(false);
  });
});

describe("resolveField", () => {
  it("tries paths under spec, and steps into lists implicitly", () => {
    for (const path of ["spec.nodes[].role", "nodes[].role", "nodes.role", "nodes[3].role"]) {
      expect(lookup(path)).toMatchObject({
        ok: true,
        field: { path: "spec.nodes[].role", required: true },
      });
    }
  });

  it("accepts any key of a map, and marks it optional", () => {
    expect(lookup("classes.small.cpu")).toMatchObject({
      ok: true,
      field: { path: "spec.classes.small.cpu", required: false },
    });
  });

  it("finds fields of oneOf shapes", () => {
    expect(lookup("pools[].cidr")).toMatchObject({
      ok: true,
      field: { path: "spec.pools[].cidr" },
    });
  });

  it("stops at a free-form value and says so", () => {
    expect(lookup("patches[].machine.install")).toMatchObject({
      ok: true,
      field: { path: "spec.patches[]", undocumentedRest: "machine.install" },
    });
  });

  it("suggests a sibling, or the field's real place", () => {
    expect(lookup("nodes[].rol")).toEqual({
      ok: false,
      message: 'unknown field "rol" in spec.nodes[]',
      hint: 'did you mean "role"?',
    });
    expect(lookup("cpu")).toMatchObject({
      ok: false,
      hint: 'did you mean "spec.classes.<name>.cpu"?',
    });
    expect(lookup("spec.nodes[].role[]")).toMatchObject({
      ok: false,
      message: "spec.nodes[].role is not a list",
    });
  });
});

describe("renderField", () => {
  it("shows type, requiredness, description, values and examples", () => {
    const result = lookup("nodes[].role");
    if (!result.ok) throw new Error(result.message);
    expect(renderField(result.field, schema)).toBe(
      'spec.nodes[].role <string> required\n\nMachine type.\n\nValues:   "controlplane", "worker"\nExample:  worker\n',
    );
  });

  it("explains a ref'd format, a default and a range", () => {
    const name = lookup("nodes[].name");
    const cpu = lookup("classes.x.cpu");
    if (!name.ok || !cpu.ok) throw new Error("lookup failed");
    expect(renderField(name.field, schema)).toContain("Format:   A lower-case name.");
    expect(renderField(cpu.field, schema)).toContain("Default:  2\nRange:    1 to inf");
  });

  it("lists child fields of list items and map values, required ones marked", () => {
    const nodes = lookup("nodes");
    if (!nodes.ok) throw new Error(nodes.message);
    const text = renderField(nodes.field, schema);
    expect(text).toMatch(/^spec\.nodes <list of object> required$/m);
    expect(text).toContain("Fields of each item:\n  name  <string>  The node's name.\n  role  <string>  required. Machine type.\n");
    const pools = lookup("pools");
    if (!pools.ok) throw new Error(pools.message);
    expect(renderField(pools.field, schema)).toContain("<list of a range | a block>");
    expect(renderField(pools.field, schema)).not.toContain("required.");
  });
});
