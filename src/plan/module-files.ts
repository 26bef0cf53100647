/** The files of a child module: templates/<folder>/{versions,variables,main,outputs}.tf.hbs. */
import type { ClusterModel } from "../model/model.js";
import { renderTemplate } from "../render/templates.js";
import { header, type PlannedFile } from "./planned-file.js";

const FILES = ["versions", "variables", "main", "outputs"];

/** Every module template gets the header and the provider sources; `extra` adds its own fields. */
export function planModuleFiles(model: ClusterModel, folder: string, extra: object = {}): PlannedFile[] {
  const view = { ...moduleView(model), ...extra };
  return FILES.map((file) => ({
    path: `modules/${folder}/${file}.tf`,
    kind: "hcl",
    contents: renderTemplate(`${folder}/${file}.tf`, view),
  }));
}

function moduleView(model: ClusterModel) {
  const sources: Record<string, string> = {};
  for (const provider of model.providers) sources[`${provider.name}Source`] = provider.source;
  return { header: header("hcl", model.specPath), ...sources };
}

/** A root-module section: templates/<folder>/root-<section>.tf.hbs with its view. */
export function renderSection(folder: string, section: "providers" | "variables" | "call" | "outputs" | "imports", view: object): string {
  return renderTemplate(`${folder}/root-${section}.tf`, view);
}
