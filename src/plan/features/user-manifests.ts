/**
 * The spec's own inline manifests (kubernetes.inlineManifests): one file each under manifests/,
 * created by Talos at bootstrap after the CNI's and the add-ons' (cluster.inlineManifests, in
 * the order of the features). Files rather than strings in main.tf, so a reviewer reads them
 * as the YAML they are. No module, nothing in the root besides the inline manifest list.
 */
import type { ClusterModel } from "../../model/model.js";
import { hclString } from "../../render/hcl-value.js";
import type { Feature } from "../feature.js";
import { header } from "../planned-file.js";

const pathOf = (name: string): string => `manifests/inline-${name}.yaml`;

export const userManifests: Feature = {
  id: "user-manifests",
  enabled: (model) => model.kubernetes.inlineManifests.length > 0,
  files: (model) =>
    model.kubernetes.inlineManifests.map((manifest) => ({
      path: pathOf(manifest.name),
      kind: "yaml",
      contents: `${header("yaml", model.specPath)}\n${manifest.contents.endsWith("\n") ? manifest.contents : `${manifest.contents}\n`}`,
    })),
  root: () => ({}),
  inlineManifests: (model: ClusterModel) => [
    `[\n${model.kubernetes.inlineManifests.map((m) => `  { name = ${hclString(m.name)}, contents = file("\${path.module}/${pathOf(m.name)}") },\n`).join("")}]`,
  ],
};
