/** The Talos cluster: secrets, configurations, apply, bootstrap, kubeconfig, health. */
import type { ClusterModel, NodeModel } from "../../model/model.js";
import { machineResourceName, rolloutOrder } from "../rollout.js";
import { FACTORY_URL } from "../../catalog/defaults.js";
import { expr, hclString, obj, renderHclValue, type HclValue } from "../../render/hcl-value.js";
import type { Feature, PlanContext } from "../feature.js";
import { kubernetesReadyAtBoot } from "../helm-releases.js";
import { hostnameConfig } from "../talos/documents.js";
import type { SecretVariable } from "../talos/patches.js";
import { planModuleFiles, renderSection } from "../module-files.js";
import { header, type PlannedFile } from "../planned-file.js";
import { renderTemplate } from "../../render/templates.js";

const FOLDER = "talos-cluster";

export const talosCluster: Feature = {
  id: FOLDER,
  enabled: () => true,
  module: () => ({
    folder: FOLDER,
    call: "cluster",
    description:
      "Machine secrets, machine configurations (contract pinned to the Talos minor), the rollout (a talos_machine per node, one at a time, control planes first), bootstrap and Kubernetes version (talos_cluster), kubeconfig, cluster health.",
    diagram: ['cluster -- "kubeconfig, talosconfig" --> outputs'],
  }),
  files: (model, context) => [
    ...planModuleFiles(model, FOLDER, {
      hostnamePatch: obj(hostnameConfig(expr("name"))),
      classSchematics: model.talos.classSchematics.length > 0,
      ...rolloutView(model),
    }),
    ...context.patches.files,
    dryRunScript(model),
  ],
  root: (model, context) => ({
    providers: [
      renderSection(FOLDER, "providers", {
        customFactoryUrl: model.talos.factoryUrl === FACTORY_URL ? null : model.talos.factoryUrl,
      }),
    ],
    variables: [
      renderSection(FOLDER, "variables", {
        secretVariables: context.patches.secretVariables.map(secretVariableView),
        importSecrets: model.talos.secrets === "import",
        kubernetesChecksAfterDns: kubernetesChecksAfterDns(model, context),
      }),
    ],
    calls: [renderSection(FOLDER, "call", callView(model, context))],
    outputs: [renderSection(FOLDER, "outputs", {})],
    ...(model.talos.secrets === "import" ? { imports: [renderSection(FOLDER, "imports", {})] } : {}),
  }),
};

/**
 * The rollout as the module writes it: one talos_machine per node, each depending on the step
 * before it (src/plan/rollout.ts), the gone nodes' removed blocks, and talos_cluster after all.
 */
function rolloutView(model: ClusterModel) {
  const steps = rolloutOrder(model);
  const machine = (node: NodeModel) => expr(`talos_machine.${machineResourceName(node.name)}`);
  const last = steps.filter((s) => s.step === steps[steps.length - 1]?.step).map((s) => s.node);
  const total = steps[steps.length - 1]?.step ?? 0;
  const goneNodes = model.goneNodes.map((node) => ({ name: node.name, resource: machineResourceName(node.name) }));
  return {
    machines: steps.map((s) => ({
      name: s.node.name,
      resource: machineResourceName(s.node.name),
      position: `${s.step} of ${total}: ${s.node.name}, ${s.node.role === "controlplane" ? "control plane" : "worker"}${s.after.length === 0 ? "" : `, after ${s.after.map((n) => n.name).join(", ")}`}`,
      // The first step waits for the dead nodes' removal: the rollout meets a whole etcd.
      dependsOn: [expr("terraform_data.node"), ...(s.after.length === 0 && goneNodes.length > 0 ? [expr("terraform_data.gone")] : []), ...s.after.map(machine)],
    })),
    workerWaves: model.rollout.parallelWorkers > 1,
    workersPerWave: model.rollout.parallelWorkers,
    goneNodes: goneNodes.length === 0 ? null : goneNodes,
    // Kubernetes after every node's Talos (and, through the first step, the dead nodes' removal).
    clusterDependsOn: last.map(machine),
  };
}

/**
 * dry-run.sh: each running node's answer to `talosctl apply-config --dry-run` for the
 * configuration a saved plan computed, in rollout order: what the first apply of an adopted
 * cluster, or any later one, changes on it, before anything is applied.
 */
function dryRunScript(model: ClusterModel): PlannedFile {
  const steps = rolloutOrder(model);
  return {
    path: "dry-run.sh",
    kind: "shell",
    contents: renderTemplate("talos-cluster/dry-run.sh", {
      header: header("shell", model.specPath),
      machines: steps.map((s) => ({ name: s.node.name, resource: machineResourceName(s.node.name) })),
      nodeCount: steps.length,
    }),
  };
}

