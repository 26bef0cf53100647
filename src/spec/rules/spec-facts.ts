import { parseCidr, type Cidr } from "../../base/net/cidr.js";
import type { ClusterSpec } from "../types.js";
import { ipFields, type IpField } from "./ip-fields.js";
import { nodeAddresses, type NodeAddress } from "./node-address-list.js";

/**
 * What several rules derive from the spec, worked out once per check (runRules builds one per
 * run, the rules only read the spec). The node addresses feed four rules and the IP fields two;
 * on a 1000-node spec, deriving them (bigint CIDR parsing in cold code) again for each rule
 * was most of the rules' time.
 */
export interface SpecFacts {
  /** Every static node address, parsed (node-address-list.ts). */
  readonly nodeAddresses: readonly NodeAddress[];
  /** Every field that holds an IP address or block (ip-fields.ts). */
  readonly ipFields: readonly IpField[];
  /** parseCidr, once per text. */
  cidr(text: string): Cidr | undefined;
}

export function specFacts(spec: ClusterSpec): SpecFacts {
  const cidrs = new Map<string, Cidr | undefined>();
  const cidr = (text: string): Cidr | undefined => {
    if (!cidrs.has(text)) cidrs.set(text, parseCidr(text));
    return cidrs.get(text);
  };
  let addresses: readonly NodeAddress[] | undefined;
  let fields: readonly IpField[] | undefined;
  return {
    get nodeAddresses() {
      return (addresses ??= nodeAddresses(spec, cidr));
    },
    get ipFields() {
      return (fields ??= ipFields(spec));
    },
    cidr,
  };
}
