/**
 * The offline provider mirror: for each provider in the schemas, under both public registry
 * hosts, the unpacked layout `<root>/<host>/<ns>/<name>/<version>/<os>_<arch>/terraform-provider-<name>_v<version>`
 * (https://developer.hashicorp.com/terraform/cli/config/config-file#filesystem_mirror).
 * Each executable is a two-line shell wrapper that starts the stub provider with that
 * provider's schema; Terraform or OpenTofu can use it either through `init -plugin-dir` or a
 * CLI config `filesystem_mirror` (docs offline-validate.md).
 */
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { StubSchemaFile } from "./provider-schema-json.js";
import { formatAddress } from "./provider-address.js";
import type { MirrorEntry } from "./mirror-plan.js";

export type InstallMode = "cli-config" | "plugin-dir";

const GOOS: Partial<Record<NodeJS.Platform, string>> = {
  linux: "linux",
  darwin: "darwin",
  freebsd: "freebsd",
  openbsd: "openbsd",
};
const GOARCH: Partial<Record<string, string>> = { x64: "amd64", arm64: "arm64", ia32: "386", arm: "arm" };

/** Terraform's platform name (`linux_amd64`), or undefined where a shell wrapper cannot run. */
export function goPlatform(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string | undefined {
  const os = GOOS[platform];
  const cpu = GOARCH[arch];
  return os === undefined || cpu === undefined ? undefined : `${os}_${cpu}`;
}

const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

export interface MirrorLayout {
  /** The mirror root, what `-plugin-dir` or `filesystem_mirror.path` names. */
  root: string;
  /** Where the per-provider schema files go. */
  schemaDir: string;
  platform: string;
  nodePath: string;
  stubScript: string;
}

/**
 * The stub needs none of the user's Node settings, and NODE_EXTRA_CA_CERTS alone costs about
 * 150 ms per start (Node parses the bundle eagerly), paid twice per provider per validate.
 * `exec` keeps the stub a direct child of Terraform, as go-plugin expects.
 */
function wrapperScript(layout: MirrorLayout, schemaFile: string): string {
  const command = [layout.nodePath, layout.stubScript, schemaFile].map(shellQuote).join(" ");
  return `#!/bin/sh\nunset NODE_OPTIONS NODE_EXTRA_CA_CERTS\nexec ${command}\n`;
}

/** Writes the schema files and wrappers; returns the executables written, one per host. */
export async function writeMirror(layout: MirrorLayout, entries: readonly MirrorEntry[]): Promise<string[]> {
  await mkdir(layout.schemaDir, { recursive: true });
  const written: string[] = [];
  for (const { provider, hosts, version } of entries) {
    const { namespace, name } = provider.address;
    const schemaFile = join(layout.schemaDir, `${provider.address.host}__${namespace}__${name}.json`);
    const content: StubSchemaFile = { address: formatAddress(provider.address), schema: provider.schema };
    await writeFile(schemaFile, JSON.stringify(content));
    const wrapper = wrapperScript(layout, schemaFile);
    for (const host of hosts) {
      const dir = join(layout.root, host, namespace, name, version, layout.platform);
      await mkdir(dir, { recursive: true });
      const executable = join(dir, `terraform-provider-${name}_v${version}`);
      await writeFile(executable, wrapper);
      await chmod(executable, 0o755);
      written.push(executable);
    }
  }
  return written;
}

/**
 * The CLI configuration for an offline run. It always replaces the user's, so their
 * `plugin_cache_dir` or network mirrors never see the stubs. In "cli-config" mode it holds
 * the mirror and no `direct {}`, so nothing is fetched.
 */
export function cliConfig(mode: InstallMode, mirrorRoot: string): string {
  const lines = ["disable_checkpoint = true"];
  if (mode === "cli-config") {
    // CLI config files are HCL 1: a JSON string literal is a valid HCL string.
    lines.push("provider_installation {", "  filesystem_mirror {", `    path = ${JSON.stringify(mirrorRoot)}`, "  }", "}");
  }
  return `${lines.join("\n")}\n`;
}

export function initArgs(mode: InstallMode, mirrorRoot: string): string[] {
  return mode === "plugin-dir" ? [`-plugin-dir=${mirrorRoot}`] : [];
}
