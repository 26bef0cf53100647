import versionsData from "../../../data/versions.json" with { type: "json" };
import { compareMinors, minorOf } from "../../base/versions.js";
import { NEWEST_CONTRACT } from "../../catalog/defaults.js";
import { runsKubernetes, TALOS_RELEASES, talosRelease } from "../../catalog/talos-compatibility.js";
import { quote } from "../display-path.js";
import { specPath } from "./paths.js";
import type { Rule } from "./rule.js";

/** "v1.13" -> "1.13" (Kubernetes minors are shown without the v). */
const bare = (minor: string): string => minor.replace(/^v/, "");

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
  const tooNew = contract !== undefined && compareMinors(minorOf(contract), talos) > 0;
  if (contract !== undefined && tooNew) {
    ctx.report({
      code: "spec/contract-too-new",
      message: `talos.contract ${contract} is newer than ${talosShown}`,
      path: specPath("talos", "contract"),
      hint: `the contract pins the machine-config format to a Talos minor no newer than the installed one: use ${quote(talos)} or older`,
    });
  }

  if (contract !== undefined && !tooNew && compareMinors(minorOf(contract), minorOf(NEWEST_CONTRACT)) > 0) {
    ctx.report({
      code: "spec/contract-unsupported",
      message: `talos.contract ${contract} is newer than the newest contract talos-hclgen emits (${NEWEST_CONTRACT})`,
      path: specPath("talos", "contract"),
      hint: `remove talos.contract or set ${quote(NEWEST_CONTRACT)}: newer Talos runs ${NEWEST_CONTRACT} configurations, and with a newer contract the talos provider would generate documents that the tree's patches conflict with`,
    });
  }

  const row = talosRelease(talosText);
  const first = TALOS_RELEASES[0];
  const last = TALOS_RELEASES[TALOS_RELEASES.length - 1];
  if (row === undefined) {
    if (talosSpec?.version === undefined || first === undefined || last === undefined) return;
    ctx.report({
      code: "spec/unknown-talos-version",
      severity: "warning",
      message: `Talos ${talosText} is not in the support table (known: ${first.talos} to ${last.talos}); Kubernetes compatibility is not checked`,
      path: talosPath,
      hint: "check the Talos support matrix, or upgrade talos-hclgen",
    });
    return;
  }
  if (runsKubernetes(row, kubeText)) return;

  const { oldest, newest } = row.kubernetes;
  const range = `Kubernetes ${bare(oldest)} to ${bare(newest)}`;
  const fitting = TALOS_RELEASES.filter((r) => runsKubernetes(r, kubeText)).map((r) => r.talos);
  const other = fitting.length === 0 ? "" : `, or a Talos release that supports ${bare(kube)} (${fitting.join(", ")})`;
  if (ctx.spec.spec.kubernetes?.version !== undefined) {
    ctx.report({
      code: "spec/unsupported-kubernetes",
      message: `Kubernetes ${kubeText} is not supported by ${talosShown} (it supports ${range})`,
      path: specPath("kubernetes", "version"),
      hint: `use a Kubernetes ${bare(oldest)} to ${bare(newest)} release${other}`,
    });
  } else {
    ctx.report({
      code: "spec/unsupported-kubernetes",
      message: `Talos ${talosText} does not support the default Kubernetes version ${kubeText} (it supports ${range})`,
      path: talosPath,
      hint: `set kubernetes.version to a ${bare(newest)} release`,
    });
  }
};
