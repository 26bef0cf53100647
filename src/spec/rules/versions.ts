import versionsData from "../../../data/versions.json" with { type: "json" };
import { NEWEST_CONTRACT } from "../../catalog/defaults.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/** [major, minor] of "v1.13.9", "v1.13", "1.36". */
type Minor = readonly [number, number];

function minorOf(version: string): Minor | undefined {
  const match = /^v?(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:\.|-|$)/.exec(version);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

function compareMinor(a: Minor, b: Minor): number {
  return a[0] - b[0] || a[1] - b[1];
}

const showMinor = (m: Minor): string => `${m[0]}.${m[1]}`;

/** Talos minor -> supported Kubernetes minors [oldest, newest], from data/versions.json. */
function supportTable(): Array<{ talos: Minor; oldest: Minor; newest: Minor }> {
  const rows: Array<{ talos: Minor; oldest: Minor; newest: Minor }> = [];
  for (const [key, value] of Object.entries(versionsData.talosKubernetesSupport)) {
    const talos = minorOf(key);
    if (talos === undefined || !Array.isArray(value)) continue;
    const oldest = minorOf(String(value[0]));
    const newest = minorOf(String(value[1]));
    if (oldest !== undefined && newest !== undefined) rows.push({ talos, oldest, newest });
  }
  return rows.sort((a, b) => compareMinor(a.talos, b.talos));
}

const SUPPORT = supportTable();

/**
 * Each Talos minor supports six Kubernetes minors (siderolabs/talos pkg/machinery/constants,
 * SupportedKubernetesVersions); the machine-config contract must not be newer than the installed
 * Talos, which would not understand it, nor newer than the newest contract the compiler emits
 * (src/catalog/defaults.ts NEWEST_CONTRACT says why). Defaults come from data/versions.json so that a spec
 * setting only one of the two versions is checked against the other's default.
 */
export const versions: Rule = (ctx) => {
  const talosSpec = ctx.spec.spec.talos;
  const talosText = talosSpec?.version ?? versionsData.components.talos;
  const kubeText = ctx.spec.spec.kubernetes?.version ?? versionsData.components.kubernetes;
  const talos = minorOf(talosText);
  const kube = minorOf(kubeText);
  const talosPath = specPath("talos", "version");
  const talosShown = talosSpec?.version === undefined ? `the default Talos version ${talosText}` : `Talos ${talosText}`;

  const contract = talosSpec?.contract;
  const contractMinor = contract === undefined ? undefined : minorOf(contract);
  if (contract !== undefined && contractMinor !== undefined && talos !== undefined && compareMinor(contractMinor, talos) > 0) {
    ctx.report({
      code: "spec/contract-too-new",
      message: `talos.contract ${contract} is newer than ${talosShown}`,
      path: specPath("talos", "contract"),
      hint: `the contract pins the machine-config format to a Talos minor no newer than the installed one: use ${quote(`v${showMinor(talos)}`)} or older`,
    });
  }

  const newest = minorOf(NEWEST_CONTRACT);
  const tooNew = contractMinor !== undefined && talos !== undefined && compareMinor(contractMinor, talos) > 0;
  if (contract !== undefined && contractMinor !== undefined && newest !== undefined && !tooNew && compareMinor(contractMinor, newest) > 0) {
    ctx.report({
      code: "spec/contract-unsupported",
      message: `talos.contract ${contract} is newer than the newest contract talos-hclgen emits (${NEWEST_CONTRACT})`,
      path: specPath("talos", "contract"),
      hint: `remove talos.contract or set ${quote(NEWEST_CONTRACT)}: newer Talos runs ${NEWEST_CONTRACT} configurations, and with a newer contract the talos provider would generate documents that the tree's patches conflict with`,
    });
  }

  if (talos === undefined || kube === undefined) return;
  const row = SUPPORT.find((r) => compareMinor(r.talos, talos) === 0);
  const first = SUPPORT[0];
  const last = SUPPORT[SUPPORT.length - 1];
  if (row === undefined) {
    if (talosSpec?.version === undefined || first === undefined || last === undefined) return;
    ctx.report({
      code: "spec/unknown-talos-version",
      severity: "warning",
      message: `Talos ${talosText} is not in the support table (known: v${showMinor(first.talos)} to v${showMinor(last.talos)}); Kubernetes compatibility is not checked`,
      path: talosPath,
      hint: "check the Talos support matrix, or upgrade talos-hclgen",
    });
    return;
  }
  if (compareMinor(kube, row.oldest) >= 0 && compareMinor(kube, row.newest) <= 0) return;

  const range = `Kubernetes ${showMinor(row.oldest)} to ${showMinor(row.newest)}`;
  const fitting = SUPPORT.filter((r) => compareMinor(kube, r.oldest) >= 0 && compareMinor(kube, r.newest) <= 0).map((r) => `v${showMinor(r.talos)}`);
  const other = fitting.length === 0 ? "" : `, or a Talos release that supports ${showMinor(kube)} (${fitting.join(", ")})`;
  if (ctx.spec.spec.kubernetes?.version !== undefined) {
    ctx.report({
      code: "spec/unsupported-kubernetes",
      message: `Kubernetes ${kubeText} is not supported by ${talosShown} (it supports ${range})`,
      path: specPath("kubernetes", "version"),
      hint: `use a Kubernetes ${showMinor(row.oldest)} to ${showMinor(row.newest)} release${other}`,
    });
  } else {
    ctx.report({
      code: "spec/unsupported-kubernetes",
      message: `Talos ${talosText} does not support the default Kubernetes version ${kubeText} (it supports ${range})`,
      path: talosPath,
      hint: `set kubernetes.version to a ${showMinor(row.newest)} release`,
    });
  }
};
