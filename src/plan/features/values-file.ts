/**
 * A chart's Helm values as a YAML file of the tree (values/<chart>.yaml): reviewable in a pull
 * request, read by the module call with file(), never pasted into HCL. Keys are sorted: the
 * values come (partly) from the user, whose key order must not change the output.
 */
import type { ClusterModel } from "../../model/model.js";
import { emitYaml } from "../../render/yaml.js";
import { header, type PlannedFile } from "../planned-file.js";

export function valuesFile(model: ClusterModel, path: string, values: Record<string, unknown>, about: readonly string[]): PlannedFile {
  const comment = about.map((line) => `# ${line}\n`).join("");
  return { path, kind: "yaml", contents: `${header("yaml", model.specPath)}\n${comment}${emitYaml(values, { sortKeys: true })}` };
}
