/**
 * The generated render functions (scripts/precompile-templates.mjs + ./template-runtime.ts)
 * against Handlebars itself, compiled from the same templates with the options the project
 * always used: every view the compiler builds for the fixtures and hostile bases, and small
 * templates with the edge values (numbers side by side, lists, null, functions, holes).
 */
import fg from "fast-glob";
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { normalize } from "../model/normalize.js";
import { plan } from "../plan/plan.js";
import { checkSpec } from "../spec/index.js";
import { helpers } from "./helpers.js";
import { templateRuntime, type TemplateRuntime } from "./template-runtime.js";
import { PLATFORMS } from "../platforms/index.js";
import { platformOf } from "../spec/rules/platform.js";

const recorded = vi.hoisted(() => [] as Array<{ name: string; view: object; output: string }>);

vi.mock("./templates.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./templates.js")>();
  return {
    renderTemplate(name: string, view: object): string {
      const output = actual.renderTemplate(name, view);
      recorded.push({ name, view, output });
      return output;
    },
  };
});

const ROOT = join(import.meta.dirname, "../..");

const handlebars = Handlebars.create();
for (const [name, helper] of Object.entries(helpers)) handlebars.registerHelper(name, helper);
const OPTIONS = { strict: true, noEscape: true, knownHelpersOnly: true, knownHelpers: { str: true, hcl: true } };

function withHandlebars(source: string): (view: unknown) => string {
  return handlebars.compile(source, OPTIONS);
}

type Compile = (source: string) => string;
const script = new URL("../../scripts/precompile-templates.mjs", import.meta.url).href;
const { templateFiles } = (await import(script)) as { templateFiles: (root: string) => Array<{ name: string; path: string }> };

const reference = new Map(templateFiles(ROOT).map(({ name, path }) => [name, withHandlebars(readFileSync(join(ROOT, path), "utf8"))] as const));
const { compileTemplate } = (await import(script)) as { compileTemplate: Compile };

/** A template through the generator, instantiated with the runtime like generated/templates.js. */
function generated(source: string): (view: unknown) => string {
  const factory = new Function(
    "runtime",
    `const { show, lambda, strict, lookup, ifBlock, eachBlock, noop, str, hcl } = runtime; return ${compileTemplate(source)};`,
  );
  return (factory as (runtime: TemplateRuntime) => (view: unknown) => string)(templateRuntime);
}

function outcome(render: (view: unknown) => string, view: unknown): { output: string } | { error: string } {
  try {
    return { output: render(view) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

describe("generated templates", () => {
  it("render every view of the fixtures and hostile bases as Handlebars does", () => {
    const specs = [...fg.sync("fixtures/*/spec.yaml", { cwd: ROOT }), ...fg.sync("test/hostile/bases/*.yaml", { cwd: ROOT })];
    for (const path of specs) {
      const checked = checkSpec(readFileSync(join(ROOT, path), "utf8"), path, PLATFORMS);
      if (checked.spec === undefined || checked.diagnostics.some((d) => d.severity === "error")) continue;
      const platform = PLATFORMS[platformOf(checked.spec)];
      plan(normalize(checked.spec, path, platform), platform);
    }
    const names = new Set(recorded.map((r) => r.name));
    expect(names.size).toBeGreaterThan(40);
    for (const { name, view, output } of recorded) {
      const render = reference.get(name);
      expect(render, name).toBeDefined();
      expect(output, name).toBe(render?.(view));
    }
  });

  const EDGE_TEMPLATES = [
    "{{a}}{{b}}",
    "{{a}}{{b}}x",
    "x{{a}}{{b}}",
    "{{#if a}}{{a}}{{/if}}{{b}}",
    "{{#if a}}{{a}}{{else}}{{b}}{{/if}}{{#if b}}{{b}}{{/if}}",
    "{{#each a}}{{this}}{{/each}}",
    "{{#each a}}{{this}}{{else}}{{b}}{{/each}}{{b}}",
    "{{#each a}}[{{this}}]{{/each}}",
    "{{#each a}}\n  {{#if this}}\n{{this}}\n  {{/if}}\n{{/each}}\n",
    "{{a.b}} {{a.length}} {{#if a.length}}many{{/if}}",
    "{{#each a}}{{b}}{{/each}}",
    "{{#if a}}\n{{else}}\n{{/if}}",
    "  {{#if a}}\n  x\n  {{/if}}\n{{~b~}}  y",
    "{{str a}}|{{hcl b}}",
    "{{! a comment }}{{b}}",
  ];
  const fn = function (this: unknown): unknown {
    return this === undefined ? "u" : typeof this;
  };
  const values: unknown[] = [
    undefined,
    null,
    0,
    1,
    -1.5,
    Number.NaN,
    "",
    "s",
    true,
    false,
    [],
    [1, 2],
    [[]],
    {},
    { b: 3 },
    { b: null },
    [{ b: 1 }, { b: "x" }],
    [, 2],
    new Map([["k", 1]]),
    new Set([1, 2]),
    "abc",
    fn,
    [null],
    { length: 0 },
  ];
  const views: unknown[] = [];
  for (const a of values) for (const b of [undefined, null, 0, 7, "t", [3, 4], true, {}]) views.push({ a, b });
  views.push({}, { a: 1 }, { b: 1 }, null, [], "x");

  it.each(EDGE_TEMPLATES)("%j: same output or same error on edge values", (source) => {
    const expected = withHandlebars(source);
    const actual = generated(source);
    for (const view of views) {
      const want = outcome(expected, view);
      const got = outcome(actual, view);
      if ("error" in want && "error" in got) continue; // both refuse (messages differ only in wording)
      expect(got, `${source} with ${String(JSON.stringify(view))}`).toEqual(want);
    }
  });

  it("refuses templates outside the supported subset at build time", () => {
    for (const source of [
      "{{> partial}}",
      "{{#with a}}{{/with}}",
      "{{@index}}",
      "{{../a}}",
      "{{str a b}}",
      "{{if}}",
      "{{a x=1}}",
      "{{#each a as |x|}}{{x}}{{/each}}",
      "{{^if a}}{{/if}}",
      "{{unknown a}}",
    ]) {
      expect(() => compileTemplate(source), source).toThrow(/precompile-templates/);
    }
  });
});
