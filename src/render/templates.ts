/**
 * The templates: templates/<name>.hbs, compiled at build time into plain render functions
 * (scripts/precompile-templates.mjs) over the Handlebars subset in ./template-runtime.ts.
 */
import { createTemplates } from "./generated/templates.js";
import { templateRuntime } from "./template-runtime.js";

const templates = createTemplates(templateRuntime);

/** Render templates/<name>.hbs with a view model. An unknown name or field is a bug. */
export function renderTemplate(name: string, view: object): string {
  const template = templates[name];
  if (template === undefined) throw new Error(`template bug: no template ${name}`);
  return template(view);
}
