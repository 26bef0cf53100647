import { isChar, trimEndWhile, trimStartWhile } from "../base/trim-runs.js";

/**
 * Variable names OpenTofu refuses because a module block gives them a meaning: its
 * moduleBlockSchema's attributes and blocks (opentofu v1.11 internal/configs/module_call.go,
 * checked in named_values.go decodeVariableBlock). The schema's secretVariableName refuses them.
 */
const RESERVED_VARIABLE_NAMES = new Set(["source", "version", "count", "for_each", "depends_on", "providers", "provider", "lifecycle", "locals"]);

/**
 * Every `pattern` in the schema lives in a named definition; this table says in words what each
 * one expects, and how to fix the common mistakes. schema-check reads the definition name from
 * ajv's schemaPath ("#/definitions/dnsLabel/pattern"); a test keeps this table and the schema in
 * step.
 */
export interface PatternExpectation {
  /** Completes "nodes[0].name must be ..." */
  expect: string;
  /** A fix for what the user wrote, when one can be guessed. */
  hint?: (value: string) => string | undefined;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const SEMVER = /^(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)(?:-[0-9A-Za-z.-]+)?$/;
const MINOR = /^v?(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)$/;

function suggest(value: string): string {
  return `did you mean ${JSON.stringify(value)}?`;
}

/** "CP_1" -> "cp-1": the DNS label a user most likely meant. */
const isDash = isChar("-");

function asLabel(value: string): string | undefined {
  const dashed = value.toLowerCase().replace(/[^a-z0-9-]+/g, "-");
  // Trimmed by hand: /^-+|-+$/g is quadratic on a long run of "-" inside the value (trim-runs.ts).
  const label = trimEndWhile(trimStartWhile(trimEndWhile(dashed, isDash), isDash).slice(0, 63), isDash);
  return label !== value && LABEL.test(label) ? suggest(label) : undefined;
}

/** Talos and Kubernetes releases are tagged with a leading v and three numbers. */
function vVersion(value: string): string | undefined {
  if (SEMVER.test(value)) return suggest(`v${value}`);
  if (MINOR.test(value)) return `give the full release, e.g. ${JSON.stringify(`${value.startsWith("v") ? "" : "v"}${value}.0`)}`;
  if (/^V/.test(value) && SEMVER.test(value.slice(1))) return suggest(`v${value.slice(1)}`);
  return undefined;
}

function withoutScheme(value: string): string | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/]+)(\/.*)?$/i.exec(value);
  return match ? suggest(`${match[1] ?? ""}${(match[2] ?? "").replace(/\/$/, "")}`) : undefined;
}

function addPrefixLength(value: string): string | undefined {
  return value.includes("/") ? undefined : `add the prefix length, e.g. ${JSON.stringify(`${value}/${value.includes(":") ? 64 : 24}`)}`;
}

const TAINT_EFFECTS = ["NoSchedule", "PreferNoSchedule", "NoExecute"];

/** "gpu" -> add an effect; "gpu:noschedule" -> the effect's spelling. */
function taintHint(value: string): string | undefined {
  const colon = value.lastIndexOf(":");
  if (colon < 0) return `add the effect, e.g. ${JSON.stringify(`${value}:NoSchedule`)}`;
  const effect = TAINT_EFFECTS.find((e) => e.toLowerCase() === value.slice(colon + 1).toLowerCase());
  return effect === undefined ? undefined : suggest(`${value.slice(0, colon)}:${effect}`);
}

