/** The Talos cluster: secrets, configurations, apply, bootstrap, kubeconfig, health. */
import type { ClusterModel } from "../../model/model.js";
import { FACTORY_URL } from "../../catalog/defaults.js";
import { expr, hclString, obj, renderHclValue, type HclValue } from "../../render/hcl-value.js";
import type { Feature, PlanContext } from "../feature.js";
import { kubernetesReadyAtBoot } from "../helm-releases.js";
import { hostnameConfig } from "../talos/documents.js";
import type { SecretVariable } from "../talos/patches.js";
import { planModuleFiles, renderSection } from "../module-files.js";

const FOLDER = "talos-cluster";

export const talosCluster: Feature = {
  id: FOLDER,
  enabled: () => true,
  module: () => ({
    folder: FOLDER,
    call: "cluster",
    description:
      "Machine secrets, machine configurations (contract pinned to the Talos minor), one apply per node, bootstrap against a node address, kubeconfig, cluster health.",
    diagram: ['cluster -- "kubeconfig, talosconfig" --> outputs'],
  }),
  files: (model, context) => [
    ...planModuleFiles(model, FOLDER, { hostnamePatch: obj(hostnameConfig(expr("name"))), classSchematics: model.talos.classSchematics.length > 0 }),
    ...context.patches.files,
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
      }),
    ],
    calls: [renderSection(FOLDER, "call", callView(model, context))],
    outputs: [renderSection(FOLDER, "outputs", {})],
    ...(model.talos.secrets === "import" ? { imports: [renderSection(FOLDER, "imports", {})] } : {}),
  }),
};

function callView(model: ClusterModel, context: PlanContext) {
  const { patches, platform, inlineManifests } = context;
  return {
    name: model.name,
    // hcloud without a host name: the load balancer's (or floating IP's) address, known at apply time.
    endpoint: platform.endpointExpr === undefined ? model.endpoint.url : expr(platform.endpointExpr),
    talosVersion: model.talos.version,
    talosContract: model.talos.contract,
    kubernetesVersion: model.kubernetes.version,
    installerImage: platform.installerImageExpr,
    nodes: platform.nodesExpr,
    bootstrapNode: model.nodes.find((n) => n.role === "controlplane")?.name ?? "",
    inlineManifests: inlineManifests.length === 0 ? null : inlineManifestsExpr(inlineManifests),
    skipKubernetesChecks: skipKubernetesChecksReason(model, context),
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
  if (context.platform.kubernetesHostExpr !== undefined) return "The endpoint's name resolves once its DNS record exists: check through the Talos API.";
  if (!kubernetesReadyAtBoot(model)) return "Nodes become Ready only once the Helm releases below ran: check the control plane only.";
  return null;
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
