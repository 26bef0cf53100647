/** The README.md of the generated tree: what was generated from which spec, and how to use it. */
import type { ClusterModel } from "../model/model.js";
import { renderTemplate } from "../render/templates.js";
import type { ModuleInfo } from "./feature.js";
import { header, type PlannedFile } from "./planned-file.js";

const PLATFORM_NAMES = { proxmox: "Proxmox VE", hcloud: "Hetzner Cloud", metal: "existing machines" } as const;
const CNI_NAMES = { cilium: "Cilium", flannel: "Flannel (Talos default)", none: "none (bring your own)" } as const;

export function planReadme(model: ClusterModel, modules: readonly ModuleInfo[]): PlannedFile {
  const applyEnv: string[] = [];
  if (model.platform.kind === "proxmox") applyEnv.push("PROXMOX_VE_API_TOKEN='user@realm!tokenid=secret'");
  if (model.backend.kind === "s3") applyEnv.push("AWS_ACCESS_KEY_ID=... AWS_SECRET_ACCESS_KEY=...");
  const view = {
    header: header("markdown", model.specPath),
    specPath: model.specPath,
    name: model.name,
    talos: model.talos,
    kubernetes: model.kubernetes,
    endpoint: { url: model.endpoint.url, vip: model.endpoint.vip ?? null },
    platformName: PLATFORM_NAMES[model.platform.kind],
    cniName: CNI_NAMES[model.cni.kind],
    backendName: model.backend.kind === "s3" ? `S3 bucket ${model.backend.bucket}, encrypted, locked` : "local file",
    controlPlaneCount: model.nodes.filter((n) => n.role === "controlplane").length,
    workerCount: model.nodes.filter((n) => n.role === "worker").length,
    applyEnv,
    diagram: ["root --> " + modules.map((m) => m.call).join(" & "), ...modules.flatMap((m) => m.diagram)],
    modules: [{ path: ".", description: "Providers, S3 backend, variables, module calls, outputs." }].concat(
      modules.map((m) => ({ path: `modules/${m.folder}`, description: m.description })),
    ),
  };
  return { path: "README.md", kind: "markdown", contents: renderTemplate("docs/README.md", view) };
}