export const PATTERN_EXPECTATIONS: Readonly<Record<string, PatternExpectation>> = {
  dnsLabel: { expect: 'a DNS label (lower-case letters, digits and "-", at most 63 characters)', hint: asLabel },
  dnsName: { expect: 'a DNS name such as "k8s.example.com"', hint: withoutScheme },
  k8sName: { expect: 'a Kubernetes object name (lower-case letters, digits, "-" and ".")', hint: asLabel },
  ipAddress: {
    expect: 'an IPv4 or IPv6 address such as "192.168.62.20"',
    hint: (v) => (v.includes("/") ? `write the address without the prefix length: ${JSON.stringify(v.slice(0, v.indexOf("/")))}` : undefined),
  },
  hostOrAddress: { expect: "a DNS name or an IP address", hint: withoutScheme },
  cidr: { expect: 'a CIDR block such as "10.244.0.0/16"', hint: addPrefixLength },
  interfaceAddress: { expect: 'an address with its prefix length, such as "192.168.62.21/24"', hint: addPrefixLength },
  nicAddress: {
    expect: '"dhcp" or an address with its prefix length, such as "192.168.62.31/24"',
    hint: (v) => (v.toLowerCase() === "dhcp" ? suggest("dhcp") : addPrefixLength(v)),
  },
  talosVersion: { expect: 'a Talos version such as "v1.13.9"', hint: vVersion },
  kubernetesVersion: { expect: 'a Kubernetes version such as "v1.36.3"', hint: vVersion },
  talosContract: {
    expect: 'a Talos minor version such as "v1.13"',
    hint: (v) => {
      const match = /^v?((?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*))(?:\.[0-9]+)?$/.exec(v);
      return match ? suggest(`v${match[1] ?? ""}`) : undefined;
    },
  },
  ciliumVersion: {
    expect: 'a Cilium chart version such as "1.20.0"',
    hint: (v) => (/^[vV]/.test(v) && SEMVER.test(v.slice(1)) ? `Cilium chart versions have no leading "v": ${suggest(v.slice(1))}` : undefined),
  },
  chartVersion: { expect: 'a chart version such as "1.2.3" or "v1.2.3"' },
  chartRepository: {
    expect: "an https:// chart repository or an oci:// registry path",
    hint: (v) => (/^[a-z0-9.-]+(?::[0-9]+)?(?:\/\S*)?$/i.test(v) ? suggest(`https://${v}`) : undefined),
  },
  hcloudPort: { expect: 'a port ("443"), a range ("30000-32767") or "any"' },
  chartName: { expect: 'a chart name such as "traefik-crds"' },
  versionConstraint: { expect: 'a version constraint such as "~> 0.11.0" or ">= 1.0, < 2.0"' },
  httpUrl: {
    expect: "an http:// or https:// URL",
    hint: (v) => (/^[a-z0-9.-]+(?::[0-9]+)?(?:\/\S*)?$/i.test(v) ? suggest(`https://${v}`) : undefined),
  },
  gitUrl: {
    expect: "an https:// or ssh:// Git URL",
    hint: (v) => {
      // scp-like syntax (git@github.com:org/repo.git) is what `git clone` shows, but Flux wants a URL.
      const scp = /^([A-Za-z0-9._-]+)@([^\s:/]+):(?!\/)(\S+)$/.exec(v);
      return scp ? suggest(`ssh://${scp[1] ?? ""}@${scp[2] ?? ""}/${scp[3] ?? ""}`) : undefined;
    },
  },
  gitRef: { expect: "a Git branch, tag or revision" },
  relativePath: {
    expect: "a path relative to the repository root, without spaces",
    hint: (v) => (v.startsWith("/") && v.length > 1 ? suggest(v.replace(/^\/+/, "")) : undefined),
  },
  duration: {
    expect: 'a duration such as "1m" or "10m0s"',
    hint: (v) => (/^[0-9]+$/.test(v) ? `add a unit, e.g. ${JSON.stringify(`${v}s`)} or ${JSON.stringify(`${v}m`)}` : undefined),
  },
  labelKey: { expect: 'a Kubernetes label key such as "topology.kubernetes.io/zone"' },
  labelValue: { expect: 'a Kubernetes label value (at most 63 letters, digits, "-", "_" or ".", alphanumeric at both ends)' },
  registryHost: { expect: 'a registry host such as "docker.io", or "*"', hint: withoutScheme },
  imageRepository: { expect: 'an image repository such as "harbor.example.com/talos" (no scheme, no tag)', hint: withoutScheme },
  extensionName: {
    expect: 'an extension name such as "siderolabs/qemu-guest-agent"',
    hint: (v) => (/^[a-z0-9][a-z0-9._-]*$/.test(v) ? suggest(`siderolabs/${v}`) : undefined),
  },
  driverName: { expect: 'a kernel driver name such as "igc" (lower-case letters, digits, "_" and "-")' },
  busPath: { expect: 'a bus path as Talos reports it, such as "0000:01:00.0"' },
  macPattern: { expect: 'a MAC address or a glob of one, such as "00:50:56:*"' },
  overlayName: { expect: 'a board overlay name such as "rpi_generic" (lower-case letters, digits, "_", "-" and ".")' },
  overlayImage: {
    expect: 'an image such as "siderolabs/sbc-raspberrypi", without a tag',
    hint: (v) => (/[:@]/.test(v) ? suggest(v.replace(/[:@].*$/, "")) : undefined),
  },
  kernelArg: { expect: "one kernel argument without spaces", hint: (v) => (/\s/.test(v.trim()) ? "write one list item per argument" : undefined) },
  diskPath: { expect: 'a device path such as "/dev/sda"', hint: (v) => (/^[a-z][a-z0-9]*$/.test(v) ? suggest(`/dev/${v}`) : undefined) },
  proxmoxNodeName: { expect: 'a Proxmox node name (letters, digits and "-")' },
  proxmoxStorageId: { expect: 'a Proxmox storage id such as "local-lvm"' },
  bridgeName: { expect: 'a bridge name such as "vmbr0" (at most 15 characters)' },
  linkName: { expect: 'a link name such as "enp1s0" (at most 15 characters)' },
  logicalLinkName: {
    expect: 'a link name such as "bond0" or "br0" (lower case, at most 15 characters)',
    hint: (v) => (/^[A-Za-z][A-Za-z0-9_.-]{0,14}$/.test(v) ? suggest(v.toLowerCase()) : undefined),
  },
  wireguardKey: { expect: 'a WireGuard public key (44 characters of base64 ending in "=", as wg pubkey prints it)' },
  portRangeText: { expect: 'a port range such as "30000-32767"' },
  hostPort: { expect: 'an IP address and port such as "203.0.113.7:51820"' },
  macAddress: {
    expect: 'a MAC address such as "52:54:00:12:34:56"',
    hint: (v) => (/^[0-9A-Fa-f]{2}(?:-[0-9A-Fa-f]{2}){5}$/.test(v) ? suggest(v.replace(/-/g, ":")) : undefined),
  },
  imageReference: { expect: 'an image reference such as "ghcr.io/example/tf-runner:v0.16.0"', hint: withoutScheme },
  interfaceName: { expect: 'an interface name such as "eth0" (at most 15 characters)' },
  className: { expect: 'a class name (a letter, then letters, digits, "_" or "-")' },
  pciDevice: { expect: 'a PCI mapping name such as "iGPU" or a PCI address such as "0000:01:00.0"' },
  cpuType: { expect: 'a CPU type such as "host" or "x86-64-v2-AES"' },
  unixUser: { expect: 'a Unix user name such as "root"' },
  s3Bucket: { expect: 'an S3 bucket name (3 to 63 lower-case letters, digits, "." and "-")', hint: asLabel },
  s3Region: { expect: 'a region name such as "eu-west-1"' },
  nonBlank: { expect: "a non-empty value without leading or trailing spaces" },
  hcloudLocation: { expect: 'a Hetzner Cloud location such as "fsn1"', hint: (v) => (v !== v.toLowerCase() ? suggest(v.toLowerCase()) : undefined) },
  hcloudNetworkZone: { expect: 'a Hetzner Cloud network zone such as "eu-central"' },
  hcloudServerType: { expect: 'a Hetzner Cloud server type such as "cx33"', hint: (v) => (v !== v.toLowerCase() ? suggest(v.toLowerCase()) : undefined) },
  hcloudLoadBalancerType: { expect: 'a Hetzner Cloud load balancer type such as "lb11"' },
  githubOwner: { expect: "a GitHub user or organisation name" },
  repositoryName: { expect: 'a repository name (letters, digits, ".", "_" and "-")' },
  labelSelector: { expect: 'a label selector such as "os=talos"' },
  taintValue: { expect: 'a taint "value:Effect" such as "present:NoSchedule" (Effect: NoSchedule, PreferNoSchedule or NoExecute)', hint: taintHint },
  diskSize: { expect: 'a disk size such as "500GB" or ">= 1TB"' },
  byteSize: { expect: 'a size such as "100GB" or "1.5TiB"' },
  volumeMaxSize: { expect: 'a size such as "200GB", or a share of the disk such as "50%"' },
  volumeName: { expect: "a volume name of 1 to 34 letters, digits and hyphens" },
  envName: { expect: 'an environment variable name such as "TS_AUTHKEY"' },
  secretVariableName: {
    expect: 'a variable name of lower-case letters, digits and underscores such as "tailscale_authkey", not one OpenTofu reserves',
    hint: (v) =>
      RESERVED_VARIABLE_NAMES.has(v)
        ? `OpenTofu reserves "${v}" for module blocks (tofu validate: "Invalid variable name"): name it after what it holds, e.g. "${v}_token"`
        : /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(v)
          ? suggest(v.toLowerCase())
          : undefined,
  },
  fileMode: { expect: 'permissions in octal, quoted, such as "0644"' },
  manifestText: { expect: "Kubernetes objects as YAML text, not blank" },
  absolutePath: { expect: 'an absolute path such as "/usr/local/etc/nut/upsmon.conf"' },
  sysctlName: {
    expect: 'a kernel parameter name such as "vm.max_map_count"',
    // sysctl(8): a name is its path under /proc/sys with "/" written as ".".
    hint: (v) => (v.startsWith("/proc/sys/") && v.length > 10 ? suggest(v.slice(10).split("/").join(".")) : undefined),
  },
  kernelModuleName: {
    expect: 'a kernel module name such as "nvidia_uvm"',
    hint: (v) => (/^[A-Za-z0-9_-]+\.ko$/.test(v) ? suggest(v.slice(0, -3)) : undefined),
  },
  flagName: {
    expect: 'a flag name without the leading "--", such as "max-pods"',
    hint: (v) => {
      const dashless = trimStartWhile(v, isDash);
      const name = dashless.includes("=") ? dashless.slice(0, dashless.indexOf("=")) : dashless;
      return name !== v && /^[a-z0-9][a-z0-9-]*$/.test(name) ? suggest(name) : undefined;
    },
  },
};

/** "#/definitions/dnsLabel/pattern" -> "dnsLabel" */
export function definitionName(schemaPath: string): string | undefined {
  return /^#\/definitions\/([^/]+)\//.exec(schemaPath)?.[1];
}
