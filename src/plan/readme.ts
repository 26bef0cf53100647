/** The README.md of the generated tree: what was generated from which spec, and how to use it. */
import type { ClusterModel } from "../model/model.js";
import { renderTemplate } from "../render/templates.js";
import type { ModuleInfo } from "./feature.js";
import type { PlatformReadme } from "./platform-part.js";
import { header, type PlannedFile } from "./planned-file.js";
import { chartsView } from "./readme-charts.js";
import { dayTwoNotes } from "./readme-day2.js";
import { count, machinesView } from "./readme-machines.js";
import { codeSpan, rebuildCommand } from "./readme-command.js";
import { prerequisites } from "./readme-prerequisites.js";
import type { SecretVariable } from "./talos/patches.js";

const CNI_NAMES = { cilium: "Cilium", flannel: "Flannel (Talos default)", none: "none (bring your own)" } as const;

export function planReadme(
  model: ClusterModel,
  readme: PlatformReadme,
  modules: readonly ModuleInfo[],
  secretVariables: readonly SecretVariable[],
): PlannedFile {
  const applyEnv: string[] = [...readme.applyEnv];
  if (model.backend.kind === "s3") applyEnv.push("AWS_ACCESS_KEY_ID=... AWS_SECRET_ACCESS_KEY=...");
  // Flux: the forge's token registers the deploy key; a Git token is the flux_git_token variable.
  const flux = model.gitops.flux;
  if (flux?.forge !== undefined) applyEnv.push(flux.forge.kind === "github" ? "GITHUB_TOKEN=..." : "GITEA_TOKEN=...");
  if (flux?.auth === "token") applyEnv.push("TF_VAR_flux_git_token=...");
  // The secrets the spec names (extension services): sensitive variables, set the same way.
  for (const variable of secretVariables) applyEnv.push(`TF_VAR_${variable.name}=...`);
  const view = {
    header: header("markdown", model.specPath),
    specPath: model.specPath,
    specCode: codeSpan(model.specPath),
    rebuild: rebuildCommand(model.specPath),
    name: model.name,
    talos: model.talos,
    kubernetes: model.kubernetes,
    endpoint: {
      url: readme.createdEndpoint?.url ?? model.endpoint.url,
      vip: model.endpoint.vip ?? null,
    },
    platformName: readme.name,
    cniName: CNI_NAMES[model.cni.kind],
    backendName: model.backend.kind === "s3" ? `S3 bucket ${model.backend.bucket}, encrypted, locked` : "local file",
    nodeCounts: nodeCounts(model),
    applyEnv,
    prerequisites: prerequisites(model, readme),
    adoption: model.talos.secrets === "import",
    schematicTargets: readme.schematics,
    adoptedServers: model.nodes.some((node) => typeof node.adopt === "object"),
    adoptedVms: model.nodes.some((node) => node.adopt === true),
    dayTwo: dayTwoNotes(model, readme),
    machines: machinesView(model, readme),
    charts: chartsView(model),
    diagram: ["root --> " + modules.map((m) => m.call).join(" & "), ...modules.flatMap((m) => m.diagram)],
    modules: [{ path: ".", description: `Providers, ${model.backend.kind === "s3" ? "S3 backend, " : ""}variables, module calls, outputs.` }].concat(
      modules.map((m) => ({ path: `modules/${m.folder}`, description: m.description })),
    ),
  };
  return { path: "README.md", kind: "markdown", contents: renderTemplate("docs/README.md", view) };
}

/** "3 control planes, 3 workers", "1 control plane, no workers" */
function nodeCounts(model: ClusterModel): string {
  const controlPlanes = model.nodes.filter((n) => n.role === "controlplane").length;
  const workers = model.nodes.length - controlPlanes;
  return `${count(controlPlanes, "control plane", "control planes")}, ${count(workers, "worker", "workers")}`;
}
