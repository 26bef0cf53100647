/**
 * Every diagnostic code with a one-line description (the README lists them from here).
 * Codes are `<stage>/<kebab-slug>`, stable forever: retire one and add another, never rename.
 */
export const DIAGNOSTIC_CODES = {
  // Reading the YAML (src/spec/parse.ts)
  "yaml/syntax": "the file is not well-formed YAML",
  "yaml/duplicate-key": "a map has the same key twice; YAML requires unique keys",
  "yaml/tab-indent": "a tab is used for indentation; YAML only allows spaces",
  "yaml/multiple-documents": "the file holds more than one YAML document; a spec is exactly one",
  "yaml/unknown-alias": "an alias (*name) refers to an anchor (&name) that is not defined before it",
  "yaml/alias-limit": "aliases expand to too much data (a guard against alias bombs)",
  "yaml/bad-merge": "a merge key (<<) is given something other than a map, an alias of a map, or a list of those",
  "yaml/recursive-alias": "an alias is inside the value it refers to, which would make the data infinitely deep",
  "yaml/complex-key": "a map key is itself a map or a list",
  "yaml/leading-zero": "an unquoted number has a leading zero (0777): YAML 1.2 reads it as decimal, YAML 1.1 readers (Go, Kubernetes) as octal; quote it",
  "yaml/imprecise-integer": "an unquoted integer is too large to be read exactly (past 2^53) and would reach the tree rounded; quote it",
  "yaml/warning": "the YAML parser warns about something it tolerated (e.g. an unknown tag)",
  // Guards against hostile input (src/spec/text-guards.ts, and the CLI's UTF-8 check)
  "yaml/too-large": "the file is larger than a spec may be (1 MiB), a guard against memory exhaustion",
  "yaml/too-deep": "maps and lists nest more than 64 levels deep, a guard against stack exhaustion",
  "yaml/invalid-character": "the file holds a character YAML does not allow (a control character, NUL), or a string escapes half of a surrogate pair",
  "yaml/invalid-encoding": "the file is not UTF-8 text",
  "spec/empty": "the spec file holds no document",
  "spec/not-a-map": "the document is not a map with apiVersion, kind, metadata and spec",

  // Checking the shape against schemas/talos-hclgen.schema.json (src/spec/schema-check.ts)
  "schema/unknown-field": "a field the spec format does not define (often a typo)",
  "schema/required": "a required field is missing",
  "schema/type": "a value has the wrong type (string, number, list, map...)",
  "schema/enum": "a value is not one of the allowed choices",
  "schema/const": "a value must be exactly one fixed string (apiVersion, kind)",
  "schema/pattern": "a string is not in the expected format (name, address, version, URL...)",
  "schema/range": "a number is outside its allowed range",
  "schema/length": "a list or map has too few or too many entries",
  "schema/unique": "a list repeats an item that must be unique",
  "schema/exclusive": "a map sets more than one of alternatives that exclude each other, or none",
  "schema/one-of": "a value matches none of the allowed shapes",
  "schema/invalid": "a value breaks a schema rule not covered by a more specific code",

  // Cross-field rules (src/spec/rules/), run once the shape is right
  "spec/secret-in-spec": "a credential is written in the spec; secrets come from the environment or sensitive variables",
  "spec/duplicate-node-name": "two nodes have the same name",
  "spec/duplicate-address": "two nodes (or NICs) have the same IP address",
  "spec/duplicate-vm-id": "two nodes have the same Proxmox VM id",
  "spec/name-collision": "two host names (Proxmox hosts, registry mirrors) differ only in letter case, so they name the same host",
  "spec/invalid-ip": "an address has the right shape but is not a valid IP address",
  "spec/ambiguous-address": "a node sets both address and networks[0].address, and they differ",
  "spec/missing-address": "a node that is configured by IP has no static address",
  "spec/address-outside-network": "a node address is outside network.cidr",
  "spec/prefix-mismatch": "a node address has a different prefix length than network.cidr",
  "spec/reserved-address": "an address is the network, broadcast or gateway address of its subnet",
  "spec/pci-needs-mapping": "a Proxmox PCI passthrough names a raw PCI address, which Proxmox only attaches for root@pam with a password; the tree uses an API token, so name a resource mapping",
  "spec/dhcp-control-plane": "a control plane takes its address from DHCP while the API endpoint is a VIP",
  "spec/gateway-outside-network": "network.gateway is outside network.cidr",
  "spec/vip-outside-network": "the Layer 2 VIP is outside network.cidr",
  "spec/vip-is-node-address": "the VIP is also a node's address",
  "spec/no-control-plane": "no node has role controlplane",
  "spec/even-control-planes": "an even number of control planes adds no etcd fault tolerance",
  "spec/unknown-host": "a node's host is not in platform.proxmox.hosts",
  "spec/unknown-class": "a node's class is not defined in nodeClasses",
  "spec/missing-class-field": "a node class lacks a field its platform needs (cpu/memory/osDisk or serverType)",
  "spec/cidr-host-bits": "a CIDR block has host bits set",
  "spec/subnet-overlap": "pod, service and node networks overlap",
  "spec/network-outside-range": "network.cidr is not inside platform.hcloud.networkRange",
  "spec/unsupported-kubernetes": "the Kubernetes version is outside the range the Talos version supports",
  "spec/unknown-talos-version": "the Talos minor is not in the support table; compatibility is not checked",
  "spec/contract-too-new": "talos.contract is newer than talos.version",
  "spec/platform-mismatch": "a field does not apply to the selected platform",
  "spec/gitops-conflict": "gitops.flux and gitops.argocd are both set",
  "spec/flux-auth-mismatch": "gitops.flux.auth does not fit the repository URL (deploy key: ssh://, token: https://) or the forge",
  "spec/lb-pool-outside-network": "a Cilium load-balancer pool is outside network.cidr",
  "spec/lb-pool-overlap": "a Cilium load-balancer pool overlaps node addresses, the VIP, the gateway or another pool",
  "spec/lb-pool-reversed": "a Cilium load-balancer pool's start is after its stop",
  "spec/cilium-value-conflict": "a value in cni.cilium.values contradicts what Cilium needs on Talos (ipam, kube-proxy replacement, KubePrism, cgroup, capabilities, L2 announcements)",
  "spec/ignored-gateway": "a gateway is set on an interface that takes its address from DHCP, where it has no effect",
  "spec/invalid-url": "a URL field does not hold a usable URL",
  "spec/dhcp-without-guest-agent": "a Proxmox node takes its address from DHCP, but the image has no QEMU guest agent to report it",
  "spec/missing-class": "an hcloud node has no class, so no server type",
  "spec/unsupported-server-type": "an hcloud server type the generated tree cannot boot (Arm: cax*)",
  "spec/placement-group-limit": "more servers of one role than a Hetzner spread placement group holds (10)",
  "spec/missing-link": "a metal NIC names no link (mac or interface) for Talos to configure",
  "spec/pods-outside-range": "with the hcloud cloud controller manager, a pod subnet is outside platform.hcloud.networkRange and cannot be routed",
  // The command line (src/cli/)
  "cli/no-match": "a spec path or glob matches no file",
  "cli/unreadable-spec": "a spec file cannot be read",
  "cli/out-dir-placeholder": "several specs build into one -o folder without a {name} or {stem} placeholder",
  "cli/shared-out-dir": "two specs would build into the same folder and prune each other's files",
  "cli/replaces-control-plane": "the rebuilt tree replaces a control plane's machine (a new host or VM id); build refuses it without --allow-replace",

  // Writing the tree (src/output/): nothing is written when any of these is reported
  "output/not-generated": "a file in the way was not generated by talos-hclgen (use --force to replace it)",
  "output/hand-edited": "a generated file was edited by hand since the last build (use --force to replace it)",
  "output/hand-edited-stale": "a generated file that is no longer generated was edited by hand (use --force to delete it)",
  "output/unreadable-manifest": "the ownership manifest .talos-hclgen.json cannot be read or trusted",
  "output/not-a-file": "a folder or link stands where a generated file goes",
  "output/unreadable": "a file of the tree cannot be read",
  "output/out-dir-not-a-folder": "the output path exists and is not a folder",
  "output/write-failed": "writing the tree failed; the previous tree is left as it was",

  // Validating a tree with tofu/terraform (src/validate/)
  "validate/tofu": "tofu/terraform validate reports a problem in the generated tree",
  "validate/init": "tofu/terraform init failed",
  "validate/binary-not-found": "neither tofu nor terraform is on PATH (or the --binary given does not run)",
  "validate/no-tree": "the folder to validate holds no .tf file",
  "validate/provider-schemas": "the --provider-schemas path cannot be read as `tofu providers schema -json` output",
  "validate/missing-provider-schema": "the tree needs a provider the offline schemas do not describe",
  "validate/schema-version": "a provider schema's version does not satisfy the tree's version constraint",
  "validate/version-conflict": "the tree's version constraints for one provider cannot all be satisfied",
  "validate/stub-missing": "the offline stub provider is not built (run npm run build)",
  "validate/dependency-missing": "a package the validate command needs is not installed",
  "validate/unsupported-platform": "offline validate does not support this operating system or architecture",
} as const satisfies Record<string, string>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.hasOwn(DIAGNOSTIC_CODES, code);
}
