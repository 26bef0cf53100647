/**
 * talhelper's ingressFirewall (per group or node: a NetworkDefaultActionConfig and a
 * NetworkRuleConfig per rule, talhelper pkg/talos/firewall.go) as the spec's network.firewall:
 * one default action for the cluster, the rules with the roles they apply to. With block, the
 * tree writes the rules the cluster itself needs beside them (plan/talos/firewall.ts).
 */
import type { PathSegment } from "../../diagnostics/diagnostic.js";
import type { FirewallRuleSpec, FirewallSpec, NodeRole } from "../../spec/types.js";
import { isRecord, notCarried, numberAt, stringAt, type ImportContext } from "./context.js";

interface GroupFirewall {
  role: NodeRole;
  /** The group's ingressFirewall path (["controlPlane", "ingressFirewall"]). */
  path: PathSegment[];
  value: unknown;
}

function rulesOf(ctx: ImportContext, path: PathSegment[], value: Record<string, unknown>, role: NodeRole): FirewallRuleSpec[] {
  const rules = Array.isArray(value["rules"]) ? value["rules"] : [];
  return rules.flatMap((raw, r): FirewallRuleSpec[] => {
    const rulePath = [...path, "rules", r];
    if (!isRecord(raw)) return [];
    const name = stringAt(ctx, [...rulePath, "name"], raw["name"]);
    const selector = isRecord(raw["portSelector"]) ? raw["portSelector"] : {};
    const protocol = stringAt(ctx, [...rulePath, "portSelector", "protocol"], selector["protocol"]);
    const ports = (Array.isArray(selector["ports"]) ? selector["ports"] : []).flatMap((port, p): Array<number | string> => {
      if (typeof port === "string" && /^[0-9]+-[0-9]+$/.test(port)) return [port];
      const n = numberAt(ctx, [...rulePath, "portSelector", "ports", p], port);
      return n === undefined ? [] : [n];
    });
    const from: string[] = [];
    (Array.isArray(raw["ingress"]) ? raw["ingress"] : []).forEach((source, s) => {
      if (!isRecord(source)) return;
      const subnet = stringAt(ctx, [...rulePath, "ingress", s, "subnet"], source["subnet"]);
      if (subnet !== undefined) from.push(subnet);
      if (source["except"] !== undefined)
        notCarried(ctx, [...rulePath, "ingress", s, "except"], "a NetworkRuleConfig in patches (the spec's rules allow whole networks)");
    });
    if (name === undefined || (protocol !== "tcp" && protocol !== "udp") || ports.length === 0 || from.length === 0) {
      notCarried(ctx, rulePath, "network.firewall.rules (a name, ports, tcp or udp, and source networks)");
      return [];
    }
    return [{ name, ports, protocol, from, roles: [role] }];
  });
}

/** The cluster's firewall from the groups' (node-level ones are reported: the spec has none). */
export function importFirewall(
  ctx: ImportContext,
  groups: readonly GroupFirewall[],
  nodes: ReadonlyArray<{ path: PathSegment[]; value: unknown }>,
): FirewallSpec | undefined {
  // Every node with the same firewall, and no group's: the cluster's.
  const first = nodes[0];
  const shared =
    first !== undefined &&
    isRecord(first.value) &&
    groups.every((g) => g.value === undefined) &&
    nodes.every((n) => JSON.stringify(n.value) === JSON.stringify(first.value));
  if (shared) {
    const value = first.value as Record<string, unknown>;
    const action = stringAt(ctx, [...first.path, "ingressFirewall", "defaultAction"], value["defaultAction"]) === "accept" ? "accept" : "block";
    const rules = rulesOf(ctx, [...first.path, "ingressFirewall"], value, "controlplane").map(({ roles: _roles, ...rule }) => rule);
    return { ingress: action, ...(rules.length > 0 ? { rules } : {}) };
  }
  for (const node of nodes) {
    if (node.value !== undefined) notCarried(ctx, [...node.path, "ingressFirewall"], "network.firewall, for the cluster and its roles (not per node)");
  }
  const present = groups.filter((g) => isRecord(g.value));
  if (present.length === 0) return undefined;
  const actions = present.map((g) => {
    const action = stringAt(ctx, [...g.path, "defaultAction"], (g.value as Record<string, unknown>)["defaultAction"]);
    return action === "accept" ? "accept" : "block"; // talhelper's default is block
  });
  // One default action for every node: both groups must agree, and a group without a firewall accepts.
  const allBlock = present.length === 2 && actions.every((a) => a === "block");
  const ingress: FirewallSpec["ingress"] = allBlock ? "block" : actions.every((a) => a === "accept") ? "accept" : "block";
  if (!allBlock && ingress === "block") {
    for (const g of present) notCarried(ctx, g.path, "network.firewall (one default action for every node: block on one role only is not expressible)");
    return undefined;
  }
  const rules = present.flatMap((g) => rulesOf(ctx, g.path, g.value as Record<string, unknown>, g.role));
  // A rule both groups have, once for both.
  const merged: FirewallRuleSpec[] = [];
  for (const rule of rules) {
    const twin = merged.find((m) => JSON.stringify({ ...m, roles: [] }) === JSON.stringify({ ...rule, roles: [] }));
    if (twin !== undefined) delete twin.roles;
    else merged.push({ ...rule });
  }
  return { ingress, ...(merged.length > 0 ? { rules: merged } : {}) };
}
