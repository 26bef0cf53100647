import { specPath } from "../../../spec/rules/paths.js";
import type { Rule } from "../../../spec/rules/rule.js";

/**
 * Kernel names of a metal machine's links. The metal platform keeps the predictable names
 * (enp1s0, eno1, end0): only the cloud platforms' images add `net.ifnames=0` (talos v1.13.9
 * platform/nocloud/nocloud.go and platform/hcloud/hcloud.go KernelArgs; metal.go adds none;
 * predictable names are Talos's default since v1.5). An `eth0` in the Cilium L2 announcement's
 * interfaces then matches no link on such a machine, and no service IP is ever announced: a
 * warning (a kernel falls back to ethN for a NIC it cannot name), with the two fixes.
 */
const KERNEL_ARG = "net.ifnames=0";

export const metalInterfaceNames: Rule = (ctx) => {
  const s = ctx.spec.spec;
  if (s.platform.metal === undefined) return;
  const interfaces = s.cni?.cilium?.loadBalancer?.l2?.interfaces ?? [];
  const classic = interfaces.map((name, index) => ({ name, index })).filter(({ name }) => /^\^?eth/.test(name));
  if (classic.length === 0) return;
  const clusterArgs = s.talos?.schematic?.extraKernelArgs ?? [];
  // A class with a schematic of its own boots its own kernel arguments.
  const classes = Object.entries(s.nodeClasses ?? {}).filter(([, c]) => c.schematic !== undefined);
  const without = [
    ...(clusterArgs.includes(KERNEL_ARG) ? [] : ["the cluster's image"]),
    ...classes.filter(([, c]) => !(c.schematic?.extraKernelArgs ?? []).includes(KERNEL_ARG)).map(([name]) => `class ${name}'s image`),
  ];
  if (without.length === 0) return;
  for (const { name, index } of classic) {
    ctx.report({
      code: "spec/interface-name",
      severity: "warning",
      message: `cni.cilium.loadBalancer.l2.interfaces names ${JSON.stringify(name)}, but metal machines name their links predictably (enp1s0, eno1) unless the kernel has ${KERNEL_ARG}, which ${without.join(" and ")} lack${without.length === 1 ? "s" : ""}: no link would announce the service IPs`,
      path: specPath("cni", "cilium", "loadBalancer", "l2", "interfaces", index),
      hint: `name the links as the machines see them (talosctl get links), or add ${KERNEL_ARG} to talos.schematic.extraKernelArgs`,
    });
  }
};
