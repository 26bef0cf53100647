/**
 * The Handlebars environment: an isolated runtime instance fed with the precompiled
 * template specs (noEscape, strict, known helpers only; see scripts/precompile-templates.mjs).
 */
import HandlebarsRuntime from "handlebars/runtime.js";
import type HandlebarsFull from "handlebars";
import { templateSpecs } from "./generated/templates.js";
import { helpers } from "./helpers.js";

type Template = (view: object) => string;

// The runtime build is the full API minus the compiler; its published types declare nothing.
const runtime = (HandlebarsRuntime as unknown as typeof HandlebarsFull).create();
for (const [name, helper] of Object.entries(helpers)) runtime.registerHelper(name, helper);
const cache = new Map<string, Template>();

/** Render templates/<name>.hbs with a view model. An unknown name or field is a bug. */
export function renderTemplate(name: string, view: object): string {
  let template = cache.get(name);
  if (template === undefined) {
    const spec = templateSpecs[name];
    if (spec === undefined) throw new Error(`template bug: no template ${name}`);
    template = runtime.template(spec) as Template;
    cache.set(name, template);
  }
  return template(view);
}
