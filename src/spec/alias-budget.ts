/**
 * yaml's maxAliasCount stops exponential alias bombs (aliases of aliases), but not a flat one:
 * `a: &big [1, 1, ... 200,000 times]` then `b: [*big, *big, ... 99 times]` passes it (it counts
 * nested aliases, not the size of what an alias repeats), and the 600 KiB spec becomes 20
 * million values once the emitters write the shared list out, far past a 256 MiB heap. So the
 * values that aliases add are counted here, before toJS, against a budget no honest spec nears
 * (a `<<: *defaults` merge repeats tens of values).
 */
import { isAlias, isCollection, isPair, type Alias, type Node } from "yaml";
import type { TextProblem } from "./text-guards.js";
import { MAX_ALIASED_VALUES } from "../catalog/limits.js";

/**
 * `aliases` are the document's aliases in document order and `target` resolves one
 * (document-walk.ts). Runs after the alias checks: every alias resolves, and none is inside
 * what it refers to.
 */
export function checkAliasBudget(aliases: readonly Alias[], target: (alias: Alias) => Node | undefined): TextProblem | undefined {
  const sizes = new Map<unknown, number>();
  const size = (node: unknown): number => {
    if (isAlias(node)) return size(target(node));
    if (!isCollection(node)) return 1;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    let total = 1;
    for (const item of node.items) total += isPair(item) ? size(item.key) + size(item.value) : size(item);
    sizes.set(node, total);
    return total;
  };
  let added = 0;
  for (const alias of aliases) {
    added += size(target(alias));
    if (added > MAX_ALIASED_VALUES) {
      // Point at the first alias, as the maxAliasCount diagnostic does (parse.ts).
      const [start, end] = aliases[0]?.range ?? [0, 0];
      return {
        code: "yaml/alias-limit",
        message: `aliases repeat more than ${MAX_ALIASED_VALUES} values`,
        start,
        end,
        hint: "write the repeated values out, or use fewer nested aliases",
      };
    }
  }
  return undefined;
}
