/**
 * The tree's .gitignore, owned like every generated file: what must never be committed next to
 * it. OpenTofu's working folder and plans (`tofu plan -out` takes any name: the usual ones),
 * local state (it holds the machine secrets), variable files (`terraform.tfvars` is where
 * people put API tokens, and OpenTofu loads it by itself), and the admin credentials the
 * README's steps would otherwise leave in the repository.
 */
import { header, type PlannedFile } from "./planned-file.js";
import type { ClusterModel } from "../model/model.js";

export function planGitignore(model: ClusterModel): PlannedFile {
  const lines = [
    header("yaml", model.specPath),
    "# Never committed: OpenTofu's working data, plans and local state (the state holds the",
    "# cluster's machine secrets), variable files (where API tokens end up), and the cluster's",
    "# admin credentials.",
    ".terraform/",
    "*.tfplan",
    "tfplan",
    "plan.out",
    "*.tfvars",
    "*.tfvars.json",
    "*.tfstate",
    "*.tfstate.*",
    "crash.log",
    "crash.*.log",
    "kubeconfig",
    "talosconfig",
    "",
  ];
  return { path: ".gitignore", kind: "yaml", contents: lines.join("\n") };
}
