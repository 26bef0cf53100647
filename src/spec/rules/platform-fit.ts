import type { PathSegment } from "../../diagnostics/diagnostic.js";
import { displayPath, quote } from "../display-path.js";
import type { NodeClassSpec, NodeNicSpec, NodeSpec } from "../types.js";
import { specPath } from "./paths.js";
import { platformOf, type PlatformName } from "./platform.js";
import type { Rule, RuleContext } from "./rule.js";

/** Node fields that describe a Proxmox VM; elsewhere they would be silently ignored. */
const PROXMOX_NODE_FIELDS = ["host", "vmId", "pciPassthrough"] as const satisfies ReadonlyArray<keyof NodeSpec>;

/** NIC fields that belong to one platform: a Proxmox bridge, or a metal machine's link. */
const NIC_FIELDS: Readonly<Record<"proxmox" | "metal", { refuses: Array<keyof NodeNicSpec>; why: string }>> = {
  proxmox: { refuses: ["interface", "selector", "bond"], why: "Proxmox NICs are selected by bridge" },
  metal: { refuses: ["trunks", "model"], why: "it configures a Proxmox VM" },
};

/** The fields of a node class that size a machine the tree creates. */
const SIZING_FIELDS: ReadonlyArray<keyof NodeClassSpec> = ["cpu", "memory", "osDisk", "dataDisk", "dataDiskVolume", "cpuType", "serverType", "uefi"];

/** What each platform needs from, and refuses in, a node class. */
const CLASS_FIELDS: Readonly<Record<Exclude<PlatformName, "metal">, { needs: Array<keyof NodeClassSpec>; refuses: Array<keyof NodeClassSpec>; why: string }>> = {
  proxmox: { needs: ["cpu", "memory", "osDisk"], refuses: ["serverType", "arch"], why: "Proxmox VMs are sized by cpu, memory and osDisk, and are amd64" },
  hcloud: { needs: ["serverType"], refuses: ["cpu", "memory", "osDisk", "cpuType", "uefi", "arch", "dataDiskVolume"], why: "the server type decides the machine (its size and architecture)" },
};

function doesNotApply(ctx: RuleContext, path: PathSegment[], platform: PlatformName, why?: string): void {
  ctx.report({
    code: "spec/platform-mismatch",
    message: `${displayPath(path)} does not apply to the ${platform} platform${why === undefined ? "" : `: ${why}`}`,
    path,
    at: "key",
    hint: "remove it",
  });
}

