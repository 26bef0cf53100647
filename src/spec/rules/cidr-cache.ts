import { parseCidr, type Cidr } from "../net/cidr.js";
import type { ClusterSpec } from "../types.js";

/**
 * parseCidr once per text and spec. Several rules read the node addresses (node-address-list.ts
 * for three rules, ip-syntax.ts), a thousand of them in a large spec, and parsing them again for
 * each rule (bigint arithmetic, cold code) was most of the rules' time on a 1000-node spec.
 * A Cidr is never modified, so the rules can share it. Keyed by the spec object, which the rules
 * get fresh from the parser and only read (src/spec/index.ts).
 */
const parsed = new WeakMap<ClusterSpec, Map<string, Cidr | undefined>>();

export function cidrOf(spec: ClusterSpec, text: string): Cidr | undefined {
  let cache = parsed.get(spec);
  if (cache === undefined) {
    cache = new Map();
    parsed.set(spec, cache);
  }
  if (cache.has(text)) return cache.get(text);
  const cidr = parseCidr(text);
  cache.set(text, cidr);
  return cidr;
}
