// Precompile every templates/**/*.hbs (and src/platforms/*/templates/**/*.hbs) into one ES module of plain render functions, so a build
// pays no Handlebars parse or compile, and loads no Handlebars runtime, at startup.
//
// Handlebars parses each template (with its standalone-line and `~` whitespace rules); the
// code generated from that syntax tree calls src/render/template-runtime.ts, which reproduces
// the Handlebars 4.7.8 runtime for the subset the templates use, in the mode they were always
// compiled in (strict, noEscape: output is HCL, YAML and Markdown, never HTML; knownHelpersOnly).
// Each program concatenates its pieces with `+` exactly as Handlebars' generated code does,
// so numbers, booleans and lists print the same. Anything outside the subset fails here, at
// build time; src/render/templates.test.ts renders every template both ways.
import Handlebars from "handlebars";
import fg from "fast-glob";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The only helpers templates may call (knownHelpersOnly): see src/render/helpers.ts. */
export const HELPERS = ["str", "hcl"];

/** Names a parameterless mustache would call as a helper (Handlebars' knownHelpers). */
const KNOWN_HELPERS = new Set([...HELPERS, "helperMissing", "blockHelperMissing", "each", "if", "unless", "with", "log", "lookup"]);

/** What the generated module's factory receives: src/render/template-runtime.ts. */
const RUNTIME = ["show", "lambda", "strict", "lookup", "ifBlock", "eachBlock", "noop", ...HELPERS];

function fail(node, message) {
  const at = node?.loc === undefined ? "" : ` at ${node.loc.start.line}:${node.loc.start.column}`;
  throw new Error(`precompile-templates: ${message}${at}`);
}

/** A path relative to the context `d`: no `@data`, no `../`. */
function contextPath(node) {
  if (node.type !== "PathExpression" || node.data || node.depth !== 0) fail(node, "only context paths are supported");
  return node.parts;
}

/** Non-strict lookups along the path (helper and block parameters, and a mustache's prefix). */
function lookups(parts) {
  return parts.reduce((target, part) => `lookup(${target}, ${JSON.stringify(part)})`, "d");
}

function mustache(node) {
  if (node.hash !== undefined) fail(node, "hash arguments are not supported");
  const parts = contextPath(node.path);
  if (node.params.length === 0) {
    if (parts.length === 1 && KNOWN_HELPERS.has(parts[0])) fail(node, `{{${parts[0]}}} without a parameter`);
    if (parts.length === 0) return "show(lambda(d, d))"; // {{this}}
    const last = JSON.stringify(parts[parts.length - 1]);
    const { start } = node.path.loc; // where Handlebars' strict-mode error points
    const location = JSON.stringify(`${start.line}:${start.column}`);
    return `show(lambda(strict(${lookups(parts.slice(0, -1))}, ${last}, ${location}), d))`;
  }
  const [name] = parts;
  if (parts.length !== 1 || !HELPERS.includes(name) || node.params.length !== 1) fail(node, "unsupported helper call");
  return `show(${name}(${lookups(contextPath(node.params[0]))}))`;
}

function block(node) {
  const helper = { if: "ifBlock", each: "eachBlock" }[node.path.original];
  if (helper === undefined || node.path.type !== "PathExpression") fail(node, `unsupported block {{#${node.path.original}}}`);
  if (node.params.length !== 1 || node.hash !== undefined) fail(node, `{{#${node.path.original}}} takes one parameter`);
  if (node.program === undefined || node.program.blockParams !== undefined) fail(node, "unsupported block form");
  const inverse = node.inverse === undefined ? "noop" : `(d) => ${program(node.inverse)}`;
  return `show(${helper}(d, ${lookups(contextPath(node.params[0]))}, (d) => ${program(node.program)}, ${inverse}))`;
}

/** A program's output: its pieces joined with `+`, left to right, as Handlebars writes it. */
function program(node) {
  const pieces = [];
  for (const statement of node.body) {
    switch (statement.type) {
      case "ContentStatement":
        // Handlebars appends no code for content that whitespace control emptied.
        if (statement.value !== "") pieces.push(JSON.stringify(statement.value));
        break;
      case "CommentStatement":
        break;
      case "MustacheStatement":
        pieces.push(mustache(statement));
        break;
      case "BlockStatement":
        pieces.push(block(statement));
        break;
      default:
        fail(statement, `unsupported ${statement.type}`);
    }
  }
  return pieces.length === 0 ? '""' : pieces.join(" + ");
}

/** JavaScript source of the render function for one template: `(d) => string`. */
export function compileTemplate(source) {
  // The template's result is made a string at the end (`"" + main(...)` in Handlebars' runtime).
  return `(d) => "" + (${program(Handlebars.parse(source))})`;
}

/**
 * Every template, by name (its path without .hbs): the shared ones under templates/, and each
 * platform's under src/platforms/<kind>/templates/ (its modules' folders), sorted by name.
 */
export function templateFiles(root) {
  const folders = ["templates", ...fg.sync("src/platforms/*/templates", { cwd: root, onlyDirectories: true }).sort()];
  const files = folders.flatMap((folder) =>
    fg.sync("**/*.hbs", { cwd: join(root, folder) }).map((name) => ({ name: name.replace(/\.hbs$/, ""), path: `${folder}/${name}` })),
  );
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (let i = 1; i < files.length; i++) {
    if (files[i].name === files[i - 1].name)
      throw new Error(`precompile-templates: two templates named ${files[i].name}: ${files[i - 1].path}, ${files[i].path}`);
  }
  return files;
}

export default async function precompileTemplates(root) {
  const entries = templateFiles(root).map(({ name, path }) => {
    const source = readFileSync(join(root, path), "utf8");
    let code;
    try {
      code = compileTemplate(source);
    } catch (error) {
      throw new Error(`${path}: ${error.message}`);
    }
    return `    ${JSON.stringify(name)}: ${code},`;
  });
  const out = join(root, "src/render/generated");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, "templates.js"),
    [
      "// Generated by scripts/precompile-templates.mjs from templates/ and src/platforms/*/templates/. Do not edit.",
      "export function createTemplates(runtime) {",
      `  const { ${RUNTIME.join(", ")} } = runtime;`,
      "  return {",
      ...entries,
      "  };",
      "}",
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(out, "templates.d.ts"),
    [
      'import type { TemplateRuntime } from "../template-runtime.js";',
      "export declare function createTemplates(runtime: TemplateRuntime): Record<string, (view: object) => string>;",
      "",
    ].join("\n"),
  );
}