function words(fields: readonly string[]): string {
  const quoted = fields.map((f) => quote(f));
  return quoted.length <= 1 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1] ?? ""}`;
}

/** Fields that only make sense on one platform, and class fields a platform cannot do without. */
export const platformFit: Rule = (ctx) => {
  const s = ctx.spec.spec;
  const platform = platformOf(ctx.spec);

  // Adopting a cluster takes over its secrets. On Proxmox and Hetzner Cloud the running machines
  // are named by nodes[].adopt (rule adopt-machines.ts); without any, the tree would create
  // every machine anew beside the running one. Metal machines are not OpenTofu's.
  if (s.talos?.secrets === "import" && platform !== "metal" && !s.nodes.some((node) => node.adopt !== undefined)) {
    const machine = platform === "proxmox" ? "VM" : "server";
    doesNotApply(ctx, specPath("talos", "secrets"), platform, `the tree would create a new ${machine} beside every running node: name each running ${machine} with nodes[].adopt`);
  }
  // A VM is adopted by its host and vmId (adopt: true), a Hetzner server by its ids.
  s.nodes.forEach((node, i) => {
    if (node.adopt === undefined) return;
    if (platform === "metal") doesNotApply(ctx, specPath("nodes", i, "adopt"), platform, "the machines are not OpenTofu's: talos.secrets: import is all an adoption needs");
    if (platform === "proxmox" && node.adopt !== true) doesNotApply(ctx, specPath("nodes", i, "adopt"), platform, "a running VM is adopted as adopt: true, by the node's host and vmId");
    if (platform === "hcloud" && node.adopt === true) doesNotApply(ctx, specPath("nodes", i, "adopt"), platform, "a running server is adopted by its ids: adopt: { serverId, primaryIpId }");
  });
  if (platform !== "proxmox") {
    for (const [i, node] of s.nodes.entries()) {
      for (const field of PROXMOX_NODE_FIELDS) {
        if (node[field] !== undefined) doesNotApply(ctx, specPath("nodes", i, field), platform, "it configures a Proxmox VM");
      }
    }
  }
  s.nodes.forEach((node, i) => {
    // Policy routing goes with static routes, which only metal NICs take from the tree.
    if (platform !== "metal" && node.routingRules !== undefined) {
      doesNotApply(ctx, specPath("nodes", i, "routingRules"), platform, "the platform configures the machine's NICs and their routes");
    }
    if (platform === "hcloud") {
      // Hetzner servers get their private address from the network attachment, not from NICs.
      if (node.networks !== undefined) doesNotApply(ctx, specPath("nodes", i, "networks"), platform, "server NICs come from the private network");
      return;
    }
    const nic = NIC_FIELDS[platform];
    node.networks?.forEach((entry, k) => {
      for (const field of nic.refuses) {
        if (entry[field] !== undefined) doesNotApply(ctx, specPath("nodes", i, "networks", k, field), platform, nic.why);
      }
      // Proxmox's cloud-init gives a NIC one address and one gateway (qm cloud-init ipconfig).
      if (platform === "proxmox" && entry.routes !== undefined) {
        doesNotApply(ctx, specPath("nodes", i, "networks", k, "routes"), platform, "a VM's NICs are configured by cloud-init, which carries no static routes");
      }
      if (platform === "proxmox" && entry.additionalAddresses !== undefined) {
        doesNotApply(ctx, specPath("nodes", i, "networks", k, "additionalAddresses"), platform, "cloud-init gives a VM's NIC one address");
      }
      if (platform === "proxmox" && entry.ipv6 !== undefined) {
        doesNotApply(ctx, specPath("nodes", i, "networks", k, "ipv6"), platform, "a VM's NICs are configured by cloud-init");
      }
      if (platform === "proxmox" && entry.dhcpRouteMetric !== undefined) {
        doesNotApply(ctx, specPath("nodes", i, "networks", k, "dhcpRouteMetric"), platform, "a VM's NICs are configured by cloud-init");
      }
      // `bridge` is a Proxmox bridge's name there, and a bridge the machine makes on metal.
      if (platform === "proxmox" && typeof entry.bridge === "object") {
        doesNotApply(ctx, specPath("nodes", i, "networks", k, "bridge"), platform, "a VM's NIC is on a bridge of its host: give the bridge's name (bridge: vmbr1)");
      }
      if (platform === "metal" && typeof entry.bridge === "string") {
        doesNotApply(ctx, specPath("nodes", i, "networks", k, "bridge"), platform, "a bridge name configures a Proxmox VM; a bridge the machine makes is bridge: { members: [...] }");
      }
    });
  });
  if (platform === "hcloud") {
    if (s.endpoint.vip !== undefined) doesNotApply(ctx, specPath("endpoint", "vip"), platform, "a Layer 2 VIP needs a shared layer 2 network, which Hetzner Cloud does not have (see platform.hcloud.apiEndpoint)");
    if (s.cni?.cilium?.loadBalancer !== undefined) doesNotApply(ctx, specPath("cni", "cilium", "loadBalancer"), platform, "L2 announcements need a shared layer 2 network");
  } else if (s.addons?.hcloudCcm !== undefined) {
    doesNotApply(ctx, specPath("addons", "hcloudCcm"), platform, "the Hetzner Cloud controller manager only runs on hcloud");
  }

  if (platform === "metal") {
    // The machines already exist: there is nothing to size. A class still carries node
    // settings (labels, taints, install disk selector...) to the nodes that name it.
    for (const [name, cls] of Object.entries(s.nodeClasses ?? {})) {
      for (const field of SIZING_FIELDS) {
        if (cls[field] !== undefined) doesNotApply(ctx, specPath("nodeClasses", name, field), platform, "the machines already exist");
      }
    }
    return;
  }
  const rules = CLASS_FIELDS[platform];
  for (const [name, cls] of Object.entries(s.nodeClasses ?? {})) {
    const missing = rules.needs.filter((f) => cls[f] === undefined);
    if (missing.length > 0) {
      ctx.report({
        code: "spec/missing-class-field",
        message: `nodeClasses.${name} needs ${words(missing)} on ${platform}`,
        path: specPath("nodeClasses", name),
        at: "key",
      });
    }
    for (const field of rules.refuses) {
      if (cls[field] !== undefined) doesNotApply(ctx, specPath("nodeClasses", name, field), platform, rules.why);
    }
    // A class image is a snapshot of its own, found by label (hcloud-servers.ts
    // CLASS_IMAGE_LABEL); an image id names the one snapshot every server boots.
    if (platform === "hcloud" && cls.schematic !== undefined && s.platform.hcloud?.image?.id !== undefined) {
      doesNotApply(ctx, specPath("nodeClasses", name, "schematic"), platform, "platform.hcloud.image.id names the one snapshot every server boots; find the snapshots by label (image.selector) for a class image of its own");
    }
  }
};
