import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { cidrContains, parseCidr, rangesOverlap, type Cidr } from "../../base/net/cidr.js";
import { formatIp, parseIp, type IpAddress } from "../../base/net/ip.js";
import { displayPath } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule, RuleContext } from "./rule.js";

interface Pool {
  path: PathSegment[];
  first: IpAddress;
  last: IpAddress;
}

const POOLS = ["cni", "cilium", "loadBalancer", "pools"] as const;

/**
 * Parse one pool, reporting ends in the wrong order, and outside the node network when the pool
 * must be on it (`network`; undefined when BGP routes the pool wherever it is).
 */
function readPool(ctx: RuleContext, network: Cidr | undefined, raw: { start: string; stop: string } | { cidr: string }, i: number): Pool | undefined {
  const path = specPath(...POOLS, i);
  const outside = (field: string, text: string): void =>
    ctx.report({
      code: "spec/lb-pool-outside-network",
      message: `${displayPath([...path, field])} ${text} is outside network.cidr ${ctx.spec.spec.network.cidr}`,
      path: [...path, field],
      hint: "L2 announcements answer ARP/NDP on the node network, so pool addresses must be on it",
    });
  if ("cidr" in raw) {
    const block = parseCidr(raw.cidr);
    if (block === undefined) return undefined;
    if (
      network !== undefined &&
      !(cidrContains(network, { family: block.family, value: block.first }) && cidrContains(network, { family: block.family, value: block.last }))
    ) {
      outside("cidr", raw.cidr);
      return undefined;
    }
    return { path, first: { family: block.family, value: block.first }, last: { family: block.family, value: block.last } };
  }
  const start = parseIp(raw.start);
  const stop = parseIp(raw.stop);
  if (start === undefined || stop === undefined) return undefined;
  const startInside = network === undefined || cidrContains(network, start);
  const stopInside = network === undefined || cidrContains(network, stop);
  if (!startInside) outside("start", raw.start);
  if (!stopInside) outside("stop", raw.stop);
  if (!startInside || !stopInside) return undefined;
  if (start.value > stop.value) {
    ctx.report({
      code: "spec/lb-pool-reversed",
      message: `${displayPath([...path, "start"])} ${raw.start} comes after stop ${raw.stop}`,
      path: [...path, "start"],
      hint: "swap start and stop",
    });
    return undefined;
  }
  return { path, first: start, last: stop };
}

/**
 * Cilium LoadBalancer IP pools: clear of every address something else already answers for, and
 * on the node network unless BGP announces them (L2 announcements answer ARP/NDP there; a
 * router learns a BGP route to an address anywhere).
 */
export const lbPools: Rule = (ctx) => {
  const lb = ctx.spec.spec.cni?.cilium?.loadBalancer;
  const raw = lb?.pools ?? [];
  const nodeNetwork = parseCidr(ctx.spec.spec.network.cidr);
  if (raw.length === 0 || nodeNetwork === undefined) return;
  const network = lb?.bgp !== undefined && lb.l2 === undefined ? undefined : nodeNetwork;

  const taken: Array<{ path: PathSegment[]; ip: IpAddress }> = ctx.facts.nodeAddresses.map((a) => ({ path: a.path, ip: a.cidr.address }));
  for (const [text, path] of [
    [ctx.spec.spec.endpoint.vip, specPath("endpoint", "vip")],
    [ctx.spec.spec.network.gateway, specPath("network", "gateway")],
  ] as const) {
    const ip = text === undefined ? undefined : parseIp(text);
    if (ip !== undefined) taken.push({ path, ip });
  }

  const pools: Pool[] = [];
  for (const [i, entry] of raw.entries()) {
    const pool = readPool(ctx, network, entry, i);
    if (pool === undefined) continue;
    const inPool = (ip: IpAddress): boolean => ip.family === pool.first.family && ip.value >= pool.first.value && ip.value <= pool.last.value;
    const clash = taken.find((t) => inPool(t.ip));
    if (clash !== undefined) {
      ctx.report({
        code: "spec/lb-pool-overlap",
        message: `${displayPath(pool.path)} contains ${ctx.ref(clash.path, formatIp(clash.ip))}`,
        path: pool.path,
        hint: "keep load-balancer pools clear of node addresses, the VIP and the gateway",
      });
    }
    const other = pools.find((p) => p.first.family === pool.first.family && rangesOverlap(p.first.value, p.last.value, pool.first.value, pool.last.value));
    if (other !== undefined) {
      ctx.report({ code: "spec/lb-pool-overlap", message: `${displayPath(pool.path)} overlaps ${ctx.ref(other.path)}`, path: pool.path });
    }
    pools.push(pool);
  }
};
