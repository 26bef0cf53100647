/**
 * Field paths as users write them and as diagnostics print them: `spec.nodes[].role`,
 * `nodes[0].address` (the `spec.` is optional), `registryMirrors["docker.io"].endpoints`,
 * `nodeClasses.<name>.cpu`. `[]`, `[N]` and `[*]` all mean "an item of the list".
 */

export type FieldStep = { kind: "key"; name: string } | { kind: "item" };

export type FieldPathParse = { ok: true; steps: FieldStep[] } | { ok: false; message: string };

export function parseFieldPath(text: string): FieldPathParse {
  const steps: FieldStep[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ".") {
      if (i === 0 || i === text.length - 1 || text[i + 1] === ".") return fail(text, i);
      i++;
      continue;
    }
    if (text[i] === "[") {
      const close = text.indexOf("]", i);
      if (close === -1) return fail(text, i);
      const inner = text.slice(i + 1, close).trim();
      if (inner === "" || inner === "*" || /^\d+$/.test(inner)) steps.push({ kind: "item" });
      else if (/^"(?:[^"\\]|\\.)*"$/.test(inner)) steps.push({ kind: "key", name: JSON.parse(inner) as string });
      else return fail(text, i);
      i = close + 1;
      continue;
    }
    const match = /^[^.[\]]+/.exec(text.slice(i));
    if (match === null) return fail(text, i);
    steps.push({ kind: "key", name: match[0] });
    i += match[0].length;
  }
  return { ok: true, steps };
}

function fail(text: string, at: number): FieldPathParse {
  return {
    ok: false,
    message: `cannot read field path "${text}" at character ${at + 1}`,
  };
}

/** How a resolved path is printed: dots between keys, [] for list items. */
export function formatSteps(steps: readonly FieldStep[]): string {
  let out = "";
  for (const step of steps) {
    if (step.kind === "item") out += "[]";
    else if (/^[A-Za-z_$<*][A-Za-z0-9_$<>*-]*$/.test(step.name)) out += out === "" ? step.name : `.${step.name}`;
    else out += `[${JSON.stringify(step.name)}]`;
  }
  return out;
}
