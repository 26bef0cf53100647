import { TREE_FIREWALL_RULES, WIREGUARD_RULE_PREFIX } from "../../catalog/firewall-rule-names.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/**
 * Ingress rules: Talos merges NetworkRuleConfig documents by name, so a spec rule named like
 * another, or like one the tree writes, would replace it, and a port range must run upward
 * (machinery config/types/network/port_range.go: "invalid port range").
 */
export const firewallRules: Rule = (ctx) => {
  const rules = ctx.spec.spec.network.firewall?.rules ?? [];
  const seen = new Set<string>();
  rules.forEach((rule, r) => {
    const path = specPath("network", "firewall", "rules", r);
    const taken =
      TREE_FIREWALL_RULES.has(rule.name) || rule.name.startsWith(WIREGUARD_RULE_PREFIX)
        ? "one the tree writes"
        : seen.has(rule.name)
          ? "another of the spec's"
          : undefined;
    if (taken !== undefined) {
      ctx.report({
        code: "spec/firewall-rule-name",
        message: `firewall rule ${quote(rule.name)} is named like ${taken}, which it would replace`,
        path: [...path, "name"],
        hint: "name the rule after the service it opens",
      });
    }
    seen.add(rule.name);
    rule.ports.forEach((port, p) => {
      if (typeof port !== "string") return;
      const [first, last] = port.split("-").map(Number);
      if (first !== undefined && last !== undefined && first <= last && last <= 65535) return;
      ctx.report({
        code: "spec/port-range",
        message: `port range ${quote(port)} is not first-last with first <= last <= 65535`,
        path: [...path, "ports", p],
        hint: first !== undefined && last !== undefined && first > last && first <= 65535 ? `write ${quote(`${last}-${first}`)}` : "ports run from 1 to 65535",
      });
    });
  });
};
