/** The golden trees as the real-tools tiers see them: files, platform, Talos runtime mode. */
import { parse } from "yaml";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { GeneratedFile } from "../../src/types.js";
import versions from "../../data/versions.json" with { type: "json" };
import { buildCase, listCases, ROOT } from "../golden-corpus.js";
import { talosMinor, type TalosMinor } from "./talos-validate.js";

/** The tree whose nodes' configurations are kept, secrets blanked, in rendered/<tree>/. */
export const REFERENCE = "ha-proxmox";

export interface RealTree {
  name: string;
  files: GeneratedFile[];
  /**
   * The runtime mode a node of this tree validates its configuration in: Proxmox VMs boot the
   * nocloud image and Hetzner servers the hcloud one, both "cloud"; bare metal, and Proxmox VMs
   * installed from the metal ISO (platform.proxmox.talosPlatform: metal), are "metal"
   * (talos internal/app/machined/pkg/runtime/v1alpha1/platform/{nocloud,hcloud,metal}).
   */
  mode: "metal" | "cloud";
  /** The node network, where a DHCP lease comes from. */
  cidr: string;
  /** The Talos minor the nodes install: whose validation their configurations get. */
  talos: TalosMinor;
}

export function realTree(name: string, files?: GeneratedFile[]): RealTree {
  const spec = parse(readFileSync(join(ROOT, "fixtures", name, "spec.yaml"), "utf8")) as {
    spec: { platform: Record<string, unknown> & { proxmox?: { talosPlatform?: string } }; network: { cidr: string }; talos?: { version?: string } };
  };
  const built = files ?? buildCase(name).expected.filter((f) => f.path !== "diagnostics.txt");
  return {
    name,
    files: built,
    mode: "metal" in spec.spec.platform || spec.spec.platform.proxmox?.talosPlatform === "metal" ? "metal" : "cloud",
    cidr: spec.spec.network.cidr,
    talos: talosMinor(spec.spec.talos?.version ?? versions.components.talos),
  };
}

/** Every golden tree (specs without errors). */
export function realTrees(): RealTree[] {
  return listCases()
    .map(buildCase)
    .filter((c) => !c.hasErrors)
    .map((c) =>
      realTree(
        c.name,
        c.expected.filter((f) => f.path !== "diagnostics.txt"),
      ),
    );
}
