/**
 * The tree itself under Flux's tofu-controller (seed 001): a GitRepository and a Terraform
 * object, as YAML files of the tree (tofu-controller/), ready to commit into the fleet
 * repository of the cluster that runs the controller. No module, nothing in the root.
 */
import type { TofuControllerModel } from "../../model/gitops.js";
import type { ClusterModel } from "../../model/model.js";
import { emitYaml, emitYamlDocuments } from "../../render/yaml.js";
import type { Feature } from "../feature.js";
import { gitRepository, terraform, TOFU_CONTROLLER_CHARTS, tofuControllerInstall, WRITTEN_OUTPUTS } from "../gitops/tofu-controller-manifests.js";
import { header, type PlannedFile } from "../planned-file.js";

const FOLDER = "tofu-controller";

function tofuOf(model: ClusterModel): TofuControllerModel {
  if (model.gitops.tofuController === undefined) throw new Error("plan bug: tofu-controller feature without gitops.tofuController");
  return model.gitops.tofuController;
}

export const tofuController: Feature = {
  id: FOLDER,
  enabled: (model) => model.gitops.tofuController !== undefined,
  files: (model) => {
    const tofu = tofuOf(model);
    return [
      yamlFile(model, `${FOLDER}/gitrepository.yaml`, gitRepositoryNotes(tofu), gitRepository(tofu)),
      yamlFile(model, `${FOLDER}/terraform.yaml`, terraformNotes(model, tofu), terraform(tofu, model.backend)),
      ...(tofu.installVersion === undefined
        ? []
        : [
            yamlDocuments(
              model,
              `${FOLDER}/install.yaml`,
              [
                `tofu-controller itself: chart ${tofu.installVersion} from ${TOFU_CONTROLLER_CHARTS},`,
                `in ${tofu.namespace}. Commit it with gitrepository.yaml and terraform.yaml to the fleet`,
                "cluster's Flux repository, or leave it out where the controller runs already.",
              ],
              tofuControllerInstall(tofu, tofu.installVersion),
            ),
          ]),
    ];
  },
  root: () => ({}),
};

function yamlFile(model: ClusterModel, path: string, notes: readonly string[], document: unknown): PlannedFile {
  const comments = notes.map((line) => (line === "" ? "#" : `# ${line}`)).join("\n");
  return {
    path,
    kind: "yaml",
    contents: `${header("yaml", model.specPath)}\n#\n${comments}\n${emitYaml(document, { sortKeys: false })}`,
  };
}

function yamlDocuments(model: ClusterModel, path: string, notes: readonly string[], documents: readonly unknown[]): PlannedFile {
  const comments = notes.map((line) => `# ${line}`).join("\n");
  return {
    path,
    kind: "yaml",
    contents: `${header("yaml", model.specPath)}\n#\n${comments}\n${emitYamlDocuments(documents, { sortKeys: false })}`,
  };
}

/**
 * The repository URL as one POSIX shell word, for the command above that users copy: the URL
 * schema only excludes spaces, so `$(...)`, backticks or `;` would otherwise run when pasted.
 */
function shellWord(text: string): string {
  return /^[A-Za-z0-9@%+=:,./_~-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

function gitRepositoryNotes(tofu: TofuControllerModel): string[] {
  const notes = [`The Git repository that holds this tree, the source of the Terraform object in terraform.yaml.`];
  if (tofu.gitSecret !== undefined) {
    notes.push(
      `Create its credentials first (a deploy key with read access is enough), e.g.:`,
      `  flux create secret git ${tofu.gitSecret} --namespace=${tofu.namespace} --url=${shellWord(tofu.repository)} --private-key-file=<key>`,
    );
  }
  return notes;
}

function terraformNotes(model: ClusterModel, tofu: TofuControllerModel): string[] {
  const notes = [
    `Lets tofu-controller (https://flux-iac.github.io/tofu-controller/) plan and apply this tree`,
    `from a cluster that runs Flux: commit this folder into that cluster's fleet repository.`,
  ];
  const keys = [...new Set(tofu.env.map((variable) => variable.key))];
  if (keys.length > 0) {
    notes.push(
      ``,
      `The runner reads its credentials from the Secret ${tofu.credentialsSecret}; create it first (or`,
      `a SealedSecret / ExternalSecret with the same keys):`,
      `  kubectl -n ${tofu.namespace} create secret generic ${tofu.credentialsSecret} \\`,
      ...keys.map((key, i) => `    --from-literal=${key}=...${i === keys.length - 1 ? "" : " \\"}`),
    );
  }
  if (tofu.runnerImage === undefined) {
    notes.push(
      ``,
      `versions.tf needs OpenTofu >= 1.10 or Terraform >= 1.11 in the runner; tofu-controller's`,
      `default runner ships OpenTofu from v0.16.0 on, Terraform 1.5.7 before. With an older`,
      `controller, set gitops.tofuController.runnerImage to an image that has one.`,
    );
  }
  notes.push(
    ``,
    `The runner also needs kubectl (a node removed from the spec has its Kubernetes Node deleted)`,
    `and, to forget a control plane marked gone, talosctl: give the runner image both.`,
  );
  notes.push(
    ``,
    model.backend.kind === "s3"
      ? `State: the tree's S3 backend, repeated in backendConfig (tofu-controller would otherwise replace it with its Kubernetes backend).`
      : `State: tofu-controller's Kubernetes backend, the Secret tfstate-default-${tofu.name} in ${tofu.namespace}; it holds the cluster's secrets.`,
    tofu.approvePlan === "auto"
      ? `Plans are applied automatically.`
      : `Plans wait for approval: \`kubectl -n ${tofu.namespace} get terraform ${tofu.name}\` shows the plan id; set spec.approvePlan to it.`,
    `Outputs ${WRITTEN_OUTPUTS.join(" and ")} are written to the Secret ${tofu.outputsSecret}.`,
  );
  return notes;
}
