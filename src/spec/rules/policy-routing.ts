import { specPath } from "./paths.js";
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { Rule, RuleContext } from "./rule.js";

/**
 * Policy routing: a route in its own table is only used by packets a rule sends there, and a
 * rule is only useful when its table has routes. Talos's own validation does not connect the
 * two (machinery config/types/network/routing_rule.go checks one rule at a time), so a rule
 * that names an empty table or a route no rule reaches would apply cleanly and route nothing.
 * Priorities: one rule per priority (the document's name is the priority, so two would merge),
 * and 32500 is KubeSpan's rule, for both families (routing_rule.go reservedPriorities, kubespan
 * manager.go), as table 180 is its table (constants KubeSpanDefaultRoutingTable); the schema
 * keeps 0 and 32766-32767 (the kernel's local, main and default rules) out.
 */
export const policyRouting: Rule = (ctx) => {
  ctx.spec.spec.nodes.forEach((node, i) => {
    const routeTables = new Set<number>();
    for (const nic of node.networks ?? []) for (const route of nic.routes ?? []) if (route.table !== undefined) routeTables.add(route.table);
    const ruleTables = new Set((node.routingRules ?? []).map((rule) => rule.table));
    const priorities = new Map<number, number>();
    (node.routingRules ?? []).forEach((rule, r) => {
      if (rule.priority === KUBESPAN_PRIORITY) {
        ctx.report({
          code: "spec/routing-rule-priority",
          message: `priority ${rule.priority} is reserved for KubeSpan's own rules`,
          path: specPath("nodes", i, "routingRules", r, "priority"),
          hint: "pick another priority between 1 and 32765",
        });
      }
      const first = priorities.get(rule.priority);
      if (first !== undefined) {
        ctx.report({
          code: "spec/routing-rule-priority",
          message: `priority ${rule.priority} is already taken by routingRules[${first}] of this node`,
          path: specPath("nodes", i, "routingRules", r, "priority"),
          hint: "give every rule of a node its own priority",
        });
      } else priorities.set(rule.priority, r);
      if (rule.table === KUBESPAN_TABLE) kubeSpanTable(ctx, specPath("nodes", i, "routingRules", r, "table"));
      else if (!routeTables.has(rule.table)) {
        ctx.report({
          code: "spec/routing-table-empty",
          message: `table ${rule.table} has no route on this node, so the packets this rule sends there find no route`,
          path: specPath("nodes", i, "routingRules", r, "table"),
          hint: `put a route in it: networks[].routes[] with table: ${rule.table}`,
        });
      }
    });
    node.networks?.forEach((nic, k) => {
      (nic.routes ?? []).forEach((route, r) => {
        if (route.table === undefined) return;
        if (route.table === KUBESPAN_TABLE) return kubeSpanTable(ctx, specPath("nodes", i, "networks", k, "routes", r, "table"));
        if (ruleTables.has(route.table)) return;
        ctx.report({
          code: "spec/routing-table-unreached",
          severity: "warning",
          message: `route to ${route.to} is in table ${route.table}, which no rule of this node sends packets to: it is never used`,
          path: specPath("nodes", i, "networks", k, "routes", r, "table"),
          hint: `add a rule to this node's routingRules with table: ${route.table}, or leave the route in the main table`,
        });
      });
    });
  });
};

const KUBESPAN_PRIORITY = 32500;
const KUBESPAN_TABLE = 180;

function kubeSpanTable(ctx: RuleContext, path: PathSegment[]): void {
  ctx.report({
    code: "spec/routing-table-reserved",
    message: `table ${KUBESPAN_TABLE} is KubeSpan's routing table`,
    path,
    hint: "pick another table between 1 and 252",
  });
}
