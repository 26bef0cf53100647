/**
 * `talos-hclgen init [path]`: write a commented starter spec that builds as is, with a
 * modeline so the editor completes and checks every field against the JSON Schema.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { flag, parseCommandArgs, stringOption, usageError, type OptionSpecs } from "../args.js";
import { ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { packageRoot } from "../package-root.js";
import { displayPath } from "../spec-inputs.js";
import { refuseSpecOutput } from "../spec-output.js";
import { writeFileAtomically } from "../write-file-atomically.js";
import { schemaReference } from "../schema-reference.js";
import { starterSpec, type StarterPlatform } from "./starter-spec.js";

function isStarterPlatform(value: string): value is StarterPlatform {
  return value === "proxmox" || value === "hcloud" || value === "metal";
}

const HELP = `Usage: talos-hclgen init [path] [options]

Write a commented starter spec (default: cluster.yaml) for a single-node cluster. It
builds as is; edit the addresses (and the platform's settings) first. Complete examples of
every setup ship with the package: node_modules/talos-hclgen/fixtures/<setup>/spec.yaml.

Options:
      --platform <name>  proxmox (default), hcloud or metal
      --name <name>      the cluster's metadata.name (default: homelab)
      --force            overwrite the file if it exists
  -h, --help             show this help
`;

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The options, for the parser and for shell completion (completion.ts). */
export const OPTIONS: OptionSpecs = {
  name: { type: "string" },
  platform: { type: "string" },
  force: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

export async function runInitCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, OPTIONS);
  if (!parsed.ok) return usageError(io, "init", parsed.message, parsed.hint);
  const { args } = parsed;
  if (flag(args, "help")) {
    io.stdout.write(HELP);
    return ExitCode.ok;
  }
  const [path = "cluster.yaml", ...extra] = args.positionals;
  if (extra.length > 0) return usageError(io, "init", `unexpected argument "${extra[0]}"`, "init writes one spec at a time");
  const name = stringOption(args, "name") ?? "homelab";
  if (!DNS_LABEL.test(name))
    return usageError(io, "init", `--name "${name}" is not a DNS label`, "use lower-case letters, digits and '-', e.g. --name homelab");
  const platform = stringOption(args, "platform") ?? "proxmox";
  if (!isStarterPlatform(platform)) return usageError(io, "init", `--platform "${platform}" is not one of proxmox, hcloud, metal`, "e.g. --platform hcloud");
  const target = resolve(io.cwd, path);
  const shown = displayPath(io.cwd, target);
  const refused = refuseSpecOutput(target, shown, flag(args, "force"));
  if (refused !== undefined) {
    io.stderr.write(`talos-hclgen init: error: ${refused.message}\nhint: ${refused.hint}\n`);
    return ExitCode.badInput;
  }
  const text = starterSpec({
    schemaRef: schemaReference(dirname(target)),
    name,
    versions: defaultVersions(),
    specPath: shown,
    platform,
  });
  const failure = writeFileAtomically(target, text);
  if (failure !== undefined) {
    io.stderr.write(`talos-hclgen init: error: cannot write "${shown}": ${failure}\n`);
    return ExitCode.badInput;
  }
  io.stdout.write(`wrote ${shown}\nnext: edit it, then run: npx talos-hclgen build ${shown} -o infra\n`);
  return ExitCode.ok;
}

function defaultVersions(): {
  talos: string;
  kubernetes: string;
  cilium: string;
} {
  const data = JSON.parse(readFileSync(join(packageRoot(), "data", "versions.json"), "utf8")) as { components?: Record<string, unknown> };
  const pick = (key: string): string => {
    const value = data.components?.[key];
    if (typeof value !== "string") throw new Error(`data/versions.json has no components.${key}`);
    return value;
  };
  return {
    talos: pick("talos"),
    kubernetes: pick("kubernetes"),
    cilium: pick("cilium"),
  };
}
