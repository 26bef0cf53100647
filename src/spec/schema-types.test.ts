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

function interfacesOfTypesFile(): Map<string, Shape> {
  const file = ts.createSourceFile("types.ts", readFileSync(join(ROOT, "src/spec/types.ts"), "utf8"), ts.ScriptTarget.ES2022, true);
  const shapes = new Map<string, Shape>();
  for (const statement of file.statements) {
    if (!ts.isInterfaceDeclaration(statement)) continue;
    const properties = new Map<string, boolean>();
    for (const member of statement.members) {
      if (ts.isPropertySignature(member) && member.name !== undefined) properties.set(member.name.getText(file), member.questionToken !== undefined);
    }
    shapes.set(statement.name.text, { properties });
  }
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
