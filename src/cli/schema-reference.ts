/** The yaml-language-server modeline of a spec the CLI writes (init, import). */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { schemaFile } from "./package-root.js";

const SCHEMA_IN_NODE_MODULES = "node_modules/talos-hclgen/schemas/talos-hclgen.schema.json";

/**
 * A path the editor can open offline when talos-hclgen is installed in the project (it then
 * matches the installed version exactly); else the schema's published URL, its $id.
 */
export function schemaReference(specFolder: string): string {
  for (let dir = specFolder; ; dir = dirname(dir)) {
    const candidate = join(dir, SCHEMA_IN_NODE_MODULES);
    if (existsSync(candidate)) {
      const rel = relative(specFolder, candidate).split(sep).join("/");
      return rel.startsWith(".") ? rel : `./${rel}`;
    }
    if (dirname(dir) === dir) break;
  }
  const schema = JSON.parse(readFileSync(schemaFile(), "utf8")) as {
    $id?: unknown;
  };
  if (typeof schema.$id !== "string") throw new Error("the packaged JSON Schema has no $id");
  return schema.$id;
}

/** The modeline line, newline included. */
export function schemaModeline(specFolder: string): string {
  return `# yaml-language-server: $schema=${schemaReference(specFolder)}\n`;
}
