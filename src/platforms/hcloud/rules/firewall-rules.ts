import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * platform.hcloud.firewallRules: the Hetzner Cloud API takes a port for tcp and udp rules only,
 * and needs one there (hcloud-go firewall.go FirewallRule.Port, a pointer: absent for icmp, esp
 * and gre; Hetzner Cloud API docs, "Firewalls": port "is only applicable and required for tcp
 * and udp"); a port is 1-65535, a range runs upwards.
 */
export const hcloudFirewallRules: Rule = (ctx) => {
  (ctx.spec.spec.platform.hcloud?.firewallRules ?? []).forEach((rule, i) => {
    const path = specPath("platform", "hcloud", "firewallRules", i);
    const ported = rule.protocol === "tcp" || rule.protocol === "udp";
    if (ported && rule.port === undefined) {
      ctx.report({
        code: "spec/hcloud-firewall-rule",
        message: `a ${rule.protocol} rule needs a port`,
        path,
        hint: 'add port: "443", a range such as "30000-32767", or "any"',
      });
    }
    if (!ported && rule.port !== undefined) {
      ctx.report({
        code: "spec/hcloud-firewall-rule",
        message: `${/^[aeiou]/.test(rule.protocol) ? "an" : "a"} ${rule.protocol} rule takes no port`,
        path: [...path, "port"],
        at: "key",
        hint: "remove port",
      });
    }
    if (rule.port === undefined || rule.port === "any") return;
    const [first = 0, last = first] = rule.port.split("-").map(Number);
    if (first > 65535 || last > 65535 || first > last) {
      ctx.report({
        code: "spec/hcloud-firewall-rule",
        message: first > last ? `port range ${rule.port} runs downwards` : `port ${rule.port} is beyond 65535`,
        path: [...path, "port"],
        hint: "ports run from 1 to 65535; a range is first-last, lower first",
      });
    }
  });
};
