/**
 * The import graph of src/: every relative import of every production file, with the folder
 * (layer) of each end. Read with the TypeScript parser, so `import type` is told apart from a
 * runtime import, and dynamic import() counts like a static one.
 */
import fg from "fast-glob";
import { readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import ts from "typescript";

export const SRC = join(dirname(new URL(import.meta.url).pathname), "..", "..", "src");

export interface ImportEdge {
  /** Files relative to src/, POSIX. */
  from: string;
  to: string;
  typeOnly: boolean;
}

/** The layer a file belongs to: its top folder, or platforms/<kind> for a platform's own files. */
export function layerOf(file: string): string {
  const parts = file.split("/");
  if (parts.length === 1) return "(root)";
  if (parts[0] === "platforms" && parts.length > 2) return `platforms/${parts[1]}`;
  return parts[0] ?? "";
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const target = normalize(join(dirname(from), specifier))
    .split("\\")
    .join("/");
  return target.replace(/\.js$/, ".ts");
}

export function productionFiles(): string[] {
  return fg.sync("**/*.ts", { cwd: SRC, ignore: ["**/*.test.ts", "**/*.test-helper.ts", "**/generated/**", "**/*.d.ts"] }).sort();
}

export function importEdges(files: readonly string[] = productionFiles()): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(SRC, file), "utf8"), ts.ScriptTarget.Latest, false);
    const add = (specifier: string, typeOnly: boolean) => {
      const to = resolveSpecifier(file, specifier);
      if (to !== undefined && !relative(".", to).startsWith("..")) edges.push({ from: file, to, typeOnly });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        // `import { type A, type B }` is type-only too.
        const namedTypesOnly =
          clause?.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.name === undefined &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly);
        add(node.moduleSpecifier.text, clause?.isTypeOnly === true || namedTypesOnly);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, node.isTypeOnly);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [arg] = node.arguments;
        if (arg !== undefined && ts.isStringLiteral(arg)) add(arg.text, false);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return edges;
}
