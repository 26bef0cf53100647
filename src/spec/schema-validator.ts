/**
 * The validator that explains why a spec is invalid: every error, with the schema and data
 * schema-check.ts words its diagnostics from. It is most of the schema's generated code, so
 * it stays out of the CLI bundle and loads only for a spec the accepting validator refused
 * (scripts/precompile-schema.mjs says why and how the two are made).
 *
 * Loaded beside the module that runs this: src/spec/generated/ from source, dist/generated/
 * in the package, where scripts/build.mjs writes it (every dist bundle and chunk is in dist/).
 */
import type { ErrorObject } from "ajv";
import { createRequire } from "node:module";

export interface ExplainingValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

let loaded: ExplainingValidator | undefined;

export function explainingValidator(): ExplainingValidator {
  loaded ??= createRequire(import.meta.url)("./generated/schema-validator.cjs") as ExplainingValidator;
  return loaded;
}
