/**
 * The root module. versions.tf (required providers and backend) comes from the model; the
 * other root files are the sections every enabled feature contributes, in feature order.
 */
import type { ClusterModel } from "../model/model.js";
import { renderTemplate } from "../render/templates.js";
import type { Feature, PlanContext, RootSections } from "./feature.js";
import { header, type PlannedFile } from "./planned-file.js";

const ROOT_FILES: ReadonlyArray<{ file: string; section: keyof RootSections; intro: string | null; optional?: boolean }> = [
  {
    file: "providers.tf",
    section: "providers",
    intro: "# Provider configurations live here only; modules declare required_providers and inherit them.",
  },
  {
    file: "variables.tf",
    section: "variables",
    intro: "# Credentials are never part of the spec: set them with TF_VAR_<name> or the provider's\n# own environment variable.",
  },
  { file: "main.tf", section: "calls", intro: null },
  { file: "outputs.tf", section: "outputs", intro: null },
  {
    file: "imports.tf",
    section: "imports",
    intro:
      "# What already exists and is taken over rather than created. An import block acts once, on the plan\n# that finds its resource missing from the state; afterwards OpenTofu leaves it alone.",
    optional: true,
  },
];

export function planRoot(model: ClusterModel, features: readonly Feature[], context: PlanContext): PlannedFile[] {
  const sections = features.map((feature) => feature.root(model, context));
  const files: PlannedFile[] = ROOT_FILES.flatMap(({ file, section, intro, optional }): PlannedFile[] => {
    const parts = sections.flatMap((s) => s[section] ?? []);
    if (optional === true && parts.length === 0) return [];
    return [{ path: file, kind: "hcl", contents: renderTemplate("root/sections.tf", { header: header("hcl", model.specPath), intro, sections: parts }) }];
  });
  files.push({ path: "versions.tf", kind: "hcl", contents: renderTemplate("root/versions.tf", versionsView(model)) });
  return files;
}

function versionsView(model: ClusterModel) {
  return {
    header: header("hcl", model.specPath),
    requiredVersion: model.requiredVersion,
    requiredVersionReason: "S3 state locking with use_lockfile: OpenTofu >= 1.10, Terraform >= 1.11.",
    providers: model.providers,
    s3: model.backend.kind === "s3" ? { kmsKeyId: null, workspaceKeyPrefix: null, ...model.backend } : null,
    local: model.backend.kind === "local" && model.backend.path !== undefined ? { path: model.backend.path } : null,
  };
}
