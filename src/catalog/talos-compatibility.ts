/**
 * Which versions go together, by Talos minor, from data/versions.json: the Kubernetes minors a
 * Talos release runs (siderolabs/talos pkg/machinery/compatibility/talosNNN, Minimum- and
 * MaximumKubernetesVersion; SupportedKubernetesVersions = 6) and the Talos releases a node may
 * be upgraded or downgraded from (MinimumHostUpgradeVersion, MaximumHostDowngradeVersion, which
 * the installer checks before it installs: cmd/installer/pkg/install/preflight.go).
 * Versions are minors with a leading v: "v1.13".
 */
import versionsData from "../../data/versions.json" with { type: "json" };
import { compareMinors, minorOf } from "../base/versions.js";

export interface TalosRelease {
  talos: string;
  /** Oldest and newest Kubernetes minor it runs. */
  kubernetes: { oldest: string; newest: string };
  /** Oldest minor a node may run to be upgraded to it; first minor too new to come down to it. */
  upgradeFrom?: string;
  downgradeBelow?: string;
}

const MINOR = /^v?(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/;

function pairOf(value: unknown): [string, string] | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [a, b] = value.map(String);
  if (a === undefined || b === undefined || !MINOR.test(a) || !MINOR.test(b)) return undefined;
  return [minorOf(a), minorOf(b)];
}

function releases(): TalosRelease[] {
  const paths: Record<string, unknown> = versionsData.talosUpgradePaths;
  const rows: TalosRelease[] = [];
  for (const [key, value] of Object.entries(versionsData.talosKubernetesSupport)) {
    const kubernetes = pairOf(value);
    if (!MINOR.test(key) || kubernetes === undefined) continue;
    const row: TalosRelease = { talos: minorOf(key), kubernetes: { oldest: kubernetes[0], newest: kubernetes[1] } };
    const path = pairOf(paths[key]);
    if (path !== undefined) [row.upgradeFrom, row.downgradeBelow] = path;
    rows.push(row);
  }
  return rows.sort((a, b) => compareMinors(a.talos, b.talos));
}

/** Every Talos minor the table knows, oldest first. */
export const TALOS_RELEASES: readonly TalosRelease[] = releases();

/** The row of a Talos version ("v1.13.9" or "v1.13"), if the table has it. */
export function talosRelease(version: string): TalosRelease | undefined {
  const minor = minorOf(version);
  return TALOS_RELEASES.find((row) => row.talos === minor);
}

/** Whether `release` runs Kubernetes `kubernetes` ("v1.36.3" or "1.36"). */
export function runsKubernetes(release: TalosRelease, kubernetes: string): boolean {
  const minor = minorOf(kubernetes);
  return compareMinors(minor, release.kubernetes.oldest) >= 0 && compareMinors(minor, release.kubernetes.newest) <= 0;
}
