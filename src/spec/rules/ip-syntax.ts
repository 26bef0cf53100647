import { parseIp } from "../../base/net/ip.js";
import { displayPath, quote } from "../display-path.js";
import type { Rule } from "./rule.js";

/**
 * The schema's IPv6 pattern is deliberately loose (an exact IPv6 regex is unreadable); this rule
 * parses every address field for real, so "2001:db8::1::2" is caught with a plain message.
 */
export const ipSyntax: Rule = (ctx) => {
  for (const field of ctx.facts.ipFields) {
    // A host field may be a DNS name; only an IPv6-looking one (with ":") needs parsing.
    if (field.kind === "host" && !field.text.includes(":")) continue;
    const ok = field.kind === "cidr" || field.kind === "interface" ? ctx.facts.cidr(field.text) !== undefined : parseIp(field.text) !== undefined;
    if (ok) continue;
    const family = field.text.includes(":") ? "IPv6" : "IPv4";
    const what = field.kind === "cidr" ? `${family} block` : field.kind === "interface" ? `${family} address with prefix length` : `${family} address`;
    ctx.report({ code: "spec/invalid-ip", message: `${displayPath(field.path)} ${quote(field.text)} is not a valid ${what}`, path: field.path });
  }
};
