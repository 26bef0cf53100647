/**
 * Walks a field path through the schema. Lists are stepped into implicitly (`nodes.role`
 * works like `nodes[].role`), map keys are free (`nodeClasses.small.cpu`), and a path that
 * does not start at the document root is tried under `spec` (`nodes[].role`).
 */
import { didYouMean } from "../../base/did-you-mean.js";
import { formatSteps, type FieldStep } from "./field-path.js";
import { pathsNamed } from "./field-index.js";
import { isFreeForm, itemsOf, mapValueOf, propertiesOf, resolveNode, type ResolvedNode, type SchemaNode } from "./schema-node.js";

export interface ResolvedField {
  /** Canonical path, e.g. spec.nodes[].role; "" for the document root. */
  path: string;
  node: ResolvedNode;
  required: boolean;
  /** Set when the path goes on inside a free-form value the schema does not describe. */
  undocumentedRest?: string;
}

export type FieldLookup = { ok: true; field: ResolvedField } | { ok: false; message: string; hint?: string };

export function resolveField(root: SchemaNode, steps: readonly FieldStep[]): FieldLookup {
  return publicLookup(resolveWalk(root, steps));
}

function resolveWalk(root: SchemaNode, steps: readonly FieldStep[]): Walk {
  const direct = walk(root, steps);
  const first = steps[0];
  if (direct.ok || first?.kind !== "key" || first.name === "spec") return direct;
  const underSpec = walk(root, [{ kind: "key", name: "spec" }, ...steps]);
  if (underSpec.ok || direct.failedAt > 0) return underSpec.ok ? underSpec : direct;
  // Neither the root nor spec has the first field: keep the better suggestion.
  if (direct.hint?.startsWith("did you mean")) return direct;
  if (underSpec.failedAt > 1 || underSpec.hint?.startsWith("did you mean")) return underSpec;
  return withGlobalHint(root, underSpec, first.name);
}

function publicLookup(result: Walk): FieldLookup {
  if (result.ok) return result;
  return result.hint === undefined ? { ok: false, message: result.message } : { ok: false, message: result.message, hint: result.hint };
}

/** When no sibling is close, the field may exist elsewhere: name where. */
function withGlobalHint(root: SchemaNode, lookup: Walk & { ok: false }, name: string): Walk {
  const elsewhere = pathsNamed(root, name);
  if (elsewhere.length === 0) return lookup;
  return {
    ...lookup,
    hint: `did you mean ${elsewhere.map((p) => `"${p}"`).join(" or ")}?`,
  };
}

type Walk = (FieldLookup & { ok: true }) | (FieldLookup & { ok: false; failedAt: number });

function walk(root: SchemaNode, steps: readonly FieldStep[]): Walk {
  let node = resolveNode(root, root);
  let required = true;
  const done: FieldStep[] = [];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as FieldStep;
    const here = formatSteps(done) || "the document root";
    if (isFreeForm(node, root)) {
      return {
        ok: true,
        field: {
          path: formatSteps(done),
          node,
          required,
          undocumentedRest: formatSteps(steps.slice(i)),
        },
      };
    }
    const items = itemsOf(node);
    if (step.kind === "item" || (items !== undefined && !propertiesOf(node, root).has(step.name))) {
      if (items === undefined) return { ok: false, failedAt: i, message: `${here} is not a list` };
      node = resolveNode(items, root);
      done.push({ kind: "item" });
      if (step.kind === "key") i--; // the key applies to the item
      continue;
    }
    const property = propertiesOf(node, root).get(step.name);
    const mapValue = mapValueOf(node);
    if (property !== undefined) {
      node = resolveNode(property.schema, root);
      required = property.required;
    } else if (mapValue !== undefined) {
      node = resolveNode(mapValue, root);
      required = false;
    } else {
      return {
        ok: false,
        failedAt: i,
        ...unknownField(step.name, here, [...propertiesOf(node, root).keys()]),
      };
    }
    done.push(step);
  }
  return { ok: true, field: { path: formatSteps(done), node, required } };
}

function unknownField(name: string, here: string, known: readonly string[]): { message: string; hint?: string } {
  const message = `unknown field "${name}" in ${here}`;
  const suggestion = didYouMean(name, known);
  if (suggestion !== undefined) return { message, hint: `did you mean "${suggestion}"?` };
  return known.length === 0 ? { message } : { message, hint: `fields here: ${known.join(", ")}` };
}
