import type { ErrorObject } from "ajv";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { describeValue } from "./describe-value.js";
import { displayPath } from "./display-path.js";
import accepts from "./generated/schema-accepts.js";
import type { Locator } from "./locate.js";
import { errorContext, mapError } from "./schema-messages.js";
import { explainingValidator } from "./schema-validator.js";

/**
 * Validate the parsed value against the precompiled schema and turn ajv's errors into our
 * diagnostics: positioned on the YAML node, worded for people, one per problem.
 */
export function checkSchema(value: unknown, locator: Locator, text: string): Diagnostic[] {
  if (accepts(value)) return [];
  const validate = explainingValidator();
  if (validate(value)) return []; // never: both come from one schema with the same options
  return mapSchemaErrors(validate.errors ?? [], value, locator, text);
}

export function mapSchemaErrors(errors: readonly ErrorObject[], root: unknown, locator: Locator, text: string): Diagnostic[] {
  const { plain, groups } = splitAlternatives(errors);
  const diagnostics: Diagnostic[] = [];
  for (const error of plain) {
    const d = mapError(errorContext(error, root, locator, text));
    if (d !== undefined) diagnostics.push(d);
  }
  for (const group of groups) diagnostics.push(...explainAlternatives(group, root, locator, text));
  return dedupe(dropRequiredExplainedByTypo(diagnostics));
}

/** A failed oneOf/anyOf with the errors of each of its branches. */
interface AlternativeGroup {
  error: ErrorObject;
  branches: Map<number, ErrorObject[]>;
}

function isAlternative(error: ErrorObject): boolean {
  return error.keyword === "oneOf" || error.keyword === "anyOf";
}

function branchSchemas(group: ErrorObject): unknown[] {
  return Array.isArray(group.schema) ? (group.schema as unknown[]) : [];
}

/**
 * Which branch of `group` an error came from, if any. An inline branch's errors have schemaPaths
 * under "<group>/<i>/"; a `$ref` branch's errors are reported relative to the definition
 * ("#/definitions/CiliumPoolRange/required"), so match those by the ref, at or below the
 * alternative's own instance path.
 */
function branchOf(error: ErrorObject, group: ErrorObject): number | undefined {
  const at = group.instancePath;
  if (error === group || !(error.instancePath === at || error.instancePath.startsWith(`${at}/`))) return undefined;
  const branches = branchSchemas(group);
  for (const [i, branch] of branches.entries()) {
    const ref = branch !== null && typeof branch === "object" ? (branch as { $ref?: unknown }).$ref : undefined;
    if (error.schemaPath.startsWith(`${group.schemaPath}/${i}/`)) return i;
    if (typeof ref === "string" && error.schemaPath.startsWith(`${ref}/`)) return i;
  }
  return undefined;
}

/**
 * ajv reports every branch's errors and then "must match exactly one schema in oneOf". Pull the
 * branch errors out so each group can be explained once.
 */
function splitAlternatives(errors: readonly ErrorObject[]): { plain: ErrorObject[]; groups: AlternativeGroup[] } {
  const groupErrors = errors.filter(isAlternative);
  const claimed = new Set<ErrorObject>(groupErrors);
  const groups = groupErrors.map((error) => {
    const branches = new Map<number, ErrorObject[]>();
    for (const candidate of errors) {
      const index = branchOf(candidate, error);
      if (index === undefined) continue;
      claimed.add(candidate);
      branches.set(index, [...(branches.get(index) ?? []), candidate]);
    }
    return { error, branches };
  });
  return { plain: errors.filter((e) => !claimed.has(e)), groups };
}

function branchTitles(group: AlternativeGroup): string[] {
  return branchSchemas(group.error).map((s, i) => {
    const title = s !== null && typeof s === "object" ? (s as { title?: unknown }).title : undefined;
    return typeof title === "string" ? title : `shape ${i + 1}`;
  });
}

/**
 * The branch the user was most likely writing: one whose shape fits (no wrong type, no unknown
 * field at the alternative's own level), with the fewest errors. If there is exactly one such
 * branch, its errors are the useful ones ("missing stop"); otherwise say what shapes are allowed.
 */
function explainAlternatives(group: AlternativeGroup, root: unknown, locator: Locator, text: string): Diagnostic[] {
  const titles = branchTitles(group);
  const here = group.error.instancePath;
  // A branch without claimed errors failed only below a $ref (a bad "cidr" value, say); those
  // errors stay in the plain list and already say what is wrong.
  const all = titles.map((_, i): [number, ErrorObject[]] => [i, group.branches.get(i) ?? []]);
  const plausible = all.filter(([, errs]) => errs.every((e) => !(e.instancePath === here && (e.keyword === "type" || e.keyword === "additionalProperties"))));
  const fewest = Math.min(...plausible.map(([, errs]) => errs.length));
  const best = plausible.filter(([, errs]) => errs.length === fewest);
  const shapes = titles.join(" or ");
  if (best.length === 1 && best[0] !== undefined) {
    return best[0][1].flatMap((error) => {
      const d = mapError(errorContext(error, root, locator, text));
      if (d === undefined) return [];
      return [{ ...d, hint: d.hint ?? `expected ${shapes}` }];
    });
  }
  const ctx = errorContext(group.error, root, locator, text);
  return [
    {
      code: "schema/one-of",
      severity: "error",
      message: `${displayPath(ctx.path)} must be ${shapes} (got ${describeValue(group.error.data)})`,
      span: locator.span(ctx.path) ?? locator.nearest(ctx.path),
      path: ctx.path,
    },
  ];
}

/**
 * `nmae: cp-1` yields "unknown field nmae (did you mean name?)" and "missing required field
 * name"; the first already says everything.
 */
function dropRequiredExplainedByTypo(diagnostics: Diagnostic[]): Diagnostic[] {
  const suggested = new Set(
    diagnostics
      .filter((d) => d.code === "schema/unknown-field" && d.hint?.startsWith("did you mean "))
      .map((d) => `${JSON.stringify(d.path?.slice(0, -1))}|${d.hint ?? ""}`),
  );
  return diagnostics.filter((d) => {
    if (d.code !== "schema/required" || d.path === undefined) return true;
    const field = d.path[d.path.length - 1];
    return !suggested.has(`${JSON.stringify(d.path.slice(0, -1))}|did you mean ${JSON.stringify(field)}?`);
  });
}

function dedupe(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.code}|${d.span?.start ?? ""}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