function callView(model: ClusterModel, context: PlanContext) {
  const { patches, platform, inlineManifests } = context;
  return {
    name: model.name,
    // hcloud without a host name: the load balancer's (or floating IP's) address, known at apply time.
    endpoint: platform.endpointExpr === undefined ? model.endpoint.url : expr(platform.endpointExpr),
    // The tree's own clients (the rollout's drains) while a DNS name cannot resolve yet.
    kubernetesHost: expr(platform.kubernetesHostExpr ?? platform.endpointExpr ?? renderHclValue(model.endpoint.url)),
    goneNodes: model.goneNodes.length === 0 ? null : obj(new Map(model.goneNodes.map((node) => [node.name, node.role]))),
    talosVersion: model.talos.version,
    talosContract: model.talos.contract,
    kubernetesVersion: model.kubernetes.version,
    installerImage: platform.installerImageExpr,
    nodes: platform.nodesExpr,
    bootstrapNode: model.nodes.find((n) => n.role === "controlplane")?.name ?? "",
    inlineManifests: inlineManifests.length === 0 ? null : inlineManifestsExpr(inlineManifests),
    skipKubernetesChecks: skipKubernetesChecksReason(model, context),
    kubernetesChecksAfterDns: kubernetesChecksAfterDns(model, context),
    configPatches: obj({
      common: patches.common.map(fileExpr),
      controlplane: withPlatformPatches(patches.controlplane.map(fileExpr), platform.controlplanePatchesExpr),
      worker: patches.worker.map(fileExpr),
    }),
    // Only nodes with patches of their own; the module gives every node its hostname.
    nodePatches: obj(
      new Map(
        patches.nodes
          .map((n): [string, HclValue[]] => [n.name, [...n.files.map(fileExpr), ...(patches.secrets.byNode.get(n.name) ?? []).map(secretDocumentExpr)]])
          .filter(([, list]) => list.length > 0),
      ),
    ),
    secretDocuments: patches.secrets.locals.size === 0 ? null : obj(patches.secrets.locals),
    ...classInstallers(model, context),
  };
}

/** Nodes of classes with an image of their own, and each such image's installer (platform's). */
function classInstallers(model: ClusterModel, context: PlanContext) {
  const installer = context.platform.classInstallerImageExpr;
  if (model.talos.classSchematics.length === 0 || installer === undefined) return { classSchematics: false };
  return {
    classSchematics: true,
    nodeSchematics: obj(new Map(model.nodes.flatMap((node): Array<[string, HclValue]> => (node.schematic === undefined ? [] : [[node.name, node.schematic]])))),
    classInstallerImages: obj(new Map(model.talos.classSchematics.map((s): [string, HclValue] => [s.name, expr(installer(s.name))]))),
  };
}

/**
 * Why the health check must leave out the Kubernetes checks, or null. They read nodes and pods
 * through the kubeconfig's server, the cluster endpoint (provider v0.11.0
 * talos_cluster_health_data_source.go: a KubernetesClient without ForceEndpoint).
 */
function skipKubernetesChecksReason(model: ClusterModel, context: PlanContext): string | null {
  if (!kubernetesReadyAtBoot(model)) return "Nodes become Ready only once the Helm releases below ran: check the control plane only.";
  if (context.platform.kubernetesHostExpr !== undefined)
    return "The endpoint's name resolves once its DNS record exists: until then check through the Talos API (var.talos_kubernetes_checks).";
  return null;
}

/**
 * The Kubernetes checks are left out only because the endpoint's DNS name may not resolve yet:
 * a root variable turns them on once it does (the README says when), so they do not stay off
 * for good. When Helm releases make the nodes Ready, turning them on cannot help (the releases
 * wait for this very check), and there is no variable.
 */
function kubernetesChecksAfterDns(model: ClusterModel, context: PlanContext): boolean {
  return kubernetesReadyAtBoot(model) && context.platform.kubernetesHostExpr !== undefined;
}

/** The role's patch files, then the platform's patches that exist only at apply time. */
function withPlatformPatches(files: HclValue[], platformExpr: string | undefined): HclValue {
  return platformExpr === undefined ? files : expr(`concat(${renderHclValue(files)}, ${platformExpr})`);
}

function inlineManifestsExpr(sources: readonly string[]): string {
  return sources.length === 1 ? (sources[0] ?? "") : `concat(${sources.join(", ")})`;
}

function secretDocumentExpr(key: string): HclValue {
  return expr(`local.secret_documents[${hclString(key)}]`);
}

function fileExpr(path: string): HclValue {
  return expr(`file("\${path.module}/${path}")`);
}

function secretVariableView(variable: SecretVariable) {
  return {
    name: variable.name,
    description: `Secret of the spec, never written to the tree (${variable.usedBy.join("; ")}). Set TF_VAR_${variable.name}.`,
  };
}
