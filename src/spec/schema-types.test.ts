/**
 * types.ts mirrors schemas/talos-hclgen.schema.json by hand; this keeps them in step. Every
 * interface in types.ts has a schema definition of the same name with the same properties, and
 * the same ones are required (save the documented exceptions).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "./spec.test-helper.js";

interface SchemaObject {
  properties?: Record<string, unknown>;
  required?: string[];
}

const schema = JSON.parse(readFileSync(join(ROOT, "schemas/talos-hclgen.schema.json"), "utf8")) as SchemaObject & {
  definitions: Record<string, SchemaObject>;
};

interface Shape {
  properties: Map<string, boolean>; // name -> optional
}

/**
 * Every interface with its properties, those of the interfaces and object types it extends
 * included (NodeSpec extends NodeSettingsSpec, a type with no schema definition of its own).
 */
function interfacesOfTypesFile(): Map<string, Shape> {
  const file = ts.createSourceFile("types.ts", readFileSync(join(ROOT, "src/spec/types.ts"), "utf8"), ts.ScriptTarget.ES2022, true);
  const own = new Map<string, { members: ts.NodeArray<ts.TypeElement>; bases: string[]; checked: boolean }>();
  for (const statement of file.statements) {
    if (ts.isInterfaceDeclaration(statement)) {
      const bases = (statement.heritageClauses ?? []).flatMap((c) => c.types.map((t) => t.expression.getText(file)));
      own.set(statement.name.text, { members: statement.members, bases, checked: true });
    } else if (ts.isTypeAliasDeclaration(statement) && ts.isTypeLiteralNode(statement.type)) {
      own.set(statement.name.text, { members: statement.type.members, bases: [], checked: false });
    }
  }
  const propertiesOf = (name: string): Map<string, boolean> => {
    const entry = own.get(name);
    if (entry === undefined) throw new Error(`types.ts: ${name} is not an interface or object type`);
    const properties = new Map<string, boolean>();
    for (const base of entry.bases) for (const [key, optional] of propertiesOf(base)) properties.set(key, optional);
    for (const member of entry.members) {
      if (ts.isPropertySignature(member) && member.name !== undefined) properties.set(member.name.getText(file), member.questionToken !== undefined);
    }
    return properties;
  };
  const shapes = new Map<string, Shape>();
  for (const [name, entry] of own) if (entry.checked) shapes.set(name, { properties: propertiesOf(name) });
  return shapes;
}

function providerNames(): string[] {
  const file = ts.createSourceFile("types.ts", readFileSync(join(ROOT, "src/spec/types.ts"), "utf8"), ts.ScriptTarget.ES2022, true);
  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement) && statement.name.text === "ProviderName" && ts.isUnionTypeNode(statement.type)) {
      return statement.type.types.map((t) => t.getText(file).replace(/"/g, "")).sort();
    }
  }
  return [];
}

describe("src/spec/types.ts and the schema", () => {
  const shapes = interfacesOfTypesFile();

  it("finds the interfaces", () => {
    expect(shapes.size).toBeGreaterThan(20);
  });

  for (const [name, shape] of shapes) {
    it(`${name} matches its schema definition`, () => {
      const definition = name === "ClusterSpec" ? schema : schema.definitions[name];
      expect(definition, `schema definition ${name}`).toBeDefined();
      const properties = Object.keys(definition?.properties ?? {}).sort();
      expect(properties).toEqual([...shape.properties.keys()].sort());
      const required = new Set(definition?.required ?? []);
      for (const [property, optional] of shape.properties) {
        const expectOptional = optional;
        expect(!required.has(property), `${name}.${property} optional`).toBe(expectOptional);
      }
    });
  }

  it("lists every ProviderName under providers", () => {
    expect(Object.keys(schema.definitions.ProvidersSpec?.properties ?? {}).sort()).toEqual(providerNames());
  });
});
